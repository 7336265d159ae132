/**
 * Moderation (`/moderation`): the shop's reviews and blog comments, tab by tab (Reviews,
 * Comments, each with how many wait; opened without a tab, the one with something waiting),
 * filtered by status (Waiting, Approved, Hidden, Rejected, each with its count),
 * newest first, 25 a page; each item with its buttons (./moderation-item.tsx). The tab, the
 * filter and the page live in the URL (`?kind=&status=&page=`). Owners also see the settings:
 * whether new comments and reviews show at once.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { isOwner, useMe } from '../auth/api';
import { Notice } from '../../components/notice';
import { NEWER_OLDER, PagedList } from '../../components/paged-list';
import { TabLink, Tabs } from '../../components/tabs';
import {
  MODERATION_PAGE_SIZE,
  moderationListQuery,
  waitingCountsQuery,
  type ModerationComment,
  type ModerationReview,
} from './api';
import { ModerationItem } from './moderation-item';
import { ModerationSettingsPanel } from './settings-panel';
import { STATUS_LABELS, STATUSES } from './schemas';

export function ModerationPage() {
  const search = useSearch({ from: '/_auth/_shell/moderation' });
  const me = useMe();
  const waiting = useQuery(waitingCountsQuery());
  // The navigation's badge counts both kinds: opened without one, the page shows the kind that
  // has something waiting (a comment alone waiting opens on Comments, not on "Waiting 0").
  const kind =
    search.kind ??
    (waiting.data && waiting.data.reviews === 0 && waiting.data.comments > 0
      ? 'comments'
      : 'reviews');
  const status = search.status ?? 'pending';
  const page = search.page ?? 1;
  const list = useQuery(moderationListQuery(kind, status, page));
  const noun = kind === 'reviews' ? 'reviews' : 'comments';
  // What the last move did, shown while the list it was made in stays open.
  const listKey = `${kind} ${status} ${page}`;
  const [lastMove, setLastMove] = useState<{ listKey: string; text: string } | null>(null);
  const moved = lastMove?.listKey === listKey ? lastMove.text : null;
  const setMoved = (text: string) => setLastMove({ listKey, text });
  return (
    <>
      <title>Moderation · Back office</title>
      <div className="page-head">
        <h1>Moderation</h1>
      </div>
      <Tabs label="What to moderate">
        {(['reviews', 'comments'] as const).map((k) => (
          <TabLink
            key={k}
            link={{ to: '/moderation', search: { kind: k } }}
            current={k === kind}
            count={waiting.data?.[k]}
          >
            {k === 'reviews' ? 'Reviews' : 'Comments'}
          </TabLink>
        ))}
      </Tabs>
      <Tabs label="Status">
        {STATUSES.map((s) => (
          <TabLink
            key={s}
            link={{
              to: '/moderation',
              search: { kind, status: s === 'pending' ? undefined : s },
            }}
            current={s === status}
            count={list.data?.status_counts[s]}
          >
            {STATUS_LABELS[s]}
          </TabLink>
        ))}
      </Tabs>
      {moved ? <Notice tone="success">{moved}</Notice> : null}
      <PagedList
        query={list}
        className="panel"
        label={`${STATUS_LABELS[status]} ${noun}`}
        pager={{
          link: { to: '/moderation', search },
          pageSize: MODERATION_PAGE_SIZE,
          labels: NEWER_OLDER,
        }}
      >
        {(items: (ModerationReview | ModerationComment)[]) =>
          items.length === 0 ? (
            <p className="empty">
              {status === 'pending' ? `No ${noun} are waiting.` : `No ${noun} here.`}
            </p>
          ) : (
            <ul className="moderation-list">
              {items.map((item) => (
                <ModerationItem key={item.id} kind={kind} item={item} onMoved={setMoved} />
              ))}
            </ul>
          )
        }
      </PagedList>
      {isOwner(me) ? <ModerationSettingsPanel /> : null}
    </>
  );
}
