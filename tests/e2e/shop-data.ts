import type { APIRequestContext, Page } from '@playwright/test';
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

export type Cart = components['schemas']['Cart'];
export type Order = components['schemas']['Order'];

/** The password of every customer the specs register. */
export const PASSWORD = 'forge-and-anvil-2026';

/** An e-mail no other test (project, worker, run) uses. */
export function uniqueEmail(): string {
  const info = test.info();
  return `shopper-${info.project.name}-${info.workerIndex}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A customer registered for one test, with a logged-in token pair. */
export interface Customer {
  email: string;
  access: string;
  refresh: string;
  /** The shop's API origin (the demo shop's unless given). */
  origin: string;
  tenant: Record<string, string>;
}

/**
 * Registers a new customer in the shop at `origin` (default: the demo shop's server, the
 * `request` fixture's base URL) and logs them in through the API.
 */
export async function newCustomer(
  request: APIRequestContext,
  { origin = '', tenant = TENANT }: { origin?: string; tenant?: Record<string, string> } = {},
): Promise<Customer> {
  const email = uniqueEmail();
  const registered = await request.post(`${origin}/api/accounts/register/`, {
    headers: tenant,
    data: { email, password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post(`${origin}/api/accounts/login/`, {
    headers: tenant,
    data: { login_id: email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { access, refresh } = (await login.json()) as { access: string; refresh: string };
  return { email, access, refresh, origin, tenant };
}

/** Headers of an API call made as `customer`. */
export function asCustomer(customer: Customer): Record<string, string> {
  return { ...customer.tenant, authorization: `Bearer ${customer.access}` };
}

/** Opens `path` in the customer's shop and stores their tokens there, as a login would. */
export async function logInBrowser(page: Page, customer: Customer, path = '/'): Promise<void> {
  await page.goto(`${customer.origin}${path}`);
  await page.evaluate(
    ({ access, refresh }) => {
      localStorage.setItem('authToken', access);
      localStorage.setItem('refreshToken', refresh);
    },
    { access: customer.access, refresh: customer.refresh },
  );
  await page.reload();
}

/** `POST /orders/cart/add-item/` as the customer; returns the cart. */
export async function addToCart(
  request: APIRequestContext,
  customer: Customer,
  productId: number,
  quantity = 1,
  customization: Record<string, string> = {},
): Promise<Cart> {
  const response = await request.post(`${customer.origin}/api/orders/cart/add-item/`, {
    headers: asCustomer(customer),
    data: { product_id: productId, quantity, customization },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Cart;
}

/** The customer's cart as the server holds it. */
export async function serverCart(request: APIRequestContext, customer: Customer): Promise<Cart> {
  const response = await request.get(`${customer.origin}/api/orders/cart/`, {
    headers: asCustomer(customer),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Cart;
}

/**
 * Products with plenty of stock (at least `minStock`), most first, so specs that buy do not
 * run a product out for each other. `pick` spreads the specs over different products.
 */
export async function stockedProducts(
  request: APIRequestContext,
  minStock = 8,
  { origin = '', tenant = TENANT }: { origin?: string; tenant?: Record<string, string> } = {},
): Promise<Product[]> {
  const response = await request.get(`${origin}/api/products/products/?page_size=100`, {
    headers: tenant,
  });
  expect(response.ok()).toBe(true);
  const products = ((await response.json()) as { results: Product[] }).results;
  return products.filter((p) => p.stock >= minStock).sort((a, b) => b.stock - a.stock);
}

/** The second demo shop's storefront (playwright.config.ts starts it on E2E_POTTERY_PORT). */
export const POTTERY = {
  origin: `http://127.0.0.1:${process.env.E2E_POTTERY_PORT ?? ''}`,
  tenant: { 'X-Tenant-Token': 'demo-pottery' },
};
