/// <reference types="node" />
/**
 * Grows a shop database the API has already created and seeded into a large one, for the bench
 * (`npm run bench -- --products N`) and for anyone measuring the catalogue at size:
 *
 *   npm run bench:grow -- --products 100000 [--sqlite PATH | --database-url URL]
 *                         [--customers C] [--orders O] [--shops S --products-per-shop P]
 *                         [--seed-demo] [--random-seed R]
 *
 * It adds products to the demo shop (`demo-handcraft`) until it has N active ones, with names,
 * descriptions and attributes from ./catalogue-words.ts, spread over the demo's categories and
 * three new ones, reusing the seed's image files (no new files); about 1.46 reviews per product;
 * C customers (default N / 20) and O orders with their lines (default N) in the shop; and
 * optionally S more shops of P products each (tenant-count scaling). Everything is drawn from a
 * seeded generator: the same database and options give the same rows.
 *
 * Rows go in through ./bulk-writer.ts (SQLite: prepared statements in one transaction;
 * PostgreSQL: multi-row INSERTs), with explicit ids so that lines can point at their order and
 * product without a round trip; PostgreSQL's sequences are moved past them afterwards. Only the
 * columns named here are written: columns a later migration adds keep their defaults, and
 * `recomputeAfterGrow` then fills what is derived from the rows (stored ratings, a full-text
 * index that triggers do not maintain, planner statistics). Nothing else may write to the
 * database while it grows (the bench stops the API first).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BulkTarget,
  type BulkWriter,
  type Cell,
  openBulkWriter,
  requireColumns,
} from './bulk-writer';
import {
  between,
  CATEGORIES,
  type CategoryWords,
  personName,
  pick,
  productText,
  RARE_DESCRIPTION_WORDS,
  RARE_NAME_WORDS,
  type Random,
  randomFor,
  reviewComment,
  reviewerName,
  reviewRating,
  slugify,
  ukAddress,
  weighted,
} from './catalogue-words';

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
   * For each rare word (./catalogue-words.ts), how many of the added active products hold it in
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
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
/** Products generated and written per batch (bounds memory at any size). */
const BATCH = 5000;
/** One product in this many generated is inactive: never listed, never counted. */
const INACTIVE_EVERY = 50;
/** Streams of the generator: one per kind of row, so adding one kind never shifts another. */
const STREAM = { product: 1, customer: 2, order: 3, shop: 4 } as const;

const PRODUCT_COLUMNS = [
  'id',
  'tenant_id',
  'slug',
  'name',
  'category_id',
  'price_cents',
  'price_before_discount_cents',
  'stock',
  'description',
  'long_html_description',
  'is_active',
  'created_at',
  'options',
  'made_to_order',
  'lead_time_days_min',
  'lead_time_days_max',
  'age_restricted',
] as const;
const IMAGE_COLUMNS = ['product_id', 'image_path', 'thumb_path', 'alt_text', 'position'] as const;
const ATTRIBUTE_COLUMNS = ['product_id', 'key', 'value', 'position'] as const;
const REVIEW_COLUMNS = [
  'tenant_id',
  'product_id',
  'username',
  'user_id',
  'rating',
  'comment',
  'is_verified_purchase',
  'created_at',
] as const;
const USER_COLUMNS = [
  'id',
  'tenant_id',
  'email',
  'username',
  'password_hash',
  'is_active',
  'created_at',
] as const;
const ORDER_COLUMNS = [
  'id',
  'tenant_id',
  'user_id',
  'order_number',
  'status',
  'payment_method',
  'total_cents',
  'total_items',
  'street',
  'city',
  'postal_code',
  'country',
  'fullname',
  'contact_number',
  'payment_instructions',
  'created_at',
  'paid_at',
  'updated_at',
  'expires_at',
  'closed_at',
  'subtotal_cents',
  'shipping_cents',
  'shipments',
  'needs_adult_signature',
  'attestation_dob',
  'attestation_at',
  'attestation_text',
] as const;
const ORDER_ITEM_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'product_name',
  'product_slug',
  'thumb_path',
  'customization',
  'quantity',
  'unit_price_cents',
  'line_total_cents',
  'options',
  'made_to_order',
  'stock_taken',
  'age_restricted',
] as const;

/**
 * A password hash no password matches (the generated customers never log in): the format of
 * server/accounts/passwords.ts, with an all-zero salt and key.
 */
