/**
 * The changes a shopper makes to their cart (spec sections 3, 4 and 5): add a line, set a
 * line's quantity, remove a line, empty the cart. Each runs in one transaction on the locked
 * cart row (./cart.ts `lockCart`) and answers the whole cart as that transaction sees it.
 *
 * A cart holds at most MAX_CART_LINES lines of at most MAX_LINE_QUANTITY each (decision 048):
 * without a cap one account filled a cart with 20,000 lines (its answer took seconds and
 * megabytes) or a line with a shop's whole stock. An order's `shipping` takes at most 100
 * lines too, so every cart that may be kept may also be ordered.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { canonicalCustomization } from '../catalog/customization.ts';
import { checkCustomization, parseOptions } from '../catalog/options.ts';
import { DomainError } from '../platform/domain-error.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../common/cart-limits.ts';
import { toBool } from '../platform/db/mapping.ts';
import { CART_MESSAGES } from './messages.ts';
import { lineVariant, variantLineHash } from '../catalog/variants.ts';
import { type Cart, ensureCart, loadCart, lockCart, stockConflict, visibleLines } from './cart.ts';
import type { CartErrorCode } from './errors.ts';
import { canonicalJson, sha256Hex } from '../platform/canonical-json.ts';
import {
  checkChoice,
  GIFT_CARD_CHOICE_MESSAGES,
  type GiftCardChoiceInput,
  utcDay,
} from './gift-card-choice.ts';

const lineNotFound = () => new DomainError<CartErrorCode>('line_not_found', 'Not found.');

/** A line's quantity past MAX_LINE_QUANTITY, with the words of `message` (CART_MESSAGES). */
const tooManyUnits = (message: string) =>
  new DomainError<CartErrorCode>('too_many_units', message, { field: 'quantity' });

/**
 * Runs `change` in a transaction on the user's locked cart, then answers the whole cart as
 * the transaction sees it.
 */
async function changeCart(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  change: (trx: Transaction<Database>, cartId: number) => Promise<void>,
): Promise<Cart> {
  const cartId = await ensureCart(db, tenantId, userId);
  return db.transaction().execute(async (trx) => {
    await lockCart(trx, cartId);
    await change(trx, cartId);
    return loadCart(trx, cartId, tenantId);
  });
}

/**
 * How many lines the cart shows: those of products the shop still sells (the answer's
 * `items`), which is what the shopper can see and remove to make room.
 */
