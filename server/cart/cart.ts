/**
 * The customer's server-side cart (spec sections 3, 4, 5 and 7): its lines, totals and the
 * changes a shopper makes, in the order module because checkout reads the same lines and the
 * stock rules are the order's. Every change runs in a transaction that first touches the cart
 * row (`UPDATE carts SET updated_at`): on PostgreSQL that row lock serialises two concurrent
 * changes of one cart, so both cannot pass the stock check; on SQLite the write lock is taken
 * at that first statement.
 *
 * Answers are the whole cart (contract: Cart): `{id, items: [{id, product: {id, name, slug,
 * price, stock, main_image}, customization, quantity, line_total}], total_items,
 * total_price}`; lines in id order, money as decimal strings, `total_price` "0.00" when empty.
 * Prices come from the catalogue only. A line whose product is no longer active stays in the
 * table but is left out of the answer (and out of orders).
 *
 * A cart holds at most MAX_CART_LINES lines of at most MAX_LINE_QUANTITY each (decision 016):
 * without a cap one account filled a cart with 20,000 lines (its answer took seconds and
 * megabytes) or a line with a shop's whole stock. An order's `shipping` takes at most 100
 * lines too, so every cart that may be kept may also be ordered.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { Database } from '../platform/db/database.ts';
import { canonicalCustomization, parseCustomization } from '../catalog/customization.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { toDecimal } from '../../common/money.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../common/cart-limits.ts';
import { toBool } from '../platform/db/mapping.ts';
import { dispatchOf, shopRules } from '../catalog/dispatch-dates.ts';
import { CART_MESSAGES, STOCK_MESSAGES } from '../orders/messages.ts';
import { checkCustomization, parseOptions, priceChoices } from '../catalog/options.ts';

export type Cart = Schemas['Cart'];
type Db = Kysely<Database> | Transaction<Database>;

/** The 409 of a quantity above the product's stock (spec section 5). */
export function stockConflict(stock: number, prefix = ''): HttpError {
  const message = stock <= 0 ? STOCK_MESSAGES.outOfStock : STOCK_MESSAGES.onlyAvailable(stock);
  return new HttpError(409, { detail: `${prefix}${message}` });
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
 * The cart's visible lines (active products of the tenant) with current catalogue prices and
 * the chosen options priced against the product's current ones, in line id order. Orders read
 * the same lines. `unit_cents` is the product's price with the options' surcharges.
 */
export async function cartLines(db: Db, cartId: number, tenantId: number) {
  const rows = await db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', (join) =>
      join
        .onRef('p.id', '=', 'ci.product_id')
        .on('p.tenant_id', '=', tenantId)
        .on('p.is_active', '=', 1),
    )
    .select([
      'ci.id',
      'ci.quantity',
      'ci.customization',
      'p.id as product_id',
      'p.name',
      'p.slug',
      'p.price_cents',
      'p.stock',
      'p.options',
      'p.made_to_order',
      'p.lead_time_days_min',
      'p.lead_time_days_max',
      'p.age_restricted',
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.id')
    .execute();
  return rows.map((row) => {
    const priced = priceChoices(parseOptions(row.options), parseCustomization(row.customization));
    return {
      ...row,
      made_to_order: toBool(row.made_to_order),
      age_restricted: toBool(row.age_restricted),
      chosen: priced.chosen,
      unit_cents: row.price_cents + priced.deltaCents,
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
  const [lines, rules] = await Promise.all([
    cartLines(db, cartId, tenantId),
    shopRules(db, tenantId),
  ]);
  const images = await mainImages(
    db,
    lines.map((l) => l.product_id),
  );
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
      unit_price: toDecimal(line.unit_cents),
      line_total: toDecimal(lineCents),
      dispatch: dispatchOf(line, rules, now),
    };
  });
  return {
    id: cartId,
    items,
    total_items: totalItems,
    total_price: toDecimal(totalCents),
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
async function visibleLineCount(db: Db, cartId: number, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', (join) =>
      join
        .onRef('p.id', '=', 'ci.product_id')
        .on('p.tenant_id', '=', tenantId)
        .on('p.is_active', '=', 1),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ci.cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's cart (created empty on first use). */
export async function getCartOf(db: Kysely<Database>, tenantId: number, userId: number) {
  return loadCart(db, await ensureCart(db, tenantId, userId), tenantId);
}

/**
 * Adds `quantity` of a product with a customization (its chosen options, checked against the
 * product's: ./options.ts): the same product with the same canonical customization raises that
 * line's quantity; other choices make a new line. A made-to-order piece is not limited by stock.
 * @throws HttpError 404 when the product is not an active product of this shop; 409 'Item is
 *   out of stock.' (stock 0) or 'Only {stock} items available.' (the line would exceed the
 *   stock); 400 from `checkCustomization` (NUL characters, options the piece does not have, a
 *   value not offered, a required choice missing, a text too long); 400 `{quantity}` when the
 *   line would hold more than MAX_LINE_QUANTITY ('You can have at most 100 of one item in your
 *   cart; it already holds {n}.'); 400 `{detail}` 'Your cart is full: it can hold at most 100
 *   different items.' for a new line in a cart of MAX_CART_LINES lines.
 */
export async function addCartLine(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  input: { productId: number; quantity: number; customization: Record<string, string> | undefined },
): Promise<Cart> {
  return changeCart(db, tenantId, userId, async (trx, cartId) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'stock', 'options', 'made_to_order'])
      .where('id', '=', input.productId)
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (!product) throw notFound();
    const customization = canonicalCustomization(
      checkCustomization(parseOptions(product.options), input.customization),
    );
    const line = await trx
      .selectFrom('cart_items')
      .select(['id', 'quantity'])
      .where('cart_id', '=', cartId)
      .where('product_id', '=', input.productId)
      .where('customization_hash', '=', customization.hash)
      .executeTakeFirst();
    const wanted = (line?.quantity ?? 0) + input.quantity;
    if (wanted > MAX_LINE_QUANTITY) {
      throw new HttpError(400, {
        quantity: [
          line
            ? CART_MESSAGES.lineFull(MAX_LINE_QUANTITY, line.quantity)
            : CART_MESSAGES.tooMany(MAX_LINE_QUANTITY),
        ],
      });
    }
    if (!line && (await visibleLineCount(trx, cartId, tenantId)) >= MAX_CART_LINES) {
      throw new HttpError(400, { detail: CART_MESSAGES.cartFull(MAX_CART_LINES) });
    }
    // A made-to-order piece is made for the order: its stock does not limit it.
    if (!toBool(product.made_to_order) && (product.stock <= 0 || wanted > product.stock)) {
      throw stockConflict(product.stock);
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
          customization_hash: customization.hash,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
  });
}

/**
 * Sets a line's quantity; 0 removes the line (spec section 4).
 * @throws HttpError 404 when the line is not in the user's cart (or its product is no longer
 *   sold); 400 `{quantity}` above MAX_LINE_QUANTITY; 409 as for adding when the quantity exceeds
 *   the stock.
 */
export async function setCartLineQuantity(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  lineId: number,
  quantity: number,
): Promise<Cart> {
  return changeCart(db, tenantId, userId, async (trx, cartId) => {
    const line = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('products as p', (join) =>
        join
          .onRef('p.id', '=', 'ci.product_id')
          .on('p.tenant_id', '=', tenantId)
          .on('p.is_active', '=', 1),
      )
      .select(['ci.id', 'p.stock', 'p.made_to_order'])
      .where('ci.id', '=', lineId)
      .where('ci.cart_id', '=', cartId)
      .executeTakeFirst();
    if (!line) throw notFound();
    if (quantity > MAX_LINE_QUANTITY) {
      throw new HttpError(400, { quantity: [CART_MESSAGES.tooMany(MAX_LINE_QUANTITY)] });
    }
    if (quantity === 0) {
      await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
      return;
    }
    if (!toBool(line.made_to_order) && quantity > line.stock) throw stockConflict(line.stock);
    await trx.updateTable('cart_items').set({ quantity }).where('id', '=', line.id).execute();
  });
}

/** Removes a line. @throws HttpError 404 when the line is not in the user's cart. */
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
    if (result.numDeletedRows === 0n) throw notFound();
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