const UNUSABLE_PASSWORD_HASH = `scrypt$10$8$1$${'A'.repeat(22)}$${'A'.repeat(86)}`;

/** Ids handed out by this run, per table: the next free one. */
class Ids {
  private readonly next = new Map<string, number>();
  constructor(private readonly writer: BulkWriter) {}
  /** Reads `max(id)` of each table; call before the first `take`. */
  async load(tables: readonly string[]): Promise<void> {
    for (const table of tables) {
      const [row] = await this.writer.query<{ m: number | string | null }>(
        `select max(id) as m from ${table}`,
      );
      this.next.set(table, Number(row?.m ?? 0) + 1);
    }
  }
  take(table: string): number {
    const id = this.next.get(table);
    if (id === undefined) throw new Error(`ids of ${table} not loaded`);
    this.next.set(table, id + 1);
    return id;
  }
}

/** The shop being grown, as read from the database before growing. */
interface ShopContext {
  tenantId: number;
  /** Category slug to id, the new categories included once added. */
  categoryIds: Map<string, number>;
  /** Existing image files per demo category slug (full and thumbnail paths). */
  images: Map<string, { image: string; thumb: string }[]>;
  /** Options JSON of the first product with options, per category slug. */
  options: Map<string, string>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const toInt = (value: unknown) => Number(value ?? 0);
const money = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * Grows the shop named by `options.tenantToken` in the database at `target` (see the module
 * comment), in one transaction, then runs `recomputeAfterGrow`.
 * @returns what it added and how long it took
 * @throws Error when the shop does not exist (seed the database first: start the API on it
 *   once, or `--seed-demo`), when the schema lacks a column written here, or on any database
 *   error (the transaction is rolled back, the database left as it was)
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

async function checkSchema(writer: BulkWriter): Promise<void> {
  await requireColumns(writer, 'products', PRODUCT_COLUMNS);
  await requireColumns(writer, 'product_images', IMAGE_COLUMNS);
  await requireColumns(writer, 'product_attributes', ATTRIBUTE_COLUMNS);
  await requireColumns(writer, 'reviews', REVIEW_COLUMNS);
  await requireColumns(writer, 'users', USER_COLUMNS);
  await requireColumns(writer, 'orders', ORDER_COLUMNS);
  await requireColumns(writer, 'order_items', ORDER_ITEM_COLUMNS);
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

/** Review counts per product (0..5) and their weights: about 1.45 on average. */
const REVIEW_COUNT_WEIGHTS = [34, 25, 18, 12, 7, 4];

interface ProductBatchOptions {
  count: number;
  /** Index of the first generated product: decides its words and which rare word it holds. */
  firstIndex: number;
  seed: number;
  stream: number;
  now: number;
  /** Customers who may write a verified review (ids). */
  customerIds: readonly { id: number; name: string }[];
  report?: GrowReport;
  log?: (line: string) => void;
}

/**
 * Adds `count` active products (plus one inactive in INACTIVE_EVERY) to the shop, with their
 * images, attributes and reviews, BATCH at a time.
 * @returns how many active products it added
 */
async function addProducts(
  writer: BulkWriter,
  ids: Ids,
  shop: ShopContext,
  o: ProductBatchOptions,
): Promise<number> {
  const weights = CATEGORIES.map((c) => c.weight);
  let index = o.firstIndex;
  let active = 0;
  while (active < o.count) {
    const products: Cell[][] = [];
    const images: Cell[][] = [];
    const attributes: Cell[][] = [];
    const reviews: Cell[][] = [];
    while (products.length < BATCH && active < o.count) {
      const random = randomFor(o.seed, o.stream, index);
      const category = CATEGORIES[weighted(random, weights)]!;
      const isActive = index % INACTIVE_EVERY !== INACTIVE_EVERY - 1;
      const made = makeProduct(random, category, index, shop, o, ids.take('products'), isActive);
      products.push(made.product);
      images.push(...made.images);
      attributes.push(...made.attributes);
      reviews.push(...made.reviews);
      index++;
      if (isActive) {
        active++;
        if (o.report) {
          const text = `${made.name} ${made.description}`.toLowerCase();
          for (const word of Object.keys(o.report.rareWords)) {
            if (text.includes(word)) o.report.rareWords[word]!++;
          }
          if (text.includes('walnut')) o.report.walnutProducts++;
        }
      } else if (o.report) {
        o.report.added.inactiveProducts++;
      }
    }
    await writer.insert('products', PRODUCT_COLUMNS, products);
    await writer.insert('product_images', IMAGE_COLUMNS, images);
    await writer.insert('product_attributes', ATTRIBUTE_COLUMNS, attributes);
    await writer.insert('reviews', REVIEW_COLUMNS, reviews);
    if (o.report) {
      o.report.added.products += products.length;
      o.report.added.images += images.length;
      o.report.added.attributes += attributes.length;
      o.report.added.reviews += reviews.length;
      if (o.count >= 4 * BATCH) {
        o.log?.(`products: ${active} of ${o.count} active added`);
      }
    }
  }
  return active;
}

/** One generated product's rows. */
function makeProduct(
  random: Random,
  category: CategoryWords,
  index: number,
  shop: ShopContext,
  o: ProductBatchOptions,
  id: number,
  isActive: boolean,
) {
  const text = productText(random, category, index);
  const categoryId = shop.categoryIds.get(category.slug);
  if (categoryId === undefined) throw new Error(`category ${category.slug} was not added`);
  const [low, high] = category.price;
  // Prices in whole units, most ending in 0 or 5, a few at .50 (integer cents throughout).
  const base = between(random, low, high);
  const priceCents = (base - (base % 5)) * 100 + (random() < 0.1 ? 50 : 0);
  const discounted = random() < 0.12;
  const price = discounted
    ? Math.max(100, Math.round((priceCents * between(random, 70, 90)) / 100 / 100) * 100)
    : priceCents;
  const madeToOrder = random() < 0.05;
  const stock = madeToOrder ? 0 : random() < 0.08 ? 0 : between(random, 1, 25);
  const leadMin = madeToOrder ? between(random, 10, 20) : null;
  const leadMax = leadMin === null ? null : leadMin + between(random, 5, 15);
  const options = shop.options.get(category.slug);
  const createdAt = o.now - Math.floor(random() * 3 * YEAR_MS);
  const slug = `${slugify(text.name)}-${index.toString(36)}`;
  const product: Cell[] = [
    id,
    shop.tenantId,
    slug,
    text.name,
    categoryId,
    price,
    discounted ? priceCents : null,
    stock,
    text.description,
    text.longHtml,
    isActive ? 1 : 0,
    iso(createdAt),
    options && random() < 0.15 ? options : null,
    madeToOrder ? 1 : 0,
    leadMin,
    leadMax,
    category.ageRestricted ? 1 : 0,
  ];

  const pool = shop.images.get(category.imagesFrom) ?? [...shop.images.values()].flat();
  const imageCount = pool.length === 0 ? 0 : Math.min(pool.length, between(random, 1, 3));
  const first = Math.floor(random() * Math.max(1, pool.length));
  const images: Cell[][] = [];
  for (let n = 0; n < imageCount; n++) {
    const file = pool[(first + n) % pool.length]!;
    images.push([id, file.image, file.thumb, `${text.name}, view ${n + 1}`, n + 1]);
  }
  const attributes: Cell[][] = text.attributes.map((a, n) => [id, a.key, a.value, n + 1]);

  const reviews: Cell[][] = [];
  const reviewCount = weighted(random, REVIEW_COUNT_WEIGHTS);
  const reviewers = new Set<number>();
  for (let n = 0; n < reviewCount; n++) {
    const rating = reviewRating(random);
    const verified = random() < 0.6 && o.customerIds.length > 0;
    let author: { id: number; name: string } | null = null;
    if (verified) {
      // One review per customer per product (a unique index): draw another on a repeat.
      for (let tries = 0; tries < 5 && author === null; tries++) {
        const candidate = pick(random, o.customerIds);
        if (!reviewers.has(candidate.id)) author = candidate;
      }
      if (author) reviewers.add(author.id);
    }
    const at = createdAt + Math.floor(random() * Math.max(DAY_MS, o.now - createdAt));
    reviews.push([
      shop.tenantId,
      id,
      author ? author.name : reviewerName(random),
      author ? author.id : null,
      rating,
      reviewComment(random, rating),
      author ? 1 : 0,
      iso(Math.min(at, o.now)),
    ]);
  }
  return {
    name: text.name,
    description: text.description,
    product,
    images,
    attributes,
    reviews,
  };
}

/**
 * Brings the shop's generated customers (e-mails `*@customers.bench.example`) to `wanted`.
 * @returns how many it added, and every generated customer (id and review name), old and new
 */
async function addCustomers(
  writer: BulkWriter,
  ids: Ids,
  tenantId: number,
  wanted: number,
  seed: number,
  now: number,
): Promise<{ added: number; all: { id: number; name: string; fullname: string }[] }> {
  const existing = await writer.query<{ id: number; username: string }>(
    `select id, username from users where tenant_id = ? and email like ? order by id`,
    [tenantId, '%@customers.bench.example'],
  );
  const all = existing.map((row, i) => {
    const name = personName(randomFor(seed, STREAM.customer, i));
    return { id: row.id, name: shortName(name), fullname: name };
  });
  const rows: Cell[][] = [];
  for (let i = existing.length; i < wanted; i++) {
    const random = randomFor(seed, STREAM.customer, i);
    const fullname = personName(random);
    const username = `${slugify(fullname).replace(/-/g, '.')}.${i + 1}`;
    const id = ids.take('users');
    rows.push([
      id,
      tenantId,
      `${username}@customers.bench.example`,
      username,
      UNUSABLE_PASSWORD_HASH,
      1,
      iso(now - Math.floor(random() * 3 * YEAR_MS)),
    ]);
    all.push({ id, name: shortName(fullname), fullname });
  }
  await writer.insert('users', USER_COLUMNS, rows);
  return { added: rows.length, all };
}

const shortName = (fullname: string) => {
  const [first, last] = fullname.split(' ');
  return `${first} ${last?.charAt(0) ?? ''}.`;
};

/** What an order line needs of its product. */
interface OrderableProduct {
  id: number;
  name: string;
  slug: string;
  price_cents: number;
  made_to_order: boolean | number;
  age_restricted: boolean | number;
  thumb: string | null;
}

interface Method {
  code: string;
  name: string;
  kind: string;
  age_verified: boolean | number;
  price_cents: number;
  free_over_cents: number | null;
}

const ORDER_CODE = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Brings the shop's orders to `wanted`, each for one of `customers` with 1-3 lines of its
 * active products (the first products more often), shipped to the UK by the shop's own methods.
 * Orders are old and settled (shipped, paid, processing, canceled or expired), never awaiting
 * payment: the API's sweep would otherwise start expiring them while the bench measures.
 */
async function addOrders(
  writer: BulkWriter,
  ids: Ids,
  tenantId: number,
  wanted: number,
  o: { seed: number; now: number; customers: { id: number; fullname: string }[] },
): Promise<{ orders: number; lines: number }> {
  const [{ n: existingCount } = { n: 0 }] = await writer.query<{ n: number | string }>(
    'select count(*) as n from orders where tenant_id = ?',
    [tenantId],
  );
  const existing = toInt(existingCount);
  if (existing >= wanted || o.customers.length === 0) return { orders: 0, lines: 0 };
  const products = await writer.query<OrderableProduct>(
    `select p.id as id, p.name as name, p.slug as slug, p.price_cents as price_cents,
            p.made_to_order as made_to_order, p.age_restricted as age_restricted,
            (select i.thumb_path from product_images i where i.product_id = p.id
              order by i.position, i.id limit 1) as thumb
       from products p where p.tenant_id = ? and p.is_active = ? order by p.id`,
    [tenantId, 1],
  );
  if (products.length === 0) return { orders: 0, lines: 0 };
  const methods = await writer.query<Method>(
    `select code, name, kind, age_verified, price_cents, free_over_cents
       from shipping_methods where tenant_id = ? order by position, id`,
    [tenantId],
  );
  const delivery = methods.filter((m) => m.kind === 'delivery');
  const standard =
    delivery.find((m) => m.code === 'uk-standard') ?? delivery.find((m) => !m.age_verified) ?? null;
  const ageVerified =
    delivery.find((m) => m.code === 'uk-age-verified') ??
    delivery.find((m) => Boolean(m.age_verified)) ??
    standard;
  const numbers = new Set(
    (
      await writer.query<{ order_number: string }>(
        'select order_number from orders where tenant_id = ?',
        [tenantId],
      )
    ).map((r) => r.order_number),
  );

  let orders: Cell[][] = [];
  let lines: Cell[][] = [];
  let lineCount = 0;
  for (let i = existing; i < wanted; i++) {
    const random = randomFor(o.seed, STREAM.order, i);
    const customer = pick(random, o.customers);
    const orderId = ids.take('orders');
    let number: string;
    do {
      let code = '';
      for (let c = 0; c < 8; c++) code += pick(random, [...ORDER_CODE]);
      number = `ORD-${code.slice(0, 4)}-${code.slice(4)}`;
    } while (numbers.has(number));
    numbers.add(number);

    const createdAt = o.now - Math.floor(random() * 2 * YEAR_MS);
    const lineTotal = 1 + weighted(random, [60, 28, 12]);
    const byMethod = new Map<Method | null, { ids: number[]; subtotal: number }>();
    let subtotal = 0;
    let items = 0;
    let adult = false;
    const chosen = new Set<number>();
    for (let n = 0; n < lineTotal; n++) {
      // Popular pieces first: a square skews the draw towards the start of the list.
      const product = products[Math.floor(random() ** 2 * products.length)]!;
      if (chosen.has(product.id)) continue;
      chosen.add(product.id);
      const quantity = random() < 0.85 ? 1 : 2;
      const lineId = ids.take('order_items');
      const madeToOrder = Boolean(product.made_to_order);
      const restricted = Boolean(product.age_restricted);
      adult ||= restricted;
      lines.push([
        lineId,
        orderId,
        product.id,
        product.name,
        product.slug,
        product.thumb,
        '{}',
        quantity,
        product.price_cents,
        product.price_cents * quantity,
        '[]',
        madeToOrder ? 1 : 0,
        madeToOrder ? 0 : quantity,
        restricted ? 1 : 0,
      ]);
      lineCount++;
      subtotal += product.price_cents * quantity;
      items += quantity;
      const method = restricted ? ageVerified : standard;
      const shipment = byMethod.get(method) ?? { ids: [], subtotal: 0 };
      shipment.ids.push(lineId);
      shipment.subtotal += product.price_cents * quantity;
      byMethod.set(method, shipment);
    }
    const shipments: object[] = [];
    let shipping = 0;
    for (const [method, shipment] of byMethod) {
      if (!method) continue;
      const free = method.free_over_cents !== null && shipment.subtotal >= method.free_over_cents;
      const price = free ? 0 : method.price_cents;
      shipping += price;
      shipments.push({
        method: method.code,
        name: method.name,
        kind: method.kind,
        age_verified: Boolean(method.age_verified),
        price: money(price),
        item_ids: shipment.ids,
      });
    }
    const status = orderStatus(random, createdAt, o.now);
    const paid = status === 'paid' || status === 'processing' || status === 'shipped';
    const paidAt = paid ? createdAt + between(random, 1, 48) * 3_600_000 : null;
    const closedAt =
      status === 'expired'
        ? createdAt + 7 * DAY_MS
        : status === 'canceled'
          ? createdAt + between(random, 1, 72) * 3_600_000
          : null;
    const updatedAt = Math.max(createdAt, paidAt ?? 0, closedAt ?? 0);
    const address = ukAddress(random);
    orders.push([
      orderId,
      tenantId,
      customer.id,
      number,
      status,
      'bank_transfer',
      subtotal + shipping,
      items,
      address.street,
      address.city,
      address.postalCode,
      'GB',
      customer.fullname,
      `+44 7700 9${String(between(random, 0, 99999)).padStart(5, '0')}`,
      `Pay by bank transfer quoting ${number}.`,
      iso(createdAt),
      paidAt === null ? null : iso(paidAt),
      iso(updatedAt),
      null,
      closedAt === null ? null : iso(closedAt),
      subtotal,
      shipping,
      JSON.stringify(shipments),
      adult ? 1 : 0,
      adult
        ? `19${between(random, 50, 99)}-0${between(random, 1, 9)}-1${between(random, 0, 9)}`
        : null,
      adult ? iso(createdAt) : null,
      adult ? 'I confirm that I am 18 or over.' : null,
    ]);
    if (orders.length >= BATCH) {
      await writer.insert('orders', ORDER_COLUMNS, orders);
      await writer.insert('order_items', ORDER_ITEM_COLUMNS, lines);
      orders = [];
      lines = [];
    }
  }
  await writer.insert('orders', ORDER_COLUMNS, orders);
  await writer.insert('order_items', ORDER_ITEM_COLUMNS, lines);
  return { orders: wanted - existing, lines: lineCount };
}

/** A settled status: recent orders are paid or being made, older ones mostly shipped. */
function orderStatus(random: Random, createdAt: number, now: number): string {
  if (now - createdAt < 5 * DAY_MS) return random() < 0.5 ? 'paid' : 'processing';
  return ['shipped', 'canceled', 'expired', 'paid'][weighted(random, [86, 7, 5, 2])]!;
}

/** Tables of a shop's own settings, copied from the grown shop to each new one. */
const SHOP_SETTING_TABLES = ['site_settings', 'company_info', 'core_values', 'shop_settings'];

/**
 * Brings the generated shops (tokens `bench-shop-NNNN`) to `o.shops`, each a copy of the grown
 * shop's settings, categories and shipping, with `o.productsPerShop` generated products (no
 * customers or orders).
 */
async function addShops(
  writer: BulkWriter,
  ids: Ids,
  template: ShopContext,
  o: { shops: number; productsPerShop: number; seed: number; now: number },
): Promise<{ added: number; products: number; tenantIds: number[] }> {
  const existing = await writer.query<{ n: number | string }>(
    'select count(*) as n from tenants where token like ?',
    ['bench-shop-%'],
  );
  const tenantIds: number[] = [];
  let products = 0;
  const categories = await writer.query<{
    id: number;
    slug: string;
    name: string;
    description: string;
  }>('select id, slug, name, description from categories where tenant_id = ? order by id', [
    template.tenantId,
  ]);
  for (let s = toInt(existing[0]?.n); s < o.shops; s++) {
    const tenantId = ids.take('tenants');
    const label = String(s + 1).padStart(4, '0');
    await writer.insert(
      'tenants',
      ['id', 'token', 'name', 'media_slug', 'created_at'],
      [[tenantId, `bench-shop-${label}`, `Bench Shop ${label}`, `bench-shop-${label}`, iso(o.now)]],
    );
    for (const table of SHOP_SETTING_TABLES) {
      await copyTenantRows(writer, table, template.tenantId, tenantId);
    }
    const zoneIds = new Map<number, number>();
    const zones = await writer.query<{ id: number }>(
      'select id from shipping_zones where tenant_id = ? order by id',
      [template.tenantId],
    );
    for (const zone of zones) zoneIds.set(zone.id, ids.take('shipping_zones'));
    await copyTenantRows(writer, 'shipping_zones', template.tenantId, tenantId, zoneIds);
    await copyShippingMethods(writer, template.tenantId, tenantId, zoneIds);
    const shop: ShopContext = {
      tenantId,
      categoryIds: new Map(),
      images: template.images,
      options: template.options,
    };
    const rows: Cell[][] = categories.map((c) => {
      const id = ids.take('categories');
      shop.categoryIds.set(c.slug, id);
      return [id, tenantId, c.slug, c.name, c.description];
    });
    await writer.insert('categories', ['id', 'tenant_id', 'slug', 'name', 'description'], rows);
    products += await addProducts(writer, ids, shop, {
      count: o.productsPerShop,
      firstIndex: 0,
      seed: o.seed,
      stream: STREAM.shop * 100_000 + s,
      now: o.now,
      customerIds: [],
    });
    tenantIds.push(tenantId);
  }
  return { added: tenantIds.length, products, tenantIds };
}

/**
 * Copies `table`'s rows of tenant `from` to tenant `to`, every column the table has now but the
 * id (a new one: from `newIds` by old id when given, else the table's default).
 */
async function copyTenantRows(
  writer: BulkWriter,
  table: string,
  from: number,
  to: number,
  newIds?: Map<number, number>,
): Promise<void> {
  const columns = [...(await writer.columnsOf(table))].filter(
    (c) => c !== 'id' && c !== 'tenant_id',
  );
  if (columns.length === 0) return;
  const rows = await writer.query<Record<string, Cell>>(
    `select id, ${columns.join(', ')} from ${table} where tenant_id = ? order by id`,
    [from],
  );
  const withId = newIds !== undefined;
  await writer.insert(
    table,
    [...(withId ? ['id'] : []), 'tenant_id', ...columns],
    rows.map((row) => [
      ...(withId ? [newIds.get(Number(row.id))!] : []),
      to,
      ...columns.map((c) => normalizeCell(row[c])),
    ]),
  );
}

async function copyShippingMethods(
  writer: BulkWriter,
  from: number,
  to: number,
  zoneIds: Map<number, number>,
): Promise<void> {
  const columns = [...(await writer.columnsOf('shipping_methods'))].filter(
    (c) => c !== 'id' && c !== 'tenant_id',
  );
  const rows = await writer.query<Record<string, Cell>>(
    `select ${columns.join(', ')} from shipping_methods where tenant_id = ? order by id`,
    [from],
  );
  await writer.insert(
    'shipping_methods',
    ['tenant_id', ...columns],
    rows.map((row) => [
      to,
      ...columns.map((c) =>
        c === 'zone_id' && row[c] !== null ? zoneIds.get(Number(row[c]))! : normalizeCell(row[c]),
      ),
    ]),
  );
}

/** A value read back from either driver, as a value to write (PostgreSQL hands back Date and boolean). */
function normalizeCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value);
}

