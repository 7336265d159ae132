/**
 * The orders list's filter form: what a member types, checked before it goes into the URL.
 * Empty fields mean "any". A range given backwards is refused beside the second date.
 */
import { z } from 'zod';
import { PAYMENT_METHODS, SEARCH_MAX, type OrdersSearch } from './search';

const optionalDay = z
  .string()
  .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Enter a date.');

export const filtersSchema = z
  .object({
    search: z.string().max(SEARCH_MAX, `Keep the search under ${SEARCH_MAX} characters.`),
    payment_method: z.union([z.literal(''), z.enum(PAYMENT_METHODS)]),
    placed_from: optionalDay,
    placed_to: optionalDay,
  })
  .refine(
    (values) => !values.placed_from || !values.placed_to || values.placed_from <= values.placed_to,
    { message: 'The end date is before the start date.', path: ['placed_to'] },
  );

export type FiltersValues = z.infer<typeof filtersSchema>;

/** The form's values for the filters in the URL. */
export function filtersFromSearch(search: OrdersSearch): FiltersValues {
  return {
    search: search.search ?? '',
    payment_method: search.payment_method ?? '',
    placed_from: search.placed_from ?? '',
    placed_to: search.placed_to ?? '',
  };
}

/** The URL's filters for the form's values: blanks left out, back to page 1, the tab kept. */
export function searchFromFilters(
  values: FiltersValues,
  status: OrdersSearch['status'],
): OrdersSearch {
  return {
    status,
    search: values.search.trim() || undefined,
    payment_method: values.payment_method || undefined,
    placed_from: values.placed_from || undefined,
    placed_to: values.placed_to || undefined,
    page: undefined,
  };
}
