/**
 * Gives each demo shop its maker's-shop settings (decisions 014, 041, 042 and 043; data in
 * ./shop-data.ts): working rules, shipping zones and methods, and its products' options, lead times
 * and age restriction. Runs on every start after the catalogue seed, so a database seeded before
 * these existed gets them too; a shop that already has a `shop_settings` row is left as its owner
 * keeps it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { insertRows } from './insert-rows.ts';
import { type SeedShop, seedShops } from './shop-data.ts';

/**
 * Writes the settings of every demo shop that exists and has none, each shop in one transaction
 * (the settings row first, ON CONFLICT DO NOTHING, so a second process starting at the same
 * moment writes nothing twice).
 * @returns the tenant tokens it wrote.
 */
export async function seedShopSettingsIfMissing(
  db: Kysely<Database>,
  shops: readonly SeedShop[] = seedShops,
): Promise<string[]> {
  const written: string[] = [];
  for (const shop of shops) {
    const done = await db.transaction().execute(async (trx) => {
      const tenant = await trx
        .selectFrom('tenants')
        .select('id')
        .where('token', '=', shop.tenantToken)
        .executeTakeFirst();
      if (!tenant) return false;
      const settings = await trx
        .insertInto('shop_settings')
        .values({
          tenant_id: tenant.id,
          minimum_age: shop.minimum_age,
          working_days: shop.working_days.join(','),
          ready_dispatch_days_min: shop.ready_dispatch_days[0],
          ready_dispatch_days_max: shop.ready_dispatch_days[1],
        })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .executeTakeFirst();
      if (Number(settings.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await insertShipping(trx, tenant.id, shop);
      await markProducts(trx, tenant.id, shop);
      return true;
    });
    if (done) written.push(shop.tenantToken);
  }
  return written;
}

async function insertShipping(trx: Kysely<Database>, tenantId: number, shop: SeedShop) {
  let position = 0;
  const method = (m: SeedShop['everywhere'][number], zoneId: number | null) => ({
    tenant_id: tenantId,
    zone_id: zoneId,
    code: m.code,
    name: m.name,
    description: m.description,
    kind: m.kind,
    age_verified: m.age_verified ? 1 : 0,
    price_cents: m.price_cents,
    free_over_cents: m.free_over_cents,
    position: position++,
  });
  for (const [index, zone] of shop.zones.entries()) {
    const { id: zoneId } = await trx
      .insertInto('shipping_zones')
      .values({
        tenant_id: tenantId,
        name: zone.name,
        countries: JSON.stringify(zone.countries),
        age_restricted_allowed: zone.age_restricted_allowed ? 1 : 0,
        position: index,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(
      trx,
      'shipping_methods',
      zone.methods.map((m) => method(m, zoneId)),
    );
  }
  await insertRows(
    trx,
    'shipping_methods',
    shop.everywhere.map((m) => method(m, null)),
  );
}

async function markProducts(trx: Kysely<Database>, tenantId: number, shop: SeedShop) {
  if (shop.ageRestrictedCategories.length > 0) {
    const categories = trx
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('slug', 'in', shop.ageRestrictedCategories);
    await trx
      .updateTable('categories')
      .set({ adults_only: 1 })
      .where('tenant_id', '=', tenantId)
      .where('slug', 'in', shop.ageRestrictedCategories)
      .execute();
    await trx
      .updateTable('products')
      .set({ age_restricted: 1 })
      .where('tenant_id', '=', tenantId)
      .where('category_id', 'in', categories)
      .execute();
  }
  for (const [slug, product] of Object.entries(shop.products)) {
    await trx
      .updateTable('products')
      .set({
        ...(product.options ? { options: JSON.stringify(product.options) } : {}),
        ...(product.made_to_order
          ? {
              made_to_order: 1,
              lead_time_days_min: product.made_to_order[0],
              lead_time_days_max: product.made_to_order[1],
            }
          : {}),
        ...(product.age_restricted === undefined
          ? {}
          : { age_restricted: product.age_restricted ? 1 : 0 }),
      })
      .where('tenant_id', '=', tenantId)
      .where('slug', '=', slug)
      .execute();
  }
}