/** Tables this module writes explicit ids into: their PostgreSQL sequences must move past them. */
const ID_TABLES = [
  'tenants',
  'categories',
  'products',
  'users',
  'orders',
  'order_items',
  'shipping_zones',
];

async function moveSequencesPastIds(writer: BulkWriter): Promise<void> {
  for (const table of ID_TABLES) {
    await writer.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
    );
  }
}

/** Stored review statistics a later migration may add to products, by the names it may use. */
const STORED_AVERAGE = ['rating_average', 'average_rating', 'rating_avg', 'avg_rating'];
const STORED_COUNT = ['review_count', 'reviews_count', 'rating_count'];

/**
 * The hook after growing: everything derived from the inserted rows that the database does not
 * keep up to date by itself. Each step checks that its columns or tables exist, so it works
 * before and after the migrations that add them; add a step here when the schema gains a
 * derived value. Now:
 *
 * 1. stored rating columns on products (any of STORED_AVERAGE / STORED_COUNT), unless triggers
 *    on reviews keep them: filled from the reviews of the grown shops' products (0 without);
 * 2. SQLite full-text tables (FTS4/FTS5) with no trigger on products writing to them: rebuilt
 *    ('rebuild' command: the external-content kind);
 * 3. planner statistics: `ANALYZE` on SQLite, `VACUUM (ANALYZE)` of the grown tables on
 *    PostgreSQL (as autovacuum would do soon after a bulk load).
 *
 * @param tenantIds the shops whose products were added
 * @returns one line per step taken, for the report
 */
