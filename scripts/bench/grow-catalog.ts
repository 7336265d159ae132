/// <reference types="node" />
/**
 * Grows a shop database the API has already created and seeded into a large one, for the bench
 * (`npm run bench -- --products N`) and for anyone measuring the catalogue at size
 * (`npm run bench:grow`, whose command line is ./grow-cli.ts).
 *
 * It adds products to the demo shop (`demo-handcraft`) until it has N active ones, with names,
 * descriptions and attributes from ./catalog-words.ts, spread over the demo's categories and
 * three new ones, reusing the seed's image files (no new files); about 1.46 reviews per product;
 * C customers (default N / 20) and O orders with their lines (default N) in the shop; and
 * optionally S more shops of P products each (tenant-count scaling). Everything is drawn from a
 * seeded generator: the same database and options give the same rows.
 *
 * This module runs the phases in one transaction and reports what they made; each kind of row
 * is made by its own module (./grow-products.ts, ./grow-customers.ts, ./grow-orders.ts,
 * ./grow-shops.ts), the columns, ids and shared shapes are in ./grow-rows.ts, and what is derived
 * from the rows afterwards is in ./grow-recompute.ts.
 *
 * Rows go in through ./bulk-writer.ts (SQLite: prepared statements in one transaction;
 * PostgreSQL: multi-row INSERTs), with explicit ids so that lines can point at their order and
 * product without a round trip; PostgreSQL's sequences are moved past them afterwards. Only the
 * columns named in ./grow-rows.ts are written: columns a later migration adds keep their
 * defaults, and `recomputeAfterGrow` then fills what is derived from the rows (stored ratings, a
 * full-text index that triggers do not maintain, planner statistics). Nothing else may write to the
 * database while it grows (the bench stops the API first).
 */
import { type BulkTarget, type BulkWriter, type Cell, openBulkWriter } from './bulk-writer';
import { CATEGORIES, RARE_DESCRIPTION_WORDS, RARE_NAME_WORDS } from './catalog-words';
import { addCustomers } from './grow-customers';
import { addOrders } from './grow-orders';
import { addProducts } from './grow-products';
import { recomputeAfterGrow } from './grow-recompute';
import {
  checkSchema,
  Ids,
  moveSequencesPastIds,
  type ShopContext,
  STREAM,
  toInt,
} from './grow-rows';
import { addShops } from './grow-shops';

/** What to grow; every count is a total to reach, not an amount to add. */
export interface GrowOptions {
  /** Active products the shop should have. */
  products: number;
  /** The shop to grow (default `demo-handcraft`). */
  tenantToken?: string;
  /** Generated customers the shop should have (default products / 20, rounded). */
  customers?: number;
  /** Orders the shop should have (default: `products`); none without customers. */
  orders?: number;
  /** More shops (tokens `bench-shop-0001`...) the database should have (default 0). */
  shops?: number;
  /** Active products of each of those shops (default 100). */
  productsPerShop?: number;
  /** The generator's seed (default 20261127). */
  seed?: number;
  /** The moment the data is dated back from (default 2026-11-01T00:00:00Z, for determinism). */
  now?: Date;
  /** Told one line per phase (default: nothing). */
  log?: (line: string) => void;
}

/** What `growCatalogue` made, and how long each phase took (seconds). */
export interface GrowReport {
  dialect: 'sqlite' | 'postgres';
  tenantToken: string;
  activeBefore: number;
  activeAfter: number;
  /** Rows added to the grown shop. */
  added: {
    products: number;
    /** Of `products`, the inactive ones (not counted as active). */
    inactiveProducts: number;
    categories: number;
    images: number;
    attributes: number;
    reviews: number;
    customers: number;
    orders: number;
    orderLines: number;
    shops: number;
    shopProducts: number;
  };
  /**
   * For each rare word (./catalog-words.ts), how many of the added active products hold it in
   * their name or description (case-insensitive): what a search for it must find among them.
   */
  rareWords: Record<string, number>;
  /** Added active products whose name or description holds "walnut". */
  walnutProducts: number;
  /** What `recomputeAfterGrow` did, one line each. */
  recomputed: string[];
  seconds: { products: number; orders: number; shops: number; recompute: number; total: number };
}

const DEFAULT_TENANT = 'demo-handcraft';
const DEFAULT_SEED = 20261127;
const DEFAULT_NOW = new Date('2026-11-01T00:00:00.000Z');

