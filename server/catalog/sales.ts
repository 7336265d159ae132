/**
 * Sales (issue 42, decision 089): a percentage an owner takes off a category's products or
 * chosen products, between two moments. While a sale runs, the product's price everywhere (cards,
 * its page, the cart, the shipping quote, the checkout and the order's line) is its reduced
 * price: the unit price (the product's price with its options' surcharges) less the sale's
 * percent, rounded half up to the cent, per unit ({@link salePrice}). When several running
 * sales cover a product, the largest percent wins (the earlier sale on a tie).
 *
 * A shop has few sales: its open ones (not yet ended, running or to come) are read once
 * ({@link loadOpenSales}, two small queries), kept with the catalogue's cache, and applied to
 * the rows a page already read, in code ({@link saleOf}); never a subquery per row. The next
 * moment one starts or ends ({@link nextBoundary}) is when cached answers must go.
 *
 * Honest prices (Directive 98/6/EC art. 6a; decision 074): during a sale the "was" price shown
 * is the lowest price the product had in the 30 days before the sale started
 * ({@link lowestBeforeSale}, from its price history), and only when the reduced price is below
 * it.
 *
 * Whether a line may be reduced at all is decided by one function, {@link discountableLine}.
 */
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { lowestPriorPrice, type PricePoint } from './price-history.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A sale not yet ended, as pricing reads it (times in epoch milliseconds). */
export interface OpenSale {
  id: number;
  /** Whole percent off, 1 to 90. */
  percent: number;
  categoryId: number | null;
  productIds: ReadonlySet<number>;
  startsAt: number;
  endsAt: number;
}

/** The shop's open sales, read at one moment ({@link loadOpenSales}). */
export interface SaleTable {
  sales: readonly OpenSale[];
}

/** The sale reducing one product now, as the catalogue shows it. */
export interface ProductSale {
  id: number;
  percent: number;
  /** When the sale ends (epoch ms). */
  endsAt: number;
  /** When it started (epoch ms): the 30 days before it give the "was" price. */
  startsAt: number;
}

/**
 * Shop `tenantId`'s sales that have not ended at `now` (running or to come), with their chosen
 * products: two queries (the second only when there is a sale).
 */
