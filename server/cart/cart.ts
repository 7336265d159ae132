/**
 * The customer's server-side cart (spec sections 3, 4, 5 and 7): its lines and totals, read
 * here for the cart's answers and for checkout, which orders the same lines. The changes a
 * shopper makes are ./cart-changes.ts. Every change, and checkout, runs in a transaction that
 * first touches the cart row (`lockCart`: `UPDATE carts SET updated_at`): on PostgreSQL that
 * row lock serialises two concurrent changes of one cart, so both cannot pass the stock check;
 * on SQLite the write lock is taken at that first statement.
 *
 * Answers are the whole cart (contract: Cart): `{id, items: [{id, product: {id, name, slug,
 * price, stock, main_image}, customization, quantity, line_total}], total_items,
 * total_price}`; lines in id order, money as decimal strings, `total_price` "0.00" when empty.
 * With them (2.2.0) the discount code kept on the cart as it applies now (`discount`, null when
 * none; ./cart-discount.ts), the notice of a code just taken off (`discount_notice`, once) and
 * `total_after_discount` (the goods less the code).
 * Prices come from the catalogue only. A line whose product is no longer active stays in the
 * table but is left out of the answer (and out of orders).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { Database } from '../platform/db/database.ts';
import { parseCustomization } from '../catalog/customization.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { CartErrorCode } from './errors.ts';
import { toDecimal } from '../../common/money.ts';
import { toBool } from '../platform/db/mapping.ts';
import { dispatchOf, shopRules } from '../catalog/dispatch-dates.ts';
import { STOCK_MESSAGES } from './messages.ts';
import { parseOptions, priceChoices } from '../catalog/options.ts';
import { lineExemption } from '../catalog/cancellation-exemption.ts';
import { LINE_TERMS_FIELDS } from '../catalog/product-rows.ts';
import { discountableLine, loadOpenSales, saleOf, salePrice } from '../catalog/sales.ts';
import { cartDiscount, toCartDiscount } from './cart-discount.ts';
import { variantLabel } from '../catalog/variant-names.ts';
import { choiceAnswer, parseChoice as parseGiftChoice } from './gift-card-choice.ts';

export type Cart = Schemas['Cart'];
type Db = Kysely<Database> | Transaction<Database>;

/**
 * The refusal of a quantity above the product's stock (spec section 5): `insufficient_stock`,
 * 'Item is out of stock.' (stock 0) or 'Only {stock} items available.', after `prefix`.
 */
export function stockConflict(stock: number, prefix = ''): DomainError<CartErrorCode> {
  const message = stock <= 0 ? STOCK_MESSAGES.outOfStock : STOCK_MESSAGES.onlyAvailable(stock);
  return new DomainError('insufficient_stock', `${prefix}${message}`);
}

/**
 * The main image (lowest position) of each product, for cart and order summaries: one query
 * for all of them.
 */
export async function mainImages(
  db: Db,
  productIds: number[],
): Promise<Map<number, { image: string; thumb_image: string; alt_text: string }>> {
  const images = new Map<number, { image: string; thumb_image: string; alt_text: string }>();
  if (productIds.length === 0) return images;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'image_path', 'thumb_path', 'alt_text'])
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    if (images.has(row.product_id)) continue;
    images.set(row.product_id, {
      image: row.image_path,
      thumb_image: row.thumb_path || row.image_path,
      alt_text: row.alt_text,
    });
  }
  return images;
}

/**
 * Every cart's lines (`ci`) joined with their products (`p`) where the shop still sells them
 * (active products of shop `tenantId`): the lines a cart shows, prices and orders.
 */
export function visibleLines(db: Db, tenantId: number) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', (join) =>
      join
        .onRef('p.id', '=', 'ci.product_id')
        .on('p.tenant_id', '=', tenantId)
        .on('p.is_active', '=', 1),
    );
}

/**
 * The cart's visible lines (active products of the tenant) with current catalogue prices and
 * the chosen options priced against the product's current ones, in line id order. Orders read
 * the same lines. `unit_cents` is the product's price (its variant's, for a line of a variant:
 * issue 42) with the options' surcharges, less the sale running at `now` on the product
 * (../catalog/sales.ts: rounded half up per unit), whose id is `saleId` (null: full price);
 * `price_cents` is the product's (or variant's) own price, reduced the same way, as its card shows
 * it. `stock` is the variant's for a line of a variant, and `variant_id`, `variant_label`, `sku`
 * and `weight_grams` name it (null without one). A line whose variant is gone is left out, as a
 * line of an inactive product is.
 */