/**
 * Grows the shop named by `options.tenantToken` in the database at `target` (see the module
 * comment), in one transaction, then runs `recomputeAfterGrow`.
 * @returns what it added and how long it took
 * @throws Error when the shop does not exist (seed the database first: start the API on it
 *   once, or `--seed-demo`), when the schema lacks a column the grower writes, or on any
 *   database error (the transaction is rolled back, the database left as it was)
 */
export async function growCatalogue(target: BulkTarget, options: GrowOptions): Promise<GrowReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? DEFAULT_SEED;
  const now = (options.now ?? DEFAULT_NOW).getTime();
  const token = options.tenantToken ?? DEFAULT_TENANT;
  const writer = await openBulkWriter(target);
  try {
    const [tenant] = await writer.query<{ id: number }>('select id from tenants where token = ?', [
      token,
    ]);
    if (!tenant) {
      throw new Error(
        `no shop with the token ${token}: seed the database first (start the API on it once, or pass --seed-demo)`,
      );
    }
    await checkSchema(writer);
    const activeBefore = await countActive(writer, tenant.id);
    // Generated products are numbered on from every product the shop has, active or not, so
    // growing again never draws (and names) the same product twice.
    const [{ n: allBefore } = { n: 0 }] = await writer.query<{ n: number | string }>(
      'select count(*) as n from products where tenant_id = ?',
      [tenant.id],
    );
    const report: GrowReport = {
      dialect: writer.dialect,
      tenantToken: token,
      activeBefore,
      activeAfter: activeBefore,
      added: {
        products: 0,
        inactiveProducts: 0,
        categories: 0,
        images: 0,
        attributes: 0,
        reviews: 0,
        customers: 0,
        orders: 0,
        orderLines: 0,
        shops: 0,
        shopProducts: 0,
      },
      rareWords: Object.fromEntries(
        [...RARE_NAME_WORDS, ...RARE_DESCRIPTION_WORDS].map((w) => [w.toLowerCase(), 0]),
      ),
      walnutProducts: 0,
      recomputed: [],
      seconds: { products: 0, orders: 0, shops: 0, recompute: 0, total: 0 },
    };
    const grownTenants = [tenant.id];
    await writer.transaction(async () => {
      const ids = new Ids(writer);
      await ids.load([
        'tenants',
        'categories',
        'products',
        'users',
        'orders',
        'order_items',
        'shipping_zones',
      ]);
      const shop = await readShop(writer, tenant.id);
      const toAdd = Math.max(0, options.products - activeBefore);
      // New categories only with products to put in them (the new shops copy the grown one's).
      if (toAdd > 0 || (options.shops ?? 0) > 0) {
        report.added.categories += await addCategories(writer, ids, shop);
      }

      let phase = performance.now();
      const wantedCustomers = options.customers ?? Math.round(options.products / 20);
      const customers = await addCustomers(writer, ids, shop.tenantId, wantedCustomers, seed, now);
      report.added.customers = customers.added;
      await addProducts(writer, ids, shop, {
        count: toAdd,
        firstIndex: toInt(allBefore),
        seed,
        stream: STREAM.product,
        now,
        customerIds: customers.all,
        report,
        log,
      });
      report.seconds.products = (performance.now() - phase) / 1000;
      log(
        `products: ${report.added.products} (${report.added.inactiveProducts} inactive), ${report.added.images} images, ${report.added.attributes} attributes, ${report.added.reviews} reviews, ${report.added.customers} customers in ${report.seconds.products.toFixed(1)} s`,
      );

      phase = performance.now();
      const wantedOrders = customers.all.length > 0 ? (options.orders ?? options.products) : 0;
      const orders = await addOrders(writer, ids, shop.tenantId, wantedOrders, {
        seed,
        now,
        customers: customers.all,
      });
      report.added.orders = orders.orders;
      report.added.orderLines = orders.lines;
      report.seconds.orders = (performance.now() - phase) / 1000;
      log(
        `orders: ${orders.orders} with ${orders.lines} lines in ${report.seconds.orders.toFixed(1)} s`,
      );

      phase = performance.now();
      if ((options.shops ?? 0) > 0) {
        const shops = await addShops(writer, ids, shop, {
          shops: options.shops!,
          productsPerShop: options.productsPerShop ?? 100,
          seed,
          now,
        });
        report.added.shops = shops.added;
        report.added.shopProducts = shops.products;
        grownTenants.push(...shops.tenantIds);
        report.seconds.shops = (performance.now() - phase) / 1000;
        log(
          `shops: ${shops.added} with ${shops.products} products in ${report.seconds.shops.toFixed(1)} s`,
        );
      }
      if (writer.dialect === 'postgres') await moveSequencesPastIds(writer);
    });

    const phase = performance.now();
    report.recomputed = await recomputeAfterGrow(writer, grownTenants);
    report.seconds.recompute = (performance.now() - phase) / 1000;
    report.activeAfter = await countActive(writer, tenant.id);
    report.seconds.total = (performance.now() - started) / 1000;
    return report;
  } finally {
    await writer.close();
  }
}