export async function loadOpenSales(
  db: Db,
  tenantId: number,
  now: Date = new Date(),
): Promise<SaleTable> {
  const rows = await db
    .selectFrom('sales')
    .select(['id', 'percent', 'category_id', 'starts_at', 'ends_at'])
    .where('tenant_id', '=', tenantId)
    .where('ends_at', '>', now.toISOString())
    .orderBy('id')
    .execute();
  if (rows.length === 0) return { sales: [] };
  const chosen = await db
    .selectFrom('sale_products')
    .select(['sale_id', 'product_id'])
    .where('tenant_id', '=', tenantId)
    .where(
      'sale_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const bySale = new Map<number, Set<number>>();
  for (const { sale_id, product_id } of chosen) {
    let set = bySale.get(sale_id);
    if (!set) bySale.set(sale_id, (set = new Set()));
    set.add(product_id);
  }
  return {
    sales: rows.map((row) => ({
      id: row.id,
      percent: row.percent,
      categoryId: row.category_id,
      productIds: bySale.get(row.id) ?? new Set(),
      startsAt: new Date(row.starts_at).getTime(),
      endsAt: new Date(row.ends_at).getTime(),
    })),
  };
}

/**
 * The next moment after `at` (epoch ms) when one of the table's sales starts or ends, or null
 * when none will: until then, what the table prices stays the same.
 */
export function nextBoundary(table: SaleTable, at: number): number | null {
  let next: number | null = null;
  for (const sale of table.sales) {
    for (const moment of [sale.startsAt, sale.endsAt]) {
      if (moment > at && (next === null || moment < next)) next = moment;
    }
  }
  return next;
}

/**
 * The sale reducing product `product` at `at` (epoch ms): of the sales running then
 * (`startsAt <= at < endsAt`) that cover it (its category, or chosen), the one with the largest
 * percent, the earlier (lower id) on a tie; null when none does, or when the product may not be
 * reduced ({@link discountableLine}).
 */
export function saleOf(
  table: SaleTable,
  product: { id: number; category_id: number },
  at: number,
): ProductSale | null {
  if (!discountableLine(product)) return null;
  const best = runningSales(table, at).find(
    (sale) => sale.categoryId === product.category_id || sale.productIds.has(product.id),
  );
  return best
    ? { id: best.id, percent: best.percent, endsAt: best.endsAt, startsAt: best.startsAt }
    : null;
}

/**
 * The table's sales running at `at` (epoch ms; `startsAt <= at < endsAt`) in the order that
 * decides which one reduces a product both sales cover: the largest percent first, the earlier
 * (lower id) on a tie.
 */
export function runningSales(table: SaleTable, at: number): OpenSale[] {
  return table.sales
    .filter((sale) => sale.startsAt <= at && at < sale.endsAt)
    .sort((a, b) => b.percent - a.percent || a.id - b.id);
}

/**
 * A product's price as shoppers see it at `at`, in SQL over `products as p` (SQLite and
 * PostgreSQL): {@link saleOf}'s sale applied with {@link salePrice}'s rounding, in integer
 * arithmetic, so the list's price bounds and price order (./product-list.ts) read the price its
 * cards show. Plain `p.price_cents` while no sale runs, so the list's price index still serves.
 * A gift card is never reduced ({@link discountableLine}).
 */
export function shownPriceSql(table: SaleTable, at: number): RawBuilder<number> {
  const branches: RawBuilder<unknown>[] = [];
  for (const sale of runningSales(table, at)) {
    const covers: RawBuilder<unknown>[] = [];
    if (sale.categoryId !== null) covers.push(sql`p.category_id = ${sale.categoryId}`);
    if (sale.productIds.size > 0) covers.push(sql`p.id in (${sql.join([...sale.productIds])})`);
    if (covers.length === 0) continue;
    // The multiplier is written into the SQL (a whole 10 to 99, from the shop's own sale): bound,
    // SQLite would take the number as a REAL and round nothing.
    const keep = sql.lit(Math.trunc(100 - sale.percent));
    branches.push(
      sql`when ${sql.join(covers, sql` or `)} then (cast(p.price_cents as bigint) * ${keep} + 50) / 100`,
    );
  }
  if (branches.length === 0) return sql<number>`p.price_cents`;
  return sql<number>`(case when p.gift_card = ${1} then p.price_cents ${sql.join(branches, sql` `)} else p.price_cents end)`;
}

/**
 * `cents` less `percent` percent, rounded half up to the cent: 10% off 10.05 is 9.05 (9.045).
 * Applied to one unit; a line's total is the unit times the quantity.
 */
export function salePrice(cents: number, percent: number): number {
  return Math.floor((cents * (100 - percent) + 50) / 100);
}

/**
 * Whether a line (a cart line, an order line) or a product may be reduced by a sale or a
 * discount code: the one place that decides it, called by {@link saleOf} for every product
 * priced, by the cart for every line and by the codes' rules (../discounts/discount-rules.ts).
 * A gift card never is (decision 090: a cart line's `giftCard`, a product row's `gift_card`).
 */
export function discountableLine(line: object): boolean {
  const marks = line as { giftCard?: unknown; gift_card?: unknown };
  if (marks.giftCard === true) return false;
  return !(marks.gift_card === true || marks.gift_card === 1 || marks.gift_card === '1');
}

/**
 * The lowest price in effect at any moment of the 30 days before `start` (decision 074), from a
 * product's price history (any order); null when no price was in effect then (the product's
 * first price came after the sale started).
 */
export function lowestBeforeSale(history: readonly PricePoint[], start: Date): number | null {
  const before = history.filter((point) => point.from.getTime() < start.getTime());
  if (before.length === 0) return null;
  // The sale's start closes the window: the price after it is not "before".
  return lowestPriorPrice([...before, { priceCents: 0, from: start }]);
}

/**
 * The "was" price of each product on sale, by product id: the lowest of the 30 days before
 * its sale started ({@link lowestBeforeSale}). One query for all of them, reading only their
 * price history (none when `onSale` is empty).
 */
export async function pricesBeforeSales(
  db: Db,
  tenantId: number,
  onSale: ReadonlyMap<number, ProductSale>,
): Promise<Map<number, number | null>> {
  const lowest = new Map<number, number | null>();
  if (onSale.size === 0) return lowest;
  const rows = await db
    .selectFrom('product_prices')
    .select(['product_id', 'price_cents', 'effective_from'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', 'in', [...onSale.keys()])
    .orderBy('product_id')
    .orderBy('effective_from')
    .orderBy('id')
    .execute();
  const histories = new Map<number, PricePoint[]>();
  for (const row of rows) {
    let list = histories.get(row.product_id);
    if (!list) histories.set(row.product_id, (list = []));
    list.push({ priceCents: row.price_cents, from: new Date(row.effective_from) });
  }
  for (const [productId, sale] of onSale) {
    lowest.set(
      productId,
      lowestBeforeSale(histories.get(productId) ?? [], new Date(sale.startsAt)),
    );
  }
  return lowest;
}
