/**
 * Moderation's forms and address: the shop's reply (plain text, 1 to 4000 characters after
 * trimming, as the server checks) and the queue's search (`?kind=reviews|comments`,
 * `&status=pending|approved|hidden|rejected`, `&page=`), anything else read as the default.
 */
import { z } from 'zod';
import { pageSearch } from '../../components/page-search';

export const REPLY_MAX_LENGTH = 4000;

export const replySchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Write the reply.')
    .max(REPLY_MAX_LENGTH, `Keep the reply under ${REPLY_MAX_LENGTH} characters.`),
});
export type ReplyValues = z.input<typeof replySchema>;

export const KINDS = ['reviews', 'comments'] as const;
export const STATUSES = ['pending', 'approved', 'hidden', 'rejected'] as const;

export const moderationSearchSchema = z.object({
  kind: z.enum(KINDS).optional().catch(undefined),
  status: z.enum(STATUSES).optional().catch(undefined),
  page: pageSearch,
});
export type ModerationSearch = z.infer<typeof moderationSearchSchema>;

/** The filter's words for each status. */
export const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = {
  pending: 'Waiting',
  approved: 'Approved',
  hidden: 'Hidden',
  rejected: 'Rejected',
};
