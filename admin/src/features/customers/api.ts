/**
 * The customers' calls (read-only: the account is the shopper's).
 *
 * Queries (keys start with `['customers']`):
 * - `customersQuery(search)`: `GET /customers/?search=&page=`, key
 *   `['customers','list',search]`; 25 a page, who bought most recently first;
 * - `customerQuery(id)`: `GET /customers/{id}/`, key `['customers','customer',id]`: their
 *   orders, what they spent, addresses, messages and consent.
 */
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery, pagedQuery } from '../../api/queries';
import type { CustomersSearch } from './schemas';

export type CustomerSummary = Schemas['CustomerSummary'];
export type Customer = Schemas['Customer'];

export const CUSTOMERS_QUERY_KEY = ['customers'] as const;
export const CUSTOMERS_PAGE_SIZE = 25;

export const customersQuery = (search: CustomersSearch) => {
  const query = {
    ...(search.search ? { search: search.search } : {}),
    ...(search.page ? { page: search.page } : {}),
  };
  return pagedQuery([...CUSTOMERS_QUERY_KEY, 'list', query] as const, (signal) =>
    dataOf(api.GET('/customers/', { params: { query }, signal })),
  );
};

export const customerQuery = (id: number) =>
  getQuery([...CUSTOMERS_QUERY_KEY, 'customer', id] as const, (signal) =>
    dataOf(api.GET('/customers/{customer_id}/', { params: { path: { customer_id: id } }, signal })),
  );
