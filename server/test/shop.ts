/**
 * Helpers for the cart, order and payment tests (issue 6): customers made straight in the
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

/** The shop's active products with more than `above` in stock, cheapest first. */
export async function productsInStock(app: FastifyInstance, token = 'demo-handcraft', above = 2) {
  return app.db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'price_cents', 'stock'])
    .where('tenant_id', '=', await tenantId(app, token))
    .where('is_active', '=', 1)
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

/** A valid delivery address (contract: DeliveryAddress). */
export const ADDRESS = {
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'United Kingdom',
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
} as const;
