/**
 * The contact inbox's calls.
 *
 * Queries (keys start with `['inbox']`):
 * - `inboxQuery(filter, page)`: `GET /inbox/messages/` (`inbox`: not archived; `unread`;
 *   `archived`), key `['inbox','list',filter,page]`; 25 a page, newest first, with the inbox's
 *   unread count;
 * - `messageQuery(id)`: `GET /inbox/messages/{id}/`, which marks it read, key
 *   `['inbox','message',id]`; a page reads it through `useOpenedMessage`, which then marks the
 *   lists and the navigation's counts stale.
 *
 * Mutations: mark unread, archive, bring back, reply by e-mail; each answers the message,
 * which replaces `['inbox','message',id]`, and invalidates the lists, the navigation's counts
 * and the activity log.
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery, pagedQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';

export type ContactMessage = Schemas['ContactMessage'];
export type ContactMessageSummary = Schemas['ContactMessageSummary'];
export type ContactMessageList = Schemas['ContactMessageList'];
export type InboxFilter = 'inbox' | 'unread' | 'archived';

export const INBOX_QUERY_KEY = ['inbox'] as const;
export const INBOX_PAGE_SIZE = 25;
/** The navigation's counts (moderation/api.ts `waitingCountsQuery`). */
const COUNTS_QUERY_KEY = ['moderation', 'counts'] as const;

export const inboxQuery = (filter: InboxFilter, page = 1) => {
  const query = {
    ...(filter === 'unread' ? { unread: true } : {}),
    ...(filter === 'archived' ? { archived: true } : {}),
    ...(page > 1 ? { page } : {}),
  };
  return pagedQuery([...INBOX_QUERY_KEY, 'list', filter, page] as const, (signal) =>
    dataOf(api.GET('/inbox/messages/', { params: { query }, signal })),
  );
};

export const messageQuery = (id: number) =>
  getQuery([...INBOX_QUERY_KEY, 'message', id] as const, (signal) =>
    dataOf(
      api.GET('/inbox/messages/{message_id}/', { params: { path: { message_id: id } }, signal }),
    ),
  );

/**
 * `messageQuery(id)` as a page reads it. Reading a message marks it read on the server, so each
 * time it arrives the lists and the navigation's unread count are marked stale: back in the
 * inbox, the message no longer looks unread.
 */
export function useOpenedMessage(id: number) {
  const queryClient = useQueryClient();
  const message = useQuery(messageQuery(id));
  const arrived = message.dataUpdatedAt;
  useEffect(() => {
    if (arrived === 0) return;
    void queryClient.invalidateQueries({ queryKey: [...INBOX_QUERY_KEY, 'list'] });
    void queryClient.invalidateQueries({ queryKey: COUNTS_QUERY_KEY });
  }, [arrived, queryClient]);
  return message;
}

/** Keeps the message as answered and marks stale the lists, the counts and the log. */
function useSettled() {
  const queryClient = useQueryClient();
  return async (message: ContactMessage) => {
    queryClient.setQueryData(messageQuery(message.id).queryKey, message);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...INBOX_QUERY_KEY, 'list'] }),
      queryClient.invalidateQueries({ queryKey: COUNTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
    ]);
  };
}

/** `POST /inbox/messages/{id}/unread|archive|unarchive/`. */
export function useMessageMove() {
  const settled = useSettled();
  return useMutation({
    mutationFn: async ({ id, move }: { id: number; move: 'unread' | 'archive' | 'unarchive' }) => {
      const { data } = await api.POST(`/inbox/messages/{message_id}/${move}/`, {
        params: { path: { message_id: id } },
      });
      return data as ContactMessage;
    },
    onSuccess: settled,
  });
}

/** `POST /inbox/messages/{id}/replies/` `{body}`: e-mailed to the sender. */
export function useReplyToMessage() {
  const settled = useSettled();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) => {
      const { data } = await api.POST('/inbox/messages/{message_id}/replies/', {
        params: { path: { message_id: id } },
        body: { body },
      });
      return data as ContactMessage;
    },
    onSuccess: settled,
  });
}
