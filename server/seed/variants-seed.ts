/**
 * Gives the demo maker's gyuto its sizes (issue 42, decision 091): "Blade length" 210 mm,
 * 240 mm and 270 mm (sold out), each with its SKU, price, stock and weight, so a shopper can buy the 240 mm against
 * the demo data (tests/e2e/variants.spec.ts). The 210 mm keeps the piece's price and the stocks
 * add up to the piece's, so the shop's lists look as before. Runs on a real start (and in a
 * test that asks for it: `seed.variantsDemo`), after the catalogue seed; a gyuto that has
 * variants already, or is gone, is left as it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';

/** The demo maker's tenant token (./shop-data.ts) and its gyuto. */
const MAKER = 'demo-handcraft';
export const DEMO_GYUTO_SLUG = 'damascus-gyuto-210mm';

/** The gyuto's sizes; the 270 mm is sold out (its choice shows so, and is disabled). */
export const DEMO_GYUTO_VARIANTS = [
  { value1: '210 mm', sku: 'EO-DG-210', price_cents: 38500, stock: 3, weight_grams: 185 },
  { value1: '240 mm', sku: 'EO-DG-240', price_cents: 42500, stock: 8, weight_grams: 215 },
  { value1: '270 mm', sku: 'EO-DG-270', price_cents: 46500, stock: 0, weight_grams: 240 },
] as const;

/**
 * Writes the gyuto's axis and sizes when it has none.
 * @returns how many variants it wrote (0 when there was nothing to do).
 */
export async function seedVariantsIfMissing(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const gyuto = await trx
      .selectFrom('products as p')
      .innerJoin('tenants as t', 't.id', 'p.tenant_id')
      .select(['p.id', 'p.tenant_id', 'p.variant_axes'])
      .where('t.token', '=', MAKER)
      .where('p.slug', '=', DEMO_GYUTO_SLUG)
      .executeTakeFirst();
    if (!gyuto || gyuto.variant_axes !== null) return 0;
    await trx
      .insertInto('product_variants')
      .values(
        DEMO_GYUTO_VARIANTS.map((v, position) => ({
          ...v,
          tenant_id: gyuto.tenant_id,
          product_id: gyuto.id,
          position,
        })),
      )
      .execute();
    await trx
      .updateTable('products')
      .set({
        variant_axes: JSON.stringify(['Blade length']),
        stock: DEMO_GYUTO_VARIANTS.reduce((sum, v) => sum + v.stock, 0),
      })
      .where('id', '=', gyuto.id)
      .execute();
    return DEMO_GYUTO_VARIANTS.length;
  });
}
