/**
 * The count beside a navigation item: reviews and comments waiting (Moderation), unread
 * messages (Inbox); nothing when there are none or the counts cannot be read. One query for
 * both (`GET /moderation/counts/`, kept 30 s; every move marks it stale).
 */
import { useQuery } from '@tanstack/react-query';
import { waitingCountsQuery } from './api';

export function NavCount({ kind }: { kind: 'moderation' | 'inbox' }) {
  const counts = useQuery(waitingCountsQuery());
  if (!counts.data) return null;
  const n =
    kind === 'moderation'
      ? counts.data.reviews + counts.data.comments
      : counts.data.unread_messages;
  if (n <= 0) return null;
  return (
    <span className="count nav-count">
      {n}
      <span className="visually-hidden">{kind === 'moderation' ? ' waiting' : ' unread'}</span>
    </span>
  );
}
