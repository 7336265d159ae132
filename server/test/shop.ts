/**
 * Helpers for the cart, order and payment tests: customers made straight in the
 * database with a valid access token (no password hashing, so fifty of them take no time), and
 * small readers of the rows the tests assert on.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { asTenant } from './test-app.ts';

let made = 0;

/** A customer of the shop and the headers of a request made as them. */
export interface TestCustomer {
  id: number;
  tenantId: number;
  headers: Record<string, string>;
}

/** The id of the tenant with this token. */
export async function tenantId(app: FastifyInstance, token: string): Promise<number> {
  const row = await app.db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts an active customer into the shop and signs an access token for them. */
export async function createCustomer(
  app: FastifyInstance,
  token = 'demo-handcraft',
): Promise<TestCustomer> {
  const tenant = await tenantId(app, token);
  const n = ++made;
  const { id } = await app.db
    .insertInto('users')
    .values({
      tenant_id: tenant,
      email: `buyer${n}-${process.pid}@example.com`,
      username: `buyer${n}_${process.pid}`,
      password_hash: 'scrypt$unused',
      is_active: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const access = await app.auth.tokens.issueAccessToken(id, tenant);
  return {
    id,
    tenantId: tenant,
    headers: { ...asTenant(token), authorization: `Bearer ${access}` },
  };
}

/** A product of the shop, by slug, with the columns the tests change. */
export async function productBySlug(app: FastifyInstance, slug: string, token = 'demo-handcraft') {
  return app.db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'price_cents', 'stock', 'tenant_id'])
    .where('slug', '=', slug)
    .where('tenant_id', '=', await tenantId(app, token))
    .executeTakeFirstOrThrow();
}

/**
 * The shop's active pieces with more than `above` in stock, cheapest first: the ones a cart takes
 * as they are (no options or size to choose, not made to order, no gift card).
 */
export async function productsInStock(app: FastifyInstance, token = 'demo-handcraft', above = 2) {
  return app.db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'price_cents', 'stock'])
    .where('tenant_id', '=', await tenantId(app, token))
    .where('is_active', '=', 1)
    .where('options', 'is', null)
    .where('made_to_order', '=', 0)
    .where('variant_axes', 'is', null)
    .where('gift_card', '=', 0)
    .where('stock', '>', above)
    .orderBy('price_cents')
    .orderBy('id')
    .execute();
}

/** Sets a product's stock (and optionally its price) directly. */
export async function setProduct(
  app: FastifyInstance,
  id: number,
  values: { stock?: number; price_cents?: number; is_active?: number },
): Promise<void> {
  await app.db.updateTable('products').set(values).where('id', '=', id).execute();
}

/** A product's stock as stored now. */
export async function productStock(app: FastifyInstance, id: number): Promise<number> {
  const row = await app.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** A variant's stock as stored now (issue 42). */
export async function variantStock(app: FastifyInstance, id: number): Promise<number> {
  const row = await app.db
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** `app.inject` with the answer's JSON (or text) body. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined
      ? {}
      : typeof payload === 'string'
        ? { payload }
        : { payload: payload as object }),
  });
  let body: unknown = response.body;
  try {
    body = response.body ? JSON.parse(response.body) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.statusCode, body: body as T, headers: response.headers };
}

/** A valid delivery address (contract: OrderAddress) in the United Kingdom. */
export const ADDRESS = {
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
} as const;

/** An attestation of a buyer well over any shop's minimum age (contract: AgeAttestationCreate). */
export const ADULT = { date_of_birth: '1980-05-17', confirmed: true } as const;

/** The customer's cart total as the storefront shows it (`GET /orders/cart/`). */
export async function cartTotal(app: FastifyInstance, who: TestCustomer): Promise<string> {
  const cart = await call<{ total_price: string }>(app, 'GET', '/orders/cart/', who.headers);
  return cart.body.total_price;
}

interface QuoteAnswer {
  lines: { item_id: number; method: string | null }[];
  total_price: string;
}

/**
 * `POST /orders/cart/shipping-quote/` as the customer, for `country` with `choices` (item id ->
 * method code).
 */
export async function quoteShipping(
  app: FastifyInstance,
  who: TestCustomer,
  country: string,
  choices: Record<number, string> = {},
) {
  return call<QuoteAnswer>(app, 'POST', '/orders/cart/shipping-quote/', who.headers, {
    country,
    choices: Object.entries(choices).map(([id, method]) => ({ item_id: Number(id), method })),
  });
}

/**
 * A checkout body as the storefront completes it, for whatever `body` does not set itself:
 * `shipping` gets each line's method from the shipping quote for the address's country (its
 * cheapest allowed; the quote takes the body's own `shipping` choices when it has them),
 * `age_attestation` an adult's when the cart holds an age-restricted piece, and
 * `expected_total_price` the quote's total (the total the storefront shows). A key the body has,
 * even null, is kept as it is; anything but an object is answered unchanged.
 */
export async function checkoutBody(
  app: FastifyInstance,
  who: TestCustomer,
  body: unknown,
): Promise<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const given = body as Record<string, unknown>;
  const address = given.delivery_address as { country?: unknown } | undefined;
  const country = typeof address?.country === 'string' ? address.country.trim() : 'GB';
  const chosen = Array.isArray(given.shipping)
    ? Object.fromEntries(
        (given.shipping as { item_id: number; method: string }[]).map((c) => [c.item_id, c.method]),
      )
    : {};
  const [quote, cart] = await Promise.all([
    quoteShipping(app, who, country, chosen),
    call<{ items: { product: { age_restricted: boolean } }[]; total_price: string }>(
      app,
      'GET',
      '/orders/cart/',
      who.headers,
    ),
  ]);
  const quoted = quote.status === 200;
  return {
    shipping: quoted
      ? quote.body.lines.map((l) => ({ item_id: l.item_id, method: l.method ?? '' }))
      : [],
    ...(cart.body.items.some((i) => i.product.age_restricted) ? { age_attestation: ADULT } : {}),
    expected_total_price: quoted ? quote.body.total_price : cart.body.total_price,
    ...given,
  };
}

/** `POST /orders/orders/` as the customer, with the body completed by `checkoutBody`. */
export async function postOrder<T = unknown>(
  app: FastifyInstance,
  who: TestCustomer,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const complete = await checkoutBody(app, who, body);
  return call<T>(app, 'POST', '/orders/orders/', { ...who.headers, ...headers }, complete);
}