async function countActive(writer: BulkWriter, tenantId: number): Promise<number> {
  const [row] = await writer.query<{ n: number | string }>(
    // `is_active = ?` with 1: a boolean on PostgreSQL, an integer on SQLite, as the API writes it.
    'select count(*) as n from products where tenant_id = ? and is_active = ?',
    [tenantId, 1],
  );
  return toInt(row?.n);
}

async function readShop(writer: BulkWriter, tenantId: number): Promise<ShopContext> {
  const categories = await writer.query<{ id: number; slug: string }>(
    'select id, slug from categories where tenant_id = ? order by id',
    [tenantId],
  );
  const imageRows = await writer.query<{ slug: string; image_path: string; thumb_path: string }>(
    `select c.slug as slug, i.image_path as image_path, i.thumb_path as thumb_path
       from product_images i
       join products p on p.id = i.product_id
       join categories c on c.id = p.category_id
      where p.tenant_id = ?
      order by i.id`,
    [tenantId],
  );
  const images = new Map<string, { image: string; thumb: string }[]>();
  for (const row of imageRows) {
    const list = images.get(row.slug) ?? [];
    list.push({ image: row.image_path, thumb: row.thumb_path });
    images.set(row.slug, list);
  }
  const optionRows = await writer.query<{ slug: string; options: string }>(
    `select c.slug as slug, p.options as options
       from products p join categories c on c.id = p.category_id
      where p.tenant_id = ? and p.options is not null
      order by p.id`,
    [tenantId],
  );
  const options = new Map<string, string>();
  for (const row of optionRows) if (!options.has(row.slug)) options.set(row.slug, row.options);
  return {
    tenantId,
    categoryIds: new Map(categories.map((c) => [c.slug, c.id])),
    images,
    options,
  };
}

/** Adds the categories of CATEGORIES the shop lacks; returns how many. */
async function addCategories(writer: BulkWriter, ids: Ids, shop: ShopContext): Promise<number> {
  const rows: Cell[][] = [];
  for (const category of CATEGORIES) {
    if (shop.categoryIds.has(category.slug)) continue;
    const id = ids.take('categories');
    shop.categoryIds.set(category.slug, id);
    rows.push([id, shop.tenantId, category.slug, category.name, category.description_html]);
  }
  await writer.insert('categories', ['id', 'tenant_id', 'slug', 'name', 'description'], rows);
  return rows.length;
}

/** The report as lines of text: counts, rare words and timings. */
export function describeReport(report: GrowReport): string[] {
  const a = report.added;
  const rare = Object.entries(report.rareWords)
    .map(([word, n]) => `${word} ${n}`)
    .join(', ');
  return [
    `${report.dialect}: shop ${report.tenantToken} had ${report.activeBefore} active products, now ${report.activeAfter}`,
    `added ${a.products} products (${a.inactiveProducts} inactive), ${a.categories} categories, ${a.images} images, ${a.attributes} attributes, ${a.reviews} reviews, ${a.customers} customers, ${a.orders} orders with ${a.orderLines} lines` +
      (a.shops > 0 ? `, ${a.shops} shops with ${a.shopProducts} products` : ''),
    `rare words (added products holding each): ${rare}; "walnut" in ${report.walnutProducts}`,
    `after growing: ${report.recomputed.join('; ') || 'nothing to recompute'}`,
    `took ${report.seconds.total.toFixed(1)} s (products ${report.seconds.products.toFixed(1)} s, orders ${report.seconds.orders.toFixed(1)} s, shops ${report.seconds.shops.toFixed(1)} s, recompute ${report.seconds.recompute.toFixed(1)} s)`,
  ];
}