export async function cartLines(db: Db, cartId: number, tenantId: number, now = new Date()) {
  const query = visibleLines(db, tenantId)
    .leftJoin('product_variants as v', (join) =>
      join.onRef('v.id', '=', 'ci.variant_id').onRef('v.product_id', '=', 'p.id'),
    )
    .where((eb) => eb.or([eb('ci.variant_id', 'is', null), eb('v.id', 'is not', null)]))
    .select([
      'ci.variant_id',
      'v.sku',
      'v.value1',
      'v.value2',
      'v.price_cents as variant_price_cents',
      'v.stock as variant_stock',
      'v.weight_grams',
      'ci.id',
      'ci.quantity',
      'ci.customization',
      'p.id as product_id',
      'p.name',
      'p.slug',
      'p.category_id',
      'p.price_cents',
      'p.stock',
      'p.gift_card',
      'ci.gift_card as gift_card_choice',
      ...LINE_TERMS_FIELDS,
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.id')
    .execute();
  const [rows, sales] = await Promise.all([query, loadOpenSales(db, tenantId, now)]);
  return rows.map((row) => {
    const customization = parseCustomization(row.customization);
    const priced = priceChoices(parseOptions(row.options), customization);
    // A gift card line costs the amount the buyer chose (decision 090); it has no options.
    const giftCard = toBool(row.gift_card);
    const choice = giftCard ? parseGiftChoice(row.gift_card_choice) : null;
    const line = { ...row, customization, giftCard };
    // The sale is the product's: `row.id` is the cart line's.
    const piece = { id: row.product_id, category_id: row.category_id };
    const sale = discountableLine(line) ? saleOf(sales, piece, now.getTime()) : null;
    const reduce = (cents: number) => (sale ? salePrice(cents, sale.percent) : cents);
    const variant = row.variant_id !== null && row.value1 !== null;
    const priceCents = variant ? row.variant_price_cents! : row.price_cents;
    return {
      ...row,
      /** A gift card line: never discounted, never shipped, takes no stock (decision 090). */
      giftCard,
      giftCardChoice: choice,
      price_cents: reduce(priceCents),
      saleId: sale ? sale.id : null,
      stock: variant ? row.variant_stock! : row.stock,
      variant_id: variant ? row.variant_id : null,
      variant_label: variant ? variantLabel({ value1: row.value1!, value2: row.value2 }) : null,
      sku: variant ? row.sku : null,
      weight_grams: variant ? row.weight_grams : null,
      made_to_order: toBool(row.made_to_order),
      age_restricted: toBool(row.age_restricted),
      // The line's, not the piece's: a filled-in text option makes it exempt too.
      cancellation_exempt: lineExemption(row, customization) !== null,
      chosen: priced.chosen,
      unit_cents: choice ? choice.amount_cents : reduce(priceCents + priced.deltaCents),
    };
  });
}

/** A line as cartLines answers it. */
export type CartLine = Awaited<ReturnType<typeof cartLines>>[number];

/** Builds the whole-cart answer from the database (see the module comment for the shape). */
export async function loadCart(
  db: Db,
  cartId: number,
  tenantId: number,
  now = new Date(),
): Promise<Cart> {
  return cartAnswer(db, cartId, tenantId, await cartLines(db, cartId, tenantId, now), now);
}

/**
 * The whole-cart answer (see the module comment for the shape) of cart `cartId` from `lines`,
 * its lines as {@link cartLines} read them at `now` in the same transaction (a caller that has
 * read them already need not read them again): the shop's dispatch rules, the products' main
 * images and the cart's discount code are read here.
 */
export async function cartAnswer(
  db: Db,
  cartId: number,
  tenantId: number,
  lines: readonly CartLine[],
  now = new Date(),
): Promise<Cart> {
  const [rules, images] = await Promise.all([
    shopRules(db, tenantId),
    mainImages(
      db,
      lines.map((l) => l.product_id),
    ),
  ]);
  let totalItems = 0;
  let totalCents = 0;
  const items = lines.map((line) => {
    const lineCents = line.unit_cents * line.quantity;
    totalItems += line.quantity;
    totalCents += lineCents;
    return {
      id: line.id,
      quantity: line.quantity,
      customization: parseCustomization(line.customization),
      options: line.chosen,
      product: {
        id: line.product_id,
        name: line.name,
        slug: line.slug,
        price: toDecimal(line.price_cents),
        stock: line.stock,
        made_to_order: line.made_to_order,
        age_restricted: line.age_restricted,
        main_image: images.get(line.product_id) ?? null,
      },
      ...(line.giftCardChoice ? { gift_card: choiceAnswer(line.giftCardChoice) } : {}),
      unit_price: toDecimal(line.unit_cents),
      line_total: toDecimal(lineCents),
      dispatch: dispatchOf(line, rules, now),
      cancellation_exempt: line.cancellation_exempt,
      // Only a variant's line names it (issue 42): other lines answer as before.
      ...(line.variant_id === null
        ? {}
        : { variant: { id: line.variant_id, label: line.variant_label!, sku: line.sku! } }),
    };
  });
  // The code kept on the cart (./cart-discount.ts), on the cart's own prices.
  const { discount, notice } = await cartDiscount(db, tenantId, cartId, lines, now);
  return {
    id: cartId,
    items,
    total_items: totalItems,
    total_price: toDecimal(totalCents),
    discount: toCartDiscount(discount),
    discount_notice: notice,
    total_after_discount: toDecimal(totalCents - (discount?.cents ?? 0)),
  };
}

/** The id of the user's cart in the tenant, or undefined when the user has none yet. */
export async function findCartId(
  db: Db,
  tenantId: number,
  userId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('carts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The id of the user's cart, created when missing. Concurrent first calls are safe: the insert
 * does nothing when another one got there first, and the read after it finds that cart.
 */
export async function ensureCart(db: Db, tenantId: number, userId: number): Promise<number> {
  const existing = await findCartId(db, tenantId, userId);
  if (existing !== undefined) return existing;
  const now = new Date().toISOString();
  await db
    .insertInto('carts')
    .values({ tenant_id: tenantId, user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
    .execute();
  const created = await findCartId(db, tenantId, userId);
  if (created === undefined) throw new Error('The cart could not be created.');
  return created;
}

/**
 * Locks the cart row for the rest of the transaction (see the module comment) and marks it
 * changed.
 */
export async function lockCart(trx: Transaction<Database>, cartId: number): Promise<void> {
  await trx
    .updateTable('carts')
    .set({ updated_at: new Date().toISOString() })
    .where('id', '=', cartId)
    .execute();
}

/** The user's cart (created empty on first use). */
export async function getCartOf(db: Kysely<Database>, tenantId: number, userId: number) {
  return loadCart(db, await ensureCart(db, tenantId, userId), tenantId);
}
