/**
 * The inbox (`/inbox`): messages sent through the shop's contact form, newest first, 25 a page,
 * with tabs Inbox, Unread (with its count) and Archived (`?filter=unread|archived&page=`). Each
 * message shows who sent it, its subject (a link to the message), the first line of its text,
 * when, "Unread" and how many replies it has.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { formatDateTime } from '../../components/format';
import { NEWER_OLDER, PagedList } from '../../components/paged-list';
import { TabLink, Tabs } from '../../components/tabs';
import { INBOX_PAGE_SIZE, inboxQuery, type ContactMessageSummary } from './api';

const TABS = [
  { filter: undefined, label: 'Inbox' },
  { filter: 'unread', label: 'Unread' },
  { filter: 'archived', label: 'Archived' },
] as const;

export function InboxPage() {
  const search = useSearch({ from: '/_auth/_shell/inbox/' });
  const filter = search.filter ?? 'inbox';
  const page = search.page ?? 1;
  const list = useQuery(inboxQuery(filter, page));
  return (
    <>
      <title>Inbox · Back office</title>
      <div className="page-head">
        <h1>Inbox</h1>
      </div>
      <Tabs label="Messages">
        {TABS.map((tab) => (
          <TabLink
            key={tab.label}
            link={{ to: '/inbox', search: { filter: tab.filter } }}
            current={(tab.filter ?? 'inbox') === filter}
            count={tab.filter === 'unread' ? list.data?.unread_count : undefined}
          >
            {tab.label}
          </TabLink>
        ))}
      </Tabs>
      <PagedList
        query={list}
        className="panel"
        label="Messages"
        pager={{ link: { to: '/inbox', search }, pageSize: INBOX_PAGE_SIZE, labels: NEWER_OLDER }}
      >
        {(messages) =>
          messages.length === 0 ? (
            <p className="empty">
              {filter === 'archived'
                ? 'Nothing is archived.'
                : filter === 'unread'
                  ? 'Every message has been read.'
                  : 'No messages yet.'}
            </p>
          ) : (
            <ul className="inbox-list">
              {messages.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </ul>
          )
        }
      </PagedList>
    </>
  );
}

function MessageRow({ message }: { message: ContactMessageSummary }) {
  return (
    <li className={message.is_read ? 'inbox-row' : 'inbox-row inbox-row-unread'}>
      <div className="inbox-row-main">
        <p className="inbox-row-from">
          {message.name} <span className="muted small">&lt;{message.email}&gt;</span>
          {message.is_read ? null : <span className="badge badge-active">Unread</span>}
        </p>
        <Link
          to="/inbox/$messageId"
          params={{ messageId: String(message.id) }}
          className="inbox-row-subject"
        >
          {message.subject}
        </Link>
        <p className="muted small break">{message.excerpt}</p>
      </div>
      <div className="inbox-row-side small muted">
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        {message.reply_count > 0 ? (
          <span>{message.reply_count === 1 ? '1 reply' : `${message.reply_count} replies`}</span>
        ) : null}
      </div>
    </li>
  );
}