export async function recomputeAfterGrow(
  writer: BulkWriter,
  tenantIds: readonly number[],
): Promise<string[]> {
  const done: string[] = [];
  const productColumns = await writer.columnsOf('products');
  const average = STORED_AVERAGE.find((c) => productColumns.has(c));
  const count = STORED_COUNT.find((c) => productColumns.has(c));
  const reviewTriggers =
    writer.dialect === 'sqlite'
      ? await writer.query(
          `select name from sqlite_master where type = 'trigger' and tbl_name = 'reviews'`,
        )
      : await writer.query(
          `select trigger_name from information_schema.triggers
            where event_object_table = 'reviews' and event_object_schema = current_schema()`,
        );
  if ((average || count) && reviewTriggers.length > 0) {
    done.push(
      `products.${[average, count].filter(Boolean).join(' and products.')} kept by triggers on reviews`,
    );
  } else if (average || count) {
    // 0, not null, without reviews: the columns may be NOT NULL (0 sorts last by rating anyway).
    const sets = [
      ...(average
        ? [
            `${average} = coalesce((select avg(r.rating) from reviews r where r.product_id = products.id), 0)`,
          ]
        : []),
      ...(count
        ? [`${count} = (select count(*) from reviews r where r.product_id = products.id)`]
        : []),
    ];
    await writer.query(
      `update products set ${sets.join(', ')} where tenant_id in (${tenantIds.map(() => '?').join(', ')})`,
      [...tenantIds],
    );
    done.push(`filled products.${[average, count].filter(Boolean).join(' and products.')}`);
  }
  if (writer.dialect === 'sqlite') {
    const ftsTables = await writer.query<{ name: string }>(
      `select name from sqlite_master where type = 'table' and lower(sql) like '%using fts%'`,
    );
    const triggers = await writer.query<{ sql: string }>(
      `select sql from sqlite_master where type = 'trigger' and tbl_name = 'products'`,
    );
    for (const { name } of ftsTables) {
      if (triggers.some((t) => t.sql.toLowerCase().includes(name.toLowerCase()))) continue;
      try {
        await writer.query(`insert into ${name}(${name}) values ('rebuild')`);
        done.push(`rebuilt full-text table ${name}`);
      } catch (error) {
        done.push(
          `could not rebuild full-text table ${name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    await writer.query('analyze');
    done.push('analyze');
  } else {
    const tables = [
      'products',
      'product_images',
      'product_attributes',
      'reviews',
      'users',
      'orders',
      'order_items',
      'categories',
    ];
    await writer.query(`vacuum (analyze) ${tables.join(', ')}`);
    done.push(`vacuum (analyze) ${tables.join(', ')}`);
  }
  return done;
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

/** The CLI's options, parsed from `argv` (the arguments after the script). */
export interface GrowCli {
  target: BulkTarget;
  options: GrowOptions;
  /** Seed an empty database with the demo shops first (through the API's own seed). */
  seedDemo: boolean;
}

/**
 * Parses `--products N [--sqlite PATH | --database-url URL] [--customers C] [--orders O]
 * [--shops S] [--products-per-shop P] [--random-seed R] [--seed-demo]`; the database defaults
 * to DATABASE_URL when set, else data/shop.sqlite (as the API's).
 * @throws Error on an unknown option or a value that is not a non-negative integer
 */
export function parseGrowArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): GrowCli {
  const values = new Map<string, string>();
  let seedDemo = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--seed-demo') {
      seedDemo = true;
      continue;
    }
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    const known = [
      '--products',
      '--sqlite',
      '--database-url',
      '--customers',
      '--orders',
      '--shops',
      '--products-per-shop',
      '--random-seed',
    ];
    if (!known.includes(name)) throw new Error(`unknown option ${arg}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value`);
    values.set(name, value);
  }
  const count = (name: string): number | undefined => {
    const raw = values.get(name);
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw.replace(/_/g, '')))
      throw new Error(`${name} must be a whole number, not ${raw}`);
    return Number(raw.replace(/_/g, ''));
  };
  const products = count('--products');
  if (products === undefined) throw new Error('--products N is required');
  const databaseUrl =
    values.get('--database-url') ?? (values.has('--sqlite') ? undefined : env.DATABASE_URL);
  const target: BulkTarget = databaseUrl
    ? { databaseUrl }
    : { sqlitePath: values.get('--sqlite') ?? env.SQLITE_PATH ?? 'data/shop.sqlite' };
  const options: GrowOptions = { products };
  const customers = count('--customers');
  const orders = count('--orders');
  const shops = count('--shops');
  const perShop = count('--products-per-shop');
  const seed = count('--random-seed');
  if (customers !== undefined) options.customers = customers;
  if (orders !== undefined) options.orders = orders;
  if (shops !== undefined) options.shops = shops;
  if (perShop !== undefined) options.productsPerShop = perShop;
  if (seed !== undefined) options.seed = seed;
  return { target, options, seedDemo };
}

/**
 * Creates, migrates and seeds the database at `target` with the demo shops through the API's own
 * start-up (server/app.ts `buildApp`), without media files, when it has no shop yet.
 */
export async function seedDemoDatabase(target: BulkTarget): Promise<void> {
  const { buildApp } = await import('../../server/app.ts');
  const { loadConfig } = await import('../../server/config/config.ts');
  const dir = 'sqlitePath' in target ? path.dirname(target.sqlitePath) : 'data';
  const config = {
    ...loadConfig({}),
    ...('databaseUrl' in target
      ? { databaseUrl: target.databaseUrl }
      : { databaseUrl: null, sqlitePath: target.sqlitePath }),
    mediaDir: path.join(dir, 'media'),
    serveSpa: false,
    logLevel: 'warn' as const,
    // A throwaway secret: the seeded database is for measuring, its tokens never leave it.
    jwtSecret: randomBytes(32).toString('hex'),
    paymentSecretsKey: new Uint8Array(randomBytes(32)),
    passwordHashCost: 10,
  };
  const app = await buildApp({
    config,
    seed: { skipMedia: true },
    logger: false,
    background: false,
    loadRenderer: null,
  });
  await app.close();
}

async function main(): Promise<void> {
  const cli = parseGrowArgs(process.argv.slice(2));
  const where = 'sqlitePath' in cli.target ? cli.target.sqlitePath : 'DATABASE_URL';
  if (cli.seedDemo) {
    console.error(`grow: seeding the demo shops into ${where} when it is empty`);
    await seedDemoDatabase(cli.target);
  }
  console.error(`grow: growing ${where} to ${cli.options.products} active products`);
  const report = await growCatalogue(cli.target, {
    ...cli.options,
    log: (line) => console.error(`grow: ${line}`),
  });
  for (const line of describeReport(report)) console.log(line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`grow: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
