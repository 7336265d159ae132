/**
 * More shops for measuring how the catalogue scales with the number of tenants: each bench shop
 * (token `bench-shop-NNNN`) copies the grown shop's settings, categories and shipping zones and
 * methods, every column they have now (so a later migration's columns come along), and gets its
 * own generated products (./grow-products.ts), without customers or orders.
 */
import type { BulkWriter, Cell } from './bulk-writer';
import { addProducts } from './grow-products';
import { type Ids, iso, type ShopContext, STREAM, toInt } from './grow-rows';

/** Tables of a shop's own settings, copied from the grown shop to each new one. */
const SHOP_SETTING_TABLES = ['site_settings', 'company_info', 'core_values', 'shop_settings'];

/**
 * Brings the generated shops (tokens `bench-shop-NNNN`) to `o.shops`, each a copy of the grown
 * shop's settings, categories and shipping, with `o.productsPerShop` generated products (no
 * customers or orders).
 */
export async function addShops(
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
