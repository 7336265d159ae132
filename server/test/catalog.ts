/**
 * Fixtures of the catalogue discovery tests (decisions 010 and 033; spec: product list ordering and
 * filters, suggestions): the two seed shops, the orderings the answers are checked against, and
 * `useCatalogApi`, which gives a test file one seeded app and readers of its product list. On
 * SQLite and, with TEST_DATABASE_URL, on PostgreSQL: the expected orders are computed here, so both
 * engines must give exactly the same one.
 */
import type { components } from '../../common/storefront-api';
import { seedTenants } from '../seed/catalog-data.ts';
import { asTenant, useTestApp } from './test-app.ts';

type Product = components['schemas']['Product'];
type Page = components['schemas']['PaginatedProductList'];

/** The demo shop and the second seed shop, and the headers of a request made as each. */
export const demo = seedTenants[0]!;
export const second = seedTenants[1]!;
export const DEMO = asTenant(demo.token);
export const SECOND = asTenant(second.token);

/** A product's price in cents. */
export const cents = (p: Product) => Math.round(Number(p.price) * 100);
/** The name ordering's rule: ASCII letters lowered, then code points (no astral characters here). */
export const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One seeded app for the calling test file, and readers of it: `get` answers the status and JSON
 * body of a GET; `listAll` a whole list in one page (200 expected); `walk` every page of a list
 * with a small page size, concatenated; `tenantId` a shop's id by its token.
 */
export function useCatalogApi() {
  const t = useTestApp();

  async function get(url: string, headers: Record<string, string> = DEMO) {
    const response = await t.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  async function listAll(query: string, headers = DEMO): Promise<Product[]> {
    const { status, body } = await get(`/api/products/products/?page_size=100&${query}`, headers);
    expect(status, JSON.stringify(body)).toBe(200);
    return (body as Page).results;
  }

  async function walk(query: string, pageSize = 5): Promise<Product[]> {
    const all: Product[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await get(
        `/api/products/products/?page_size=${pageSize}&page=${page}&${query}`,
      );
      expect(status).toBe(200);
      const list = body as Page;
      all.push(...list.results);
      if (!list.next) return all;
    }
  }

  async function tenantId(token: string): Promise<number | undefined> {
    const row = await t.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirst();
    return row?.id;
  }

  return { t, get, listAll, walk, tenantId };
}
