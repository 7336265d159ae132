/**
 * Moderation's calls.
 *
 * Queries (keys start with `['moderation']`):
 * - `moderationListQuery(kind, status, page)`: `GET /moderation/reviews/` or `/comments/`, key
 *   `['moderation', kind, status, page]`; 25 a page, newest first, with every status's count;
 * - `moderationSettingsQuery()`: `GET /moderation/settings/` (owners), key
 *   `['moderation','settings']`;
 * - `waitingCountsQuery()`: `GET /moderation/counts/` (the navigation's badges), key
 *   `['moderation','counts']`.
 *
 * Mutations: a move (approve, reject, hide, restore), the shop's reply (save, delete) and the
 * settings. A move or a reply invalidates every moderation list and the counts, and the
 * activity log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery, pagedQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';

export type ModerationReview = Schemas['ModerationReview'];
export type ModerationComment = Schemas['ModerationComment'];
export type ModerationStatus = Schemas['ModerationStatus'];
export type ModerationSettings = Schemas['ModerationSettings'];
export type WaitingCounts = Schemas['WaitingCounts'];
export type StatusCounts = Schemas['ModerationStatusCounts'];

/** What the queue moderates. */
export type ModeratedKind = 'reviews' | 'comments';
/** A move of the queue. */
export type ModerationMove = 'approve' | 'reject' | 'hide' | 'restore';

export interface ModerationPage<T> {
  count: number;
  results: T[];
  status_counts: StatusCounts;
}

export const MODERATION_QUERY_KEY = ['moderation'] as const;
export const MODERATION_PAGE_SIZE = 25;

export const moderationListQuery = (kind: ModeratedKind, status: ModerationStatus, page = 1) => {
  const query = { status, ...(page > 1 ? { page } : {}) };
  return pagedQuery(
    [...MODERATION_QUERY_KEY, kind, status, page] as const,
    (signal): Promise<ModerationPage<ModerationReview | ModerationComment>> =>
      kind === 'reviews'
        ? dataOf(api.GET('/moderation/reviews/', { params: { query }, signal }))
        : dataOf(api.GET('/moderation/comments/', { params: { query }, signal })),
  );
};

export const moderationSettingsQuery = () =>
  getQuery([...MODERATION_QUERY_KEY, 'settings'] as const, (signal) =>
    dataOf(api.GET('/moderation/settings/', { signal })),
  );

export const waitingCountsQuery = () => ({
  ...getQuery([...MODERATION_QUERY_KEY, 'counts'] as const, (signal) =>
    dataOf(api.GET('/moderation/counts/', { signal })),
  ),
  staleTime: 30_000,
});

/** Marks stale what a move or a reply changes: every queue, the counts, the activity log. */
function useSettled() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MODERATION_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
    ]);
}

/** `POST /moderation/{kind}/{id}/{move}/`. */
export function useModerationMove(kind: ModeratedKind) {
  const settled = useSettled();
  return useMutation({
    mutationFn: async ({ id, move }: { id: number; move: ModerationMove }) => {
      if (kind === 'reviews') {
        const { data } = await api.POST(`/moderation/reviews/{review_id}/${move}/`, {
          params: { path: { review_id: id } },
        });
        return data as ModerationReview;
      }
      const { data } = await api.POST(`/moderation/comments/{comment_id}/${move}/`, {
        params: { path: { comment_id: id } },
      });
      return data as ModerationComment;
    },
    onSuccess: settled,
  });
}

/** `PUT /moderation/{kind}/{id}/reply/` `{content}`: the shop's reply, written or edited. */
export function useSaveReply(kind: ModeratedKind) {
  const settled = useSettled();
  return useMutation({
    mutationFn: async ({ id, content }: { id: number; content: string }) => {
      if (kind === 'reviews') {
        const { data } = await api.PUT('/moderation/reviews/{review_id}/reply/', {
          params: { path: { review_id: id } },
          body: { content },
        });
        return data as ModerationReview;
      }
      const { data } = await api.PUT('/moderation/comments/{comment_id}/reply/', {
        params: { path: { comment_id: id } },
        body: { content },
      });
      return data as ModerationComment;
    },
    onSuccess: settled,
  });
}

/**
 * `PUT /moderation/reviews/{id}/incentivised/` `{incentivised}`: the shop's mark that the
 * reviewer received something in return (decision 085); the storefront labels the review.
 */
export function useSetIncentivised() {
  const settled = useSettled();
  return useMutation({
    mutationFn: async ({ id, incentivised }: { id: number; incentivised: boolean }) => {
      const { data } = await api.PUT('/moderation/reviews/{review_id}/incentivised/', {
        params: { path: { review_id: id } },
        body: { incentivised },
      });
      return data as ModerationReview;
    },
    onSuccess: settled,
  });
}

/** `DELETE /moderation/{kind}/{id}/reply/`. */
export function useDeleteReply(kind: ModeratedKind) {
  const settled = useSettled();
  return useMutation({
    mutationFn: async (id: number) => {
      if (kind === 'reviews') {
        await api.DELETE('/moderation/reviews/{review_id}/reply/', {
          params: { path: { review_id: id } },
        });
      } else {
        await api.DELETE('/moderation/comments/{comment_id}/reply/', {
          params: { path: { comment_id: id } },
        });
      }
    },
    onSuccess: settled,
  });
}

/** `PATCH /moderation/settings/` (owners): the settings as saved replace the cached ones. */
export function useSaveModerationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['ModerationSettingsUpdate']) => {
      const { data } = await api.PATCH('/moderation/settings/', { body });
      return data as ModerationSettings;
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(moderationSettingsQuery().queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
    },
  });
}
