/**
 * Moderation (`/moderation`): the shop's reviews and blog comments, tab by tab (Reviews,
 * Comments), filtered by status (Waiting, Approved, Hidden, Rejected, each with its count),
 * newest first, 25 a page; each item with its buttons (./moderation-item.tsx). The tab, the
 * filter and the page live in the URL (`?kind=&status=&page=`). Owners also see the settings:
 * whether new comments and reviews show at once.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { isOwner, useMe } from '../auth/api';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { Pager } from '../../components/pager';
import {
  MODERATION_PAGE_SIZE,
  moderationListQuery,
  type ModerationComment,
  type ModerationReview,
} from './api';
import { ModerationItem } from './moderation-item';
import { ModerationSettingsPanel } from './settings-panel';
import { STATUS_LABELS, STATUSES } from './schemas';

export function ModerationPage() {
  const search = useSearch({ from: '/_auth/_shell/moderation' });
  const me = useMe();
  const kind = search.kind ?? 'reviews';
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
      <nav aria-label="What to moderate">
        <ul className="tabs">
          {(['reviews', 'comments'] as const).map((k) => (
            <li key={k}>
              <Link
                to="/moderation"
                search={{ kind: k === 'reviews' ? undefined : k }}
                aria-current={k === kind ? 'page' : undefined}
                activeOptions={{ includeSearch: true, explicitUndefined: true }}
              >
                {k === 'reviews' ? 'Reviews' : 'Comments'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Status">
        <ul className="tabs">
          {STATUSES.map((s) => (
            <li key={s}>
              <Link
                to="/moderation"
                search={{ kind: search.kind, status: s === 'pending' ? undefined : s }}
                aria-current={s === status ? 'page' : undefined}
                activeOptions={{ includeSearch: true, explicitUndefined: true }}
              >
                {STATUS_LABELS[s]}
                {list.data ? <span className="count">{list.data.status_counts[s]}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {moved ? <Notice tone="success">{moved}</Notice> : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <section
          className={list.isPlaceholderData ? 'panel is-refreshing' : 'panel'}
          aria-label={`${STATUS_LABELS[status]} ${noun}`}
        >
          {list.data.results.length === 0 ? (
            <p className="empty">
              {status === 'pending' ? `No ${noun} are waiting.` : `No ${noun} here.`}
            </p>
          ) : (
            <ul className="moderation-list">
              {list.data.results.map((item: ModerationReview | ModerationComment) => (
                <ModerationItem key={item.id} kind={kind} item={item} onMoved={setMoved} />
              ))}
            </ul>
          )}
          <Pager
            link={{ to: '/moderation', search }}
            page={page}
            pages={Math.ceil(list.data.count / MODERATION_PAGE_SIZE)}
            labels={{ previous: 'Newer', next: 'Older' }}
          />
        </section>
      )}
      {isOwner(me) ? <ModerationSettingsPanel /> : null}
    </>
  );
}
