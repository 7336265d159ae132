/**
 * A product's stock as the back office reads it (./stock.ts changes it): the stock with its
 * history, 20 a page, newest first, and the list of what is low, 50 a page. Counts are pieces.
 *
 * The history merges four sources: the movements made in the back office (`stock_movements`);
 * the sales, read from the order lines that took stock (`order_items.stock_taken`, at the
 * order's time); what an unpaid order gave back when it was canceled or expired (at its
 * `closed_at`); and the pieces a refund put back in stock (`refund_lines.restocked`, at the
 * refund's time, server/orders/refund-lines.ts). Sales and returns are read, never written, so the checkout path does not change.
 * A paid order canceled by the shop gives back only what had not left the shop; the history
 * shows its lines as returned all the same (an approximation, noted in the contract).
 *
 * Errors: `product_not_found` (404) for no such product in the shop; `invalid_page` (404
 * "Invalid page.") past the last page. Spec: openapi/admin.yaml, tag stock-and-categories.
 */
import { variantLabel } from './variant-names.ts';
import { type Kysely, sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database } from '../platform/db/database.ts';
import type { StockMovementReason } from './tables.ts';
import { isRowId } from '../platform/db/errors.ts';
import { toBool, toCount, toIsoString } from '../platform/db/mapping.ts';
import { readCountedPage, readQueryPage } from '../platform/db/page-offset.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { waitingCounts } from './back-in-stock.ts';

export type ProductStock = Schemas['ProductStock'];
export type StockMovement = Schemas['StockMovement'];
export type LowStockItem = Schemas['LowStockItem'];

/** Movements a page of a product's history. */
export const STOCK_HISTORY_PAGE_SIZE = 20;
/** Products a page of the low-stock list. */
export const LOW_STOCK_PAGE_SIZE = 50;

const notFound = () => new DomainError<CatalogErrorCode>('product_not_found', 'Not found.');
const invalidPage = () => new DomainError<CatalogErrorCode>('invalid_page', 'Invalid page.');

/** A product's stock as the back office reads it. */
export interface ProductStockRow {
  id: number;
  slug: string;
  name: string;
  stock: number;
  made_to_order: boolean | number;
  low_stock_threshold: number | null;
  /** Its variants' axes (JSON, issue 42); null for a product without variants, whose stock is
   * its own. */
  variant_axes: string | null;
}

