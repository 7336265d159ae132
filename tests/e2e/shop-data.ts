import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { components } from '../../common/storefront-api';
import { expect, test } from './fixtures';

/**
 * What the seeded demo shop holds, read from the reference API, so the specs assert against
 * the data instead of copies of the seed. Every call carries the demo tenant's token.
 */
export const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };

export type Product = components['schemas']['Product'];
export type Category = components['schemas']['Category'];
export type SiteSettings = components['schemas']['SiteSettings'];

/** GET `path` as the demo tenant and parse its JSON as `T`; fails the test on a non-2xx answer. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
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
  // The tokens go into the origin's storage from its robots.txt (a text file: no page to load
  // and hydrate), so the first page the test sees is already signed in.
  await page.goto(`${customer.origin}/robots.txt`);
  await page.evaluate(
    ({ access, refresh }) => {
      localStorage.setItem('authToken', access);
      localStorage.setItem('refreshToken', refresh);
    },
    { access: customer.access, refresh: customer.refresh },
  );
  await page.goto(`${customer.origin}${path}`);
}

/** `POST /orders/cart/add-item/` as the customer; returns the cart. */
export async function addToCart(
  request: APIRequestContext,
  customer: Customer,
  productId: number,
  quantity = 1,
  customization: Record<string, string> = {},
  /** The variant, for a piece with variants (issue 42: the demo gyuto's sizes). */
  variantId?: number,
): Promise<Cart> {
  const response = await request.post(`${customer.origin}/api/orders/cart/add-item/`, {
    headers: asCustomer(customer),
    data: {
      product_id: productId,
      quantity,
      customization,
      ...(variantId ? { variant_id: variantId } : {}),
    },
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
 * Plain pieces (no options, not made to order) with plenty of stock (at least `minStock`), most
 * first, so specs that buy do not run a product out for each other. `pick` spreads the specs over
 * different products.
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
  return products
    .filter((p) => p.stock >= minStock && isPlainPiece(p))
    .sort((a, b) => b.stock - a.stock);
}

/** The second demo shop's storefront (playwright.config.ts starts it on E2E_POTTERY_PORT). */
export const POTTERY = {
  origin: `http://127.0.0.1:${process.env.E2E_POTTERY_PORT ?? ''}`,
  tenant: { 'X-Tenant-Token': 'demo-pottery' },
};

/** A delivery address in the United Kingdom, as the API takes it (country: ISO code). */
export const UK_ADDRESS = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
};

/** An adult's age attestation, for a cart holding an age-restricted piece. */
export const ADULT_ATTESTATION = { date_of_birth: '1980-04-02', confirmed: true };

/** True for a piece a spec can buy with no choices to make: no options, not made to order. */
export function isPlainPiece(product: Product): boolean {
  return !product.options?.length && !product.made_to_order;
}

/**
 * `POST /orders/orders/` as the customer, completed as the storefront completes it: each line's
 * delivery from `POST /orders/cart/shipping-quote/` for the address's country (the quote's own
 * choice), an adult's attestation when the cart holds an age-restricted piece, and the quoted
 * total as `expected_total_price`. Expects 201 and answers the order.
 */
export async function placeOrder(
  request: APIRequestContext,
  customer: Customer,
  paymentMethod: Order['payment_method'],
  address: typeof UK_ADDRESS = UK_ADDRESS,
): Promise<Order> {
  const headers = asCustomer(customer);
  const quoted = await request.post(`${customer.origin}/api/orders/cart/shipping-quote/`, {
    headers,
    data: { country: address.country, choices: [] },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const quote = (await quoted.json()) as components['schemas']['ShippingQuote'];
  const cart = await serverCart(request, customer);
  const placed = await request.post(`${customer.origin}/api/orders/orders/`, {
    headers,
    data: {
      payment_method: paymentMethod,
      delivery_address: address,
      shipping: quote.lines.map((line) => ({ item_id: line.item_id, method: line.method })),
      ...(cart.items.some((item) => item.product.age_restricted)
        ? { age_attestation: ADULT_ATTESTATION }
        : {}),
      expected_total_price: quote.total_price,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as Order;
}

/** The label an address form (checkout or saved addresses) gives each field. */
export const ADDRESS_LABELS: Record<keyof typeof UK_ADDRESS, string> = {
  fullname: 'Full name',
  contact_number: 'Contact number',
  street: 'Street address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
};

/**
 * Fills an address form inside `scope` (a page or a region of it): the text fields typed, the
 * country chosen by its ISO code from the select of the countries the shop ships to.
 */
export async function fillAddressFields(
  scope: Page | Locator,
  address: Partial<typeof UK_ADDRESS> = UK_ADDRESS,
): Promise<void> {
  for (const [field, value] of Object.entries(address)) {
    const input = scope.getByLabel(ADDRESS_LABELS[field as keyof typeof UK_ADDRESS], {
      exact: true,
    });
    if (field === 'country') await input.selectOption(value);
    else await input.fill(value);
  }
}

/**
 * Fills the checkout's delivery address and waits until the delivery options for its country
 * are quoted; when the cart holds an age-restricted piece (a knife), answers the age check as
 * an adult. personalised-and-made-to-order.spec.ts tests the age check itself.
 */
export async function fillCheckoutAddress(page: Page, address = UK_ADDRESS): Promise<void> {
  await fillAddressFields(page, address);
  const age = page.getByRole('group', { name: 'Age check' });
  if (await age.count()) {
    await age.getByLabel('Date of birth').fill(ADULT_ATTESTATION.date_of_birth);
    await age.getByRole('checkbox').check();
  }
  await expect(
    page.getByRole('group', { name: 'Delivery' }).getByRole('combobox').first(),
  ).toBeVisible();
}

/** The checkout summary's Shipping, in dollars (0 for Free), once it is quoted. */
export async function shippingPrice(page: Page): Promise<number> {
  const row = page.getByTestId('checkout-shipping');
  await expect(row).toHaveText(/\$\d|Free/);
  const text = (await row.textContent()) ?? '';
  return text.includes('Free') ? 0 : Number(/\$([\d,.]+)/.exec(text)![1]!.replace(/,/g, ''));
}

/**
 * A new customer of the demo shop who bought `product` (decision 085: only buyers review): a
 * bank-transfer order of one, placed through the API and marked paid by the demo owner through
 * the back office's API, as the shop does when the transfer arrives.
 */
export async function newBuyer(request: APIRequestContext, product: Product): Promise<Customer> {
  const customer = await newCustomer(request);
  await addToCart(request, customer, product.id);
  const order = await placeOrder(request, customer, 'bank_transfer');
  const login = await request.post('/api/admin/auth/login/', {
    headers: TENANT,
    data: { email: 'owner@emberandoak.example', password: 'demo-owner-2026' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const marked = await request.post(`/api/admin/orders/${order.order_number}/mark-paid/`, {
    headers: { ...TENANT, Authorization: `Bearer ${access}` },
    data: { amount: order.total_price, payer_reference: order.order_number },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  return customer;
}
