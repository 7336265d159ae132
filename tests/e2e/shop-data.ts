import type { APIRequestContext } from '@playwright/test';
import type { components } from '../../src/api/schema';
import { expect, test } from './fixtures';

/**
 * What the seeded demo shop holds, read from the reference API, so the specs assert against
 * the data instead of copies of the seed. Every call carries the demo tenant's token.
 */
export const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };

export type Product = components['schemas']['Product'];
export type Category = components['schemas']['Category'];
export type SiteSettings = components['schemas']['SiteSettings'];

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: TENANT });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Every active product (one page of up to 100). */
export async function allProducts(request: APIRequestContext): Promise<Product[]> {
  return (
    await getJson<{ results: Product[] }>(
      request,
      '/api/products/products/?is_active=true&page_size=100',
    )
  ).results;
}

/** The categories, whichever list shape the API answers. */
export async function categories(request: APIRequestContext): Promise<Category[]> {
  const body = await getJson<Category[] | { results: Category[] }>(
    request,
    '/api/products/categories/',
  );
  return Array.isArray(body) ? body : body.results;
}

export function siteSettings(request: APIRequestContext): Promise<SiteSettings> {
  return getJson<SiteSettings>(request, '/api/pages/site-settings/');
}

/** True in the 375px project. */
export function isMobile(): boolean {
  return test.info().project.name === 'mobile';
}
