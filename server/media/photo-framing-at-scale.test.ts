/**
 * A category's tile photo in a large shop (./photo-framing.ts `categoryImages`, read by every
 * category list and category page): the owner's choice, else the main photo of the category's
 * oldest active product with photos, found one row per category (and for a category page, that
 * category's alone), never by reading every product's photo. On SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL (the plan check is SQLite's: server/test/query-plans.ts).
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { sql } from 'kysely';
import { call, tenantId as tenantIdOf } from '../test/shop.ts';
import { QueryPlans } from '../test/query-plans.ts';
import { testDatabaseUrl, useTestApp } from '../test/test-app.ts';
import { categoryImage, categoryImages } from './photo-framing.ts';

/** Counts the rows the database answers (every query's result, subqueries' rows not included). */
class RowCounter implements KyselyPlugin {
  rows = 0;
  queries = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.rows += args.result.rows.length;
    return args.result;
  }
  reset(): void {
    this.rows = 0;
    this.queries = 0;
  }
}

const counter = new RowCounter();
const plans = new QueryPlans();
const t = useTestApp({}, { plugins: [counter, plans] });
const NEWER_PRODUCTS = 300;
let tenantId: number;
let categoryId: number;
let expectedPath: string;

const at = (day: number) => new Date(Date.UTC(2020, 0, day)).toISOString();

/** Adds an active (unless said) product to the test category; answers its id. */
async function product(slug: string, createdAt: string, isActive = 1): Promise<number> {
  const { id } = await t.app.db
    .insertInto('products')
    .values({
      tenant_id: tenantId,
      category_id: categoryId,
      name: slug,
      description: '',
      slug,
      price_cents: 1000,
      price_before_discount_cents: null,
      stock: 1,
      long_html_description: '',
      is_active: isActive,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function photo(productId: number, path: string, position: number) {
  await t.app.db
    .insertInto('product_images')
    .values({
      product_id: productId,
      image_path: path,
      thumb_path: path,
      alt_text: path,
      position,
      width: 1200,
      height: 800,
    })
    .execute();
}

beforeAll(async () => {
  tenantId = await tenantIdOf(t.app, 'demo-handcraft');
  ({ id: categoryId } = await t.app.db
    .insertInto('categories')
    .values({ tenant_id: tenantId, slug: 'tile-at-scale', name: 'Tile at scale', description: '' })
    .returning('id')
    .executeTakeFirstOrThrow());
  // Older than the fallback: archived with a photo, and active without one.
  await photo(await product('tile-archived', at(1), 0), '/media/archived.webp', 1);
  await product('tile-no-photo', at(2));
  // The fallback: its main photo is position 1, though its position 2 was added first.
  const oldest = await product('tile-oldest', at(3));
  await photo(oldest, '/media/second.webp', 2);
  await photo(oldest, '/media/main.webp', 1);
  expectedPath = '/media/main.webp';
  for (let i = 0; i < NEWER_PRODUCTS; i++) {
    await photo(await product(`tile-newer-${i}`, at(10 + (i % 200))), `/media/n${i}.webp`, 1);
  }
  if (!testDatabaseUrl) await sql`analyze`.execute(t.app.db);
}, 60_000);

/** The rule, worked out the slow way: every active product's main photo, oldest product first. */
async function expectedTiles(): Promise<Map<number, string>> {
  const rows = await t.app.db
    .selectFrom('product_images as pi')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .select(['p.category_id', 'p.created_at', 'p.id', 'pi.position', 'pi.id as photo_id'])
    .select('pi.image_path')
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .execute();
  const time = (value: unknown) => new Date(value as string).getTime();
  rows.sort(
    (a, b) =>
      time(a.created_at) - time(b.created_at) ||
      a.id - b.id ||
      a.position - b.position ||
      a.photo_id - b.photo_id,
  );
  const chosen = await t.app.db
    .selectFrom('categories as c')
    .innerJoin('product_images as pi', 'pi.id', 'c.image_photo_id')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .select(['c.id', 'pi.image_path'])
    .where('c.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .execute();
  const tiles = new Map<number, string>();
  for (const row of rows) {
    if (row.category_id !== null && !tiles.has(row.category_id)) {
      tiles.set(row.category_id, row.image_path);
    }
  }
  for (const row of chosen) tiles.set(row.id, row.image_path);
  return tiles;
}

describe('category tiles in a shop of hundreds of products with photos', () => {
  it("shows each category's oldest active product's main photo, as the menu and the category page", async () => {
    const images = await categoryImages(t.app.db, tenantId);
    const expected = await expectedTiles();
    expect(expected.get(categoryId)).toBe(expectedPath);
    expect(new Map([...images].map(([id, image]) => [id, image.image]))).toEqual(expected);
    expect(images.get(categoryId)).toMatchObject({ width: 1200, height: 800 });

    const shopper = { 'x-tenant-token': 'demo-handcraft' };
    const menu = await call<{ slug: string; image: { image: string } | null }[]>(
      t.app,
      'GET',
      '/products/categories/',
      shopper,
    );
    expect(menu.body.find((c) => c.slug === 'tile-at-scale')?.image?.image).toBe(expectedPath);
    const page = await call<{ image: { image: string } | null }>(
      t.app,
      'GET',
      '/products/categories/tile-at-scale/',
      shopper,
    );
    expect(page.status).toBe(200);
    expect(page.body.image?.image).toBe(expectedPath);
  });

  it('reads a row or two per category, not a row per product', async () => {
    const categories = await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .execute();
    counter.reset();
    await categoryImages(t.app.db, tenantId);
    expect(counter.queries).toBeLessThanOrEqual(2);
    expect(counter.rows).toBeLessThanOrEqual(3 * categories.length);

    counter.reset();
    expect((await categoryImage(t.app.db, tenantId, categoryId))?.image).toBe(expectedPath);
    expect(counter.queries).toBeLessThanOrEqual(2);
    expect(counter.rows).toBeLessThanOrEqual(3);
  });

  it.skipIf(testDatabaseUrl)(
    "finds each fallback through the category's index, without scanning the shop's products",
    async () => {
      plans.reset();
      await categoryImages(t.app.db, tenantId);
      const [tiles] = await plans.plans(t.app.db);
      const steps = tiles!.plan.join('\n');
      expect(steps).toMatch(/products_admin_category_idx/);
      expect(steps).not.toMatch(/SCAN (p|products)\b(?! USING)/);
      expect(steps).not.toMatch(/TEMP B-TREE/);
    },
  );
});
