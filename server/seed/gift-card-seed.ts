/**
 * Gives the demo maker a gift card product (issue 42, decision 090): "Ember & Oak gift card",
 * amounts $50.00, $100.00 and $200.00 or any amount from $25.00 to $500.00, in its own
 * "Gift cards" category, with one drawn picture (./images.ts, the painting's style in the
 * shop's logo colours). Runs on a real start (and in a test that asks for it:
 * `seed.giftCardDemo`), after the catalogue seed, so the tests that count the demo's products
 * and categories (./catalog-data.ts's own facts) see the catalogue as before. A shop that has
 * the card already, or no demo maker, is left as it is.
 */
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { SeedImage } from './catalog-data.ts';
import { renderProductImage } from './images.ts';
import { productImageFiles, writeAtomically } from './seed.ts';

/** The demo maker's tenant token (./shop-data.ts). */
const MAKER = 'demo-handcraft';
const FULL_SIZE = 800;
const THUMB_SIZE = 320;

export const DEMO_GIFT_CARD = {
  slug: 'ember-oak-gift-card',
  name: 'Ember & Oak gift card',
  category: {
    slug: 'gift-cards',
    name: 'Gift cards',
    description:
      '<p>Not sure which knife, bowl or painting? Send a gift card by e-mail, on the day you choose, and let them pick.</p>',
  },
  description:
    'A gift card for anything in the workshop, e-mailed to the person you choose on the day you choose. Pick $50, $100 or $200, or any amount from $25 to $500.',
  long_html_description:
    '<p>The card arrives by e-mail with your message and a code to use at checkout. It pays for any piece in the shop, and what it does not spend stays on the card for next time.</p>' +
    '<ul><li>Delivered by e-mail, never posted</li><li>Any amount from $25 to $500</li></ul>',
  /** The lowest fixed amount: what the lists show as its price. */
  price_cents: 5000,
  amounts_cents: [5000, 10000, 20000],
  min_cents: 2500,
  max_cents: 50000,
  image: {
    shape: 'painting',
    palette: ['#1f1b16', '#c8693a', '#f5efe6'],
    alt_text: 'The Ember & Oak gift card: an ember-orange picture in a pale frame on a dark ground',
  } satisfies SeedImage,
} as const;

export interface GiftCardSeedOptions {
  mediaDir: string;
  publicApiPath: string;
  /** Skip drawing the picture (tests that never fetch images). */
  skipMedia?: boolean;
  now?: Date;
}

/**
 * Writes the demo maker's gift card product when the shop has none by its slug.
 * @returns 1 when it wrote the product, 0 when there was nothing to do.
 */
export async function seedGiftCardIfMissing(
  db: Kysely<Database>,
  options: GiftCardSeedOptions,
): Promise<number> {
  const card = DEMO_GIFT_CARD;
  const tenant = await db
    .selectFrom('tenants')
    .select(['id', 'media_slug'])
    .where('token', '=', MAKER)
    .executeTakeFirst();
  if (!tenant) return 0;
  const existing = await db
    .selectFrom('products')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('slug', '=', card.slug)
    .executeTakeFirst();
  if (existing) return 0;

  const files = productImageFiles(card.slug, 1);
  if (!options.skipMedia) {
    const root = join(options.mediaDir, tenant.media_slug);
    const image = { ...card.image, palette: [...card.image.palette] } as SeedImage;
    await writeAtomically(
      join(root, files.full),
      await renderProductImage(image, FULL_SIZE, 'webp'),
    );
    await writeAtomically(
      join(root, files.thumb),
      await renderProductImage(image, THUMB_SIZE, 'webp'),
    );
  }
  const mediaUrl = `${options.publicApiPath}/media/${tenant.media_slug}`;
  const now = options.now ?? new Date();
  // Made a month ago: the catalogue's "newest" (the home page's strip, the lists' first
  // product) stays the workshop's pieces.
  const madeAt = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();

  return db.transaction().execute(async (trx) => {
    let category = await trx
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('slug', '=', card.category.slug)
      .executeTakeFirst();
    if (!category) {
      const last = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirst();
      category = await trx
        .insertInto('categories')
        .values({
          tenant_id: tenant.id,
          slug: card.category.slug,
          name: card.category.name,
          description: card.category.description,
          position: Number(last?.position ?? 0) + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const { id: productId } = await trx
      .insertInto('products')
      .values({
        tenant_id: tenant.id,
        slug: card.slug,
        name: card.name,
        category_id: category.id,
        price_cents: card.price_cents,
        price_before_discount_cents: null,
        stock: 0,
        description: card.description,
        long_html_description: card.long_html_description,
        is_active: 1,
        created_at: madeAt,
        gift_card: 1,
        gift_card_amounts: JSON.stringify(card.amounts_cents),
        gift_card_min_cents: card.min_cents,
        gift_card_max_cents: card.max_cents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Its price's history starts when it was made (../catalog/price-history.ts: no earlier price).
    await trx
      .insertInto('product_prices')
      .values({
        tenant_id: tenant.id,
        product_id: productId,
        price_cents: card.price_cents,
        effective_from: madeAt,
      })
      .execute();
    await trx
      .insertInto('product_images')
      .values({
        product_id: productId,
        image_path: `${mediaUrl}/${files.full}`,
        thumb_path: `${mediaUrl}/${files.thumb}`,
        width: FULL_SIZE,
        height: FULL_SIZE,
        alt_text: card.image.alt_text,
        position: 1,
      })
      .execute();
    return 1;
  });
}