async function visibleLineCount(
  db: Transaction<Database>,
  cartId: number,
  tenantId: number,
): Promise<number> {
  const row = await visibleLines(db, tenantId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ci.cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds `quantity` of a product with a customization (its chosen options, checked against the
 * product's: ../catalog/options.ts): the same product with the same canonical customization raises
 * that line's quantity; other choices make a new line. A made-to-order piece is not limited by
 * stock.
 * @throws DomainError `product_not_found` when the product is not an active product of this
 *   shop; `insufficient_stock` 'Item is out of stock.' (stock 0) or 'Only {stock} items
 *   available.' (the line would exceed the stock); the catalogue's customization codes from
 *   `checkCustomization` (NUL characters, options the piece does not have, a value not offered,
 *   a required choice missing, a text too long); `too_many_units` (field `quantity`) when the
 *   line would hold more than MAX_LINE_QUANTITY ('You can have at most 100 of one item in your
 *   cart; it already holds {n}.'); `cart_full` 'Your cart is full: it can hold at most 100
 *   different items.' for a new line in a cart of MAX_CART_LINES lines; `invalid_variant`
 *   (field `variant_id`, ../catalog/variants.ts `lineVariant`) for a missing or foreign variant.
 *   A variant's line is limited by the variant's stock, and is a line of its own.
 */
export async function addCartLine(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  input: {
    productId: number;
    quantity: number;
    customization: Record<string, string> | undefined;
    /** The variant (issue 42): required for a piece with variants, refused for one without. */
    variantId?: number;
    /** A gift card's choice (decision 090): required for a gift card, refused for others. */
    giftCard?: GiftCardChoiceInput;
  },
  now: Date = new Date(),
): Promise<Cart> {
  return changeCart(db, tenantId, userId, async (trx, cartId) => {
    const product = await trx
      .selectFrom('products')
      .select([
        'id',
        'stock',
        'options',
        'made_to_order',
        'variant_axes',
        'gift_card',
        'gift_card_amounts',
        'gift_card_min_cents',
        'gift_card_max_cents',
      ])
      .where('id', '=', input.productId)
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (!product) throw new DomainError<CartErrorCode>('product_not_found', 'Not found.');
    const isGiftCard = toBool(product.gift_card);
    if (isGiftCard !== (input.giftCard !== undefined)) {
      throw new DomainError<CartErrorCode>(
        'invalid_gift_card',
        isGiftCard ? GIFT_CARD_CHOICE_MESSAGES.required : GIFT_CARD_CHOICE_MESSAGES.notGiftCard,
        { field: 'gift_card' },
      );
    }
    const gift = input.giftCard ? checkChoice(input.giftCard, product, utcDay(now)) : null;
    const variant = await lineVariant(trx, tenantId, product, input.variantId);
    const checked = canonicalCustomization(
      checkCustomization(parseOptions(product.options), input.customization),
    );
    // A gift card's choice is part of the line's identity: two cards to two people are two lines.
    const giftJson = gift ? canonicalJson(gift) : null;
    const customization = giftJson
      ? { json: checked.json, hash: sha256Hex(`${checked.json}\u0000${giftJson}`) }
      : checked;
    const lineHash = variantLineHash(customization.hash, variant?.id ?? null);
    // A variant's stock is its own; the piece's is the sum of its variants'.
    const stock = variant ? variant.stock : product.stock;
    const line = await trx
      .selectFrom('cart_items')
      .select(['id', 'quantity'])
      .where('cart_id', '=', cartId)
      .where('product_id', '=', input.productId)
      .where('customization_hash', '=', lineHash)
      .executeTakeFirst();
    const wanted = (line?.quantity ?? 0) + input.quantity;
    if (wanted > MAX_LINE_QUANTITY) {
      throw tooManyUnits(
        line
          ? CART_MESSAGES.lineFull(MAX_LINE_QUANTITY, line.quantity)
          : CART_MESSAGES.tooMany(MAX_LINE_QUANTITY),
      );
    }
    if (!line && (await visibleLineCount(trx, cartId, tenantId)) >= MAX_CART_LINES) {
      throw new DomainError<CartErrorCode>('cart_full', CART_MESSAGES.cartFull(MAX_CART_LINES));
    }
    // A made-to-order piece is made for the order, a gift card is a code: stock limits neither.
    const unlimited = toBool(product.made_to_order) || isGiftCard;
    if (!unlimited && (stock <= 0 || wanted > stock)) {
      throw stockConflict(stock);
    }
    if (line) {
      await trx
        .updateTable('cart_items')
        .set({ quantity: wanted })
        .where('id', '=', line.id)
        .execute();
    } else {
      await trx
        .insertInto('cart_items')
        .values({
          cart_id: cartId,
          product_id: input.productId,
          quantity: input.quantity,
          customization: customization.json,
          customization_hash: lineHash,
          gift_card: giftJson,
          created_at: now.toISOString(),
          variant_id: variant?.id ?? null,
        })
        .execute();
    }
  });
}

/**
 * Sets a line's quantity; 0 removes the line (spec section 4).
 * @throws DomainError `line_not_found` when the line is not in the user's cart (or its product
 *   is no longer sold); `too_many_units` (field `quantity`) above MAX_LINE_QUANTITY;
 *   `insufficient_stock` as for adding when the quantity exceeds the stock.
 */
export async function setCartLineQuantity(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  lineId: number,
  quantity: number,
): Promise<Cart> {
  return changeCart(db, tenantId, userId, async (trx, cartId) => {
    const line = await visibleLines(trx, tenantId)
      .leftJoin('product_variants as v', 'v.id', 'ci.variant_id')
      .select(['ci.id', 'p.made_to_order', 'p.gift_card'])
      // A variant's line is limited by the variant's stock (issue 42).
      .select((eb) => eb.fn.coalesce('v.stock', 'p.stock').as('stock'))
      .where('ci.id', '=', lineId)
      .where('ci.cart_id', '=', cartId)
      .executeTakeFirst();
    if (!line) throw lineNotFound();
    if (quantity > MAX_LINE_QUANTITY) {
      throw tooManyUnits(CART_MESSAGES.tooMany(MAX_LINE_QUANTITY));
    }
    if (quantity === 0) {
      await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
      return;
    }
    const unlimited = toBool(line.made_to_order) || toBool(line.gift_card);
    if (!unlimited && quantity > line.stock) throw stockConflict(line.stock);
    await trx.updateTable('cart_items').set({ quantity }).where('id', '=', line.id).execute();
  });
}

/** Removes a line. @throws DomainError `line_not_found` when it is not in the user's cart. */
export async function removeCartLine(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  lineId: number,
): Promise<Cart> {
  return changeCart(db, tenantId, userId, async (trx, cartId) => {
    const result = await trx
      .deleteFrom('cart_items')
      .where('id', '=', lineId)
      .where('cart_id', '=', cartId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw lineNotFound();
  });
}

/** Empties the user's cart and answers it. */
export async function clearCartLines(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
): Promise<Cart> {
  return changeCart(db, tenantId, userId, async (trx, cartId) => {
    await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  });
}
