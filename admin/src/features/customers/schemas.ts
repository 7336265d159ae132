/**
 * The customers' address: `?search=&page=` (a search of 1 to 100 characters,
 * trimmed; anything else read as none), and a customer's id in `/customers/$customerId`.
 */
import { z } from 'zod';
import { pageSearch } from '../../components/page-search';

export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

export const customersSearchSchema = z.object({
  search: z
    .string()
    .transform((text) => text.trim().slice(0, CUSTOMER_SEARCH_MAX_LENGTH) || undefined)
    .optional()
    .catch(undefined),
  page: pageSearch,
});
export type CustomersSearch = z.infer<typeof customersSearchSchema>;

/** A customer id in the address: a whole number from 1, else null (the page says not found). */
export function customerIdOf(param: string): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}