/** The shop's product `productId` with its stock and variant axes, or undefined. */
export async function findProduct(
  db: Kysely<Database>,
  tenantId: number,
  productId: number,
): Promise<ProductStockRow | undefined> {
  if (!isRowId(productId)) return;
  return db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'stock', 'made_to_order', 'low_stock_threshold', 'variant_axes'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** True when a product at `stock` with `threshold` shows as low (never a made-to-order one). */
export function isLow(stock: number, threshold: number | null, madeToOrder: boolean): boolean {
  return !madeToOrder && threshold !== null && stock <= threshold;
}

/** A line of a product's history as the query reads it. */
interface HistoryRow {
  kind: 'adjustment' | 'sale' | 'return';
  at: Date | string;
  change: number | string;
  stock_after: number | string | null;
  reason: StockMovementReason | null;
  note: string | null;
  staff_id: number | null;
  staff_name: string | null;
  staff_email: string | null;
  order_number: string | null;
  /** The variant whose stock moved, and its SKU (issue 42); null for the product's own. */
  variant_label: string | null;
  sku: string | null;
}

/** Product `productId`'s history (see the module comment), unordered, as one query. */
function historyOf(tenantId: number, productId: number) {
  return sql<HistoryRow>`
    select 'adjustment' as kind, m.id as seq, m.created_at as at, m.change as change,
      m.stock_after as stock_after, m.reason as reason, m.note as note, m.staff_id as staff_id,
      s.name as staff_name, s.email as staff_email, null as order_number,
      case when v.id is null then null when v.value2 is null then v.value1
        else v.value1 || ' / ' || v.value2 end as variant_label, v.sku as sku
    from stock_movements m left join staff s on s.id = m.staff_id
      left join product_variants v on v.id = m.variant_id
    where m.tenant_id = ${tenantId} and m.product_id = ${productId}
    union all
    select 'sale', oi.id, o.created_at, -oi.stock_taken, null, null, '', null, null, null,
      o.order_number, oi.variant_label, oi.sku
    from order_items oi join orders o on o.id = oi.order_id
    where o.tenant_id = ${tenantId} and oi.product_id = ${productId} and oi.stock_taken > 0
    union all
    select 'return', oi.id, o.closed_at, oi.stock_taken, null, null, '', null, null, null,
      o.order_number, oi.variant_label, oi.sku
    from order_items oi join orders o on o.id = oi.order_id
    where o.tenant_id = ${tenantId} and oi.product_id = ${productId} and oi.stock_taken > 0
      and o.status in ('canceled', 'expired') and o.closed_at is not null
    union all
    select 'return', rl.id, rl.created_at, rl.restocked, null, null, '', null, null, null,
      o.order_number, oi.variant_label, oi.sku
    from refund_lines rl join order_items oi on oi.id = rl.order_item_id
      join orders o on o.id = rl.order_id
    where rl.tenant_id = ${tenantId} and oi.product_id = ${productId} and rl.restocked > 0`;
}

/**
 * Product `productId` of shop `tenantId`: its stock with page `page` of its history (20 a page,
 * newest first: see the module comment).
 * @throws DomainError `product_not_found` (404); `invalid_page` (404) past
 *   the last page (page 1 is always valid).
 */
export async function getProductStock(
  db: Kysely<Database>,
  tenantId: number,
  productId: number,
  page = 1,
): Promise<ProductStock & { nextPage: number | null; previousPage: number | null }> {
  const product = await findProduct(db, tenantId, productId);
  if (!product) throw notFound();
  const history = historyOf(tenantId, product.id);
  const { rows, ...links } = await readCountedPage(
    page,
    STOCK_HISTORY_PAGE_SIZE,
    invalidPage,
    async () => {
      const counted = await sql<{
        n: number | string;
      }>`select count(*) as n from (${history}) h`.execute(db);
      return toCount(counted.rows[0]?.n);
    },
    async (offset) =>
      (
        await sql<HistoryRow>`select * from (${history}) h
            order by h.at desc, h.kind desc, h.seq desc
            limit ${STOCK_HISTORY_PAGE_SIZE} offset ${offset}`.execute(db)
      ).rows,
  );
  const madeToOrder = toBool(product.made_to_order);
  const waiting = (await waitingCounts(db, tenantId, [product.id])).get(product.id) ?? 0;
  return {
    product_id: product.id,
    slug: product.slug,
    name: product.name,
    stock: product.stock,
    low_stock_threshold: product.low_stock_threshold,
    is_low: isLow(product.stock, product.low_stock_threshold, madeToOrder),
    made_to_order: madeToOrder,
    back_in_stock_waiting: waiting,
    nextPage: links.nextPage,
    previousPage: links.previousPage,
    movements: {
      count: links.count,
      next: null,
      previous: null,
      results: rows.map((row) => ({
        kind: row.kind,
        at: toIsoString(row.at),
        change: Number(row.change),
        stock_after: row.stock_after === null ? null : Number(row.stock_after),
        reason: row.reason,
        note: row.note ?? '',
        staff_name:
          row.kind !== 'adjustment'
            ? null
            : row.staff_id === null
              ? 'System'
              : (row.staff_name ?? row.staff_email ?? 'System'),
        order_number: row.order_number,
        variant_label: row.variant_label,
        sku: row.sku,
      })),
    },
  };
}

/**
 * Page `page` of shop `tenantId`'s products at or below their low-stock threshold (not made to
 * order), sold out first, then by stock, name and id; 50 a page. A product with variants is
 * listed once for each variant at or below its threshold, with the variant's name and SKU.
 * @throws DomainError `invalid_page` (404) past the last page.
 */
export async function listLowStock(
  db: Kysely<Database>,
  tenantId: number,
  page = 1,
): Promise<{
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  results: LowStockItem[];
}> {
  // A piece with variants is listed by its low variants, each against the piece's threshold
  // (issue 42); a piece without, by its own stock.
  const query = db
    .selectFrom('products as p')
    .leftJoin('product_variants as v', (join) =>
      join.onRef('v.product_id', '=', 'p.id').on('v.tenant_id', '=', tenantId),
    )
    .where('p.tenant_id', '=', tenantId)
    .where('p.made_to_order', '=', 0)
    .where('p.archived_at', 'is', null)
    .where('p.low_stock_threshold', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('p.variant_axes', 'is', null),
          eb(sql<number>`p.stock`, '<=', sql<number>`p.low_stock_threshold`),
        ]),
        eb.and([
          eb('p.variant_axes', 'is not', null),
          eb(sql<number>`v.stock`, '<=', sql<number>`p.low_stock_threshold`),
        ]),
      ]),
    );
  const { rows, ...links } = await readQueryPage(
    query,
    page,
    LOW_STOCK_PAGE_SIZE,
    invalidPage,
    (found) =>
      found
        .select([
          'p.id',
          'p.slug',
          'p.name',
          'p.low_stock_threshold',
          'v.id as variant_id',
          'v.value1',
          'v.value2',
          'v.sku',
        ])
        .select(sql<number>`coalesce(v.stock, p.stock)`.as('stock'))
        .orderBy(sql`coalesce(v.stock, p.stock)`)
        .orderBy('p.name')
        .orderBy('p.id')
        .orderBy('v.position'),
  );
  return {
    ...links,
    results: rows.map((row) => ({
      product_id: row.id,
      slug: row.slug,
      name: row.name,
      stock: Number(row.stock),
      low_stock_threshold: row.low_stock_threshold ?? 0,
      variant_id: row.variant_id,
      variant_label:
        row.value1 === null ? null : variantLabel({ value1: row.value1, value2: row.value2 }),
      sku: row.sku,
    })),
  };
}
