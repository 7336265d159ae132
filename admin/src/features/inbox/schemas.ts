/**
 * The inbox's form and address: a reply (plain text, 1 to 10,000 characters after trimming, as
 * the server checks) and the list's search (`?filter=unread|archived&page=`), anything else
 * read as the inbox's first page.
 */
import { z } from 'zod';
import { pageSearch } from '../../components/page-search';

export const INBOX_REPLY_MAX_LENGTH = 10_000;

export const inboxReplySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write your reply.')
    .max(INBOX_REPLY_MAX_LENGTH, `Keep the reply under ${INBOX_REPLY_MAX_LENGTH} characters.`),
});
export type InboxReplyValues = z.input<typeof inboxReplySchema>;

export const inboxSearchSchema = z.object({
  filter: z.enum(['unread', 'archived']).optional().catch(undefined),
  page: pageSearch,
});
export type InboxSearch = z.infer<typeof inboxSearchSchema>;

/** A message id in the address: a whole number from 1, else null (the page says not found). */
export function messageIdOf(param: string): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}
