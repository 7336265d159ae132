/**
 * The activity log names each object as the shop knows it (the product's and the category's
 * names, "Shipping method: …", the member's name, "Sign-in from …", the policy's title), in one
 * query per kind of object however many entries a page holds; an object since deleted keeps
 * the name the log recorded, marked "(deleted)"; another shop's object of the same id is never
 * named. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { createActor } from '../test/order-fixtures.ts';
import { QueryCounter } from '../test/query-counter.ts';
import { useTestApp } from '../test/test-app.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import { listActivity } from './activity-list.ts';

const queries = new QueryCounter();
const t = useTestApp({}, { plugins: [queries] });
let db: Kysely<Database>;
let owner: StaffActor;

/** The demo shop's id by its token. */
async function shopId(token: string): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .where('token', '=', token)
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The first row of `table` in shop `tenant`, by id. */
async function firstOf(
  table: 'products' | 'categories' | 'shipping_methods',
  tenant: number,
): Promise<{ id: number; name: string }> {
  return db
    .selectFrom(table)
    .where('tenant_id', '=', tenant)
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

let ours: { id: number; name: string }[];
let theirs: { id: number; name: string };
let category: { id: number; name: string };
let method: { id: number; name: string };
let session: string;
let policy: string;

beforeAll(async () => {
  db = t.app.db;
  const shop = await shopId('demo-handcraft');
  const other = await shopId('demo-pottery');
  owner = await createActor(db, shop, 'owner', 'Maya Hart');
  ours = await db
    .selectFrom('products')
    .where('tenant_id', '=', shop)
    .select(['id', 'name'])
    .orderBy('id')
    .limit(3)
    .execute();
  // Another shop's product whose id no product of ours has.
  theirs = await db
    .selectFrom('products')
    .where('tenant_id', '=', other)
    .where('id', 'not in', db.selectFrom('products').where('tenant_id', '=', shop).select('id'))
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  category = await firstOf('categories', shop);
  method = await firstOf('shipping_methods', shop);
  policy =
    (
      await db
        .selectFrom('legal_documents')
        .where('tenant_id', '=', shop)
        .where('document_type', '=', 'refund_policy')
        .select('title')
        .executeTakeFirst()
    )?.title ?? 'Refund policy';
  session = randomUUID();
  await db
    .insertInto('staff_sessions')
    .values({
      uuid: session,
      tenant_id: shop,
      staff_id: owner.id,
      refresh_hash: 'unused',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      user_agent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    })
    .execute();

  const log = (
    objectType: Parameters<typeof recordActivity>[1]['objectType'],
    objectId: string | number,
    fields: { before?: unknown; after?: unknown } = {},
  ) =>
    recordActivity(db, {
      actor: owner,
      tenantId: shop,
      action: `${objectType}.update`,
      objectType,
      objectId,
      ...fields,
    });
  await log('session', session);
  await log('staff', owner.id);
  await log('settings', `shipping_method:${method.id}`);
  await log('settings', 'site');
  await log('policy', 'refund_policy');
  await log('category', category.id);
  await log('category', 'order');
  await log('order', 'ORD-7K3F-9QXD');
  // A product of another shop: its id is not ours, so it is named as gone, never by its name.
  await log('product', theirs.id);
  await log('product', 2_000_000_001);
  await log('product', 2_000_000_000, { before: { name: 'Kiritsuke 240 mm', status: 'draft' } });
  for (const product of ours) await log('product', product.id, { before: { price: '1.00' } });
});

describe('the names of the activity log’s objects', () => {
  it('names each object as the shop knows it, and what is gone by what the log kept', async () => {
    const page = await listActivity(db, owner, {});
    expect(page.results.map((entry) => [entry.object_label, entry.object_deleted])).toEqual([
      ...ours.map((product) => [product.name, false]).reverse(),
      ['Kiritsuke 240 mm (deleted)', true],
      ['Product 2000000001 (deleted)', true],
      [`Product ${theirs.id} (deleted)`, true],
      ['ORD-7K3F-9QXD', false],
      ['Order of the categories', false],
      [category.name, false],
      [policy, false],
      ['Site settings', false],
      [`Shipping method: ${method.name}`, false],
      ['Maya Hart', false],
      ['Sign-in from Chrome on Android', false],
    ]);
    expect(page.results.map((entry) => entry.object_label)).not.toContain(theirs.name);
  });

  it('reads the names in one query per kind of object, however many entries there are', async () => {
    queries.reset();
    await listActivity(db, owner, {});
    // Three of our products, two gone and another shop's: one query names them all.
    expect(queries.touching('products')).toBe(1);
    expect(queries.touching('categories')).toBe(1);
    expect(queries.touching('shipping_methods')).toBe(1);
    expect(queries.touching('staff_sessions')).toBe(1);
    // The page, its count, and one query per kind: products, categories, members, shipping
    // methods, sessions, policies.
    expect(queries.total).toBe(8);
  });
});
