/**
 * Gives the demo maker's shop its product safety information (EU General Product Safety
 * Regulation (EU) 2023/988 arts 16 and 19; decision 083): a shop default naming the workshop as
 * manufacturer and, since a UK workshop selling to the EU needs one, an EU responsible person in
 * Ireland (invented), and each knife its model, batch, warnings and the sharp-edge pictogram.
 * Runs on every start after the shop settings seed, so a database seeded before this existed gets
 * them too; a default or a product the owner already filled in is left as it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { EMPTY_SAFETY, safetyJson, type SafetyFields } from '../../common/product-safety.ts';

/** The demo maker's tenant token (./shop-data.ts). */
const MAKER = 'demo-handcraft';

/** The maker's default: the workshop as manufacturer, and its EU responsible person. */
export const DEMO_SAFETY_DEFAULT: SafetyFields = {
  ...EMPTY_SAFETY,
  manufacturer_name: 'Ember & Oak Workshop Ltd',
  manufacturer_address: 'The Old Boatyard, Quay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
  manufacturer_contact: 'safety@emberandoak.example',
  responsible_person_name: 'Liffey Product Compliance Ltd',
  responsible_person_address: '12 Ormond Quay Upper\nDublin 7, D07 X2F4\nIreland',
  responsible_person_contact: 'gpsr@liffeycompliance.example',
};

const KNIFE_CATEGORIES = ['chef-knives', 'hunting-knives', 'folding-knives'];

/** The warnings of a knife of `category`, in plain words. */
export function knifeWarnings(category: string): string {
  const lines = [
    'Very sharp blade: cut away from your body and keep your fingers clear of the edge.',
    'Keep out of reach of children. Sold to adults only (18+).',
  ];
  if (category === 'chef-knives')
    lines.push('Hand wash and dry at once; never put it in a dishwasher.');
  if (category === 'hunting-knives')
    lines.push('Carry it in its sheath; check the local laws before carrying a fixed blade.');
  if (category === 'folding-knives')
    lines.push('Close the blade before pocketing it; check the local laws on carrying a knife.');
  return lines.join('\n');
}

/** A knife's model: the workshop's initials, the slug's initials and the year, "EO-DG2-26". */
function modelOf(slug: string): string {
  const initials = slug
    .split('-')
    .map((word) => (/^\d/.test(word) ? word.replace(/\D.*$/, '').slice(0, 3) : word[0]))
    .join('')
    .toUpperCase();
  return `EO-${initials}-26`;
}

/**
 * Writes the demo maker's default where its shop has none, and each knife's safety fields where
 * the knife has none.
 * @returns how many rows it wrote (0 when everything was there).
 */
export async function seedProductSafetyIfMissing(db: Kysely<Database>): Promise<number> {
  const tenant = await db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', MAKER)
    .executeTakeFirst();
  if (!tenant) return 0;
  let written = 0;
  const settings = await db
    .updateTable('shop_settings')
    .set({ product_safety: safetyJson(DEMO_SAFETY_DEFAULT) })
    .where('tenant_id', '=', tenant.id)
    .where('product_safety', 'is', null)
    .executeTakeFirst();
  written += Number(settings.numUpdatedRows ?? 0n);
  const knives = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'c.slug as category'])
    .where('p.tenant_id', '=', tenant.id)
    .where('c.slug', 'in', KNIFE_CATEGORIES)
    .where('p.safety', 'is', null)
    .execute();
  for (const knife of knives) {
    const fields: SafetyFields = {
      ...EMPTY_SAFETY,
      model: modelOf(knife.slug),
      batch_or_serial: 'Batch 2026-11',
      warnings: knifeWarnings(knife.category),
      pictogram: 'sharp_edge',
    };
    const done = await db
      .updateTable('products')
      .set({ safety: safetyJson(fields) })
      .where('id', '=', knife.id)
      .where('safety', 'is', null)
      .executeTakeFirst();
    written += Number(done.numUpdatedRows ?? 0n);
  }
  return written;
}
