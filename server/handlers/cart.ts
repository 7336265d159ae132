/**
 * Cart handlers (issue 6; spec sections 3, 4, 5 and 7): the signed-in customer's server-side
 * cart. Every answer is the whole cart (contract: Cart), so the storefront replaces its copy with
 * it after each call (spec section 4):
 * `{id, items: [{id, product: {id, name, slug, price, stock, main_image}, customization,
 * quantity, line_total}], total_items, total_price}`; lines in id order, money as decimal
 * strings, `total_price` "0.00" when empty.
 *
 * Prices come from the catalogue only: a price or total sent by the client is never read.
 * A line whose product is no longer active stays in the table but is left out of the answer
 * (and out of orders). Another user's line, or another shop's product, answers 404.
 *
 * Mutations run in a transaction that first touches the cart row (`UPDATE carts SET
 * updated_at`): on PostgreSQL that row lock serialises two concurrent changes of one cart, so
 * both cannot pass the stock check; on SQLite the write lock is taken at that first statement.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { isRowId } from '../db/errors.ts';
import { canonicalCustomization, parseCustomization } from '../lib/customization.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { formatMinorUnits } from '../lib/money.ts';
import { requireUser } from '../plugins/auth.ts';
import type { OperationHandler, Schemas } from './types.ts';

type Cart = Schemas['Cart'];
type Db = Kysely<Database> | Transaction<Database>;

/** Spec section 5 messages of a quantity the stock cannot cover. */
export const STOCK_MESSAGES = {
  outOfStock: 'Item is out of stock.',
  onlyAvailable: (stock: number) => `Only ${stock} items available.`,
} as const;

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
 * The cart's visible lines (active products of the tenant) with current catalogue prices, in
 * line id order. Orders read the same lines.
 */
export function cartLines(db: Db, cartId: number, tenantId: number) {
  return db
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
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.id')
    .execute();
}

/** Builds the whole-cart answer from the database (see the module comment for the shape). */
export async function loadCart(db: Db, cartId: number, tenantId: number): Promise<Cart> {
  const lines = await cartLines(db, cartId, tenantId);
  const images = await mainImages(
    db,
    lines.map((l) => l.product_id),
  );
  let totalItems = 0;
  let totalCents = 0;
  const items = lines.map((line) => {
    const lineCents = line.price_cents * line.quantity;
    totalItems += line.quantity;
    totalCents += lineCents;
    return {
      id: line.id,
      quantity: line.quantity,
      customization: parseCustomization(line.customization),
      product: {
        id: line.product_id,
        name: line.name,
        slug: line.slug,
        price: formatMinorUnits(line.price_cents),
        stock: line.stock,
        main_image: images.get(line.product_id) ?? null,
      },
      line_total: formatMinorUnits(lineCents),
    };
  });
  return {
    id: cartId,
    items,
    total_items: totalItems,
    total_price: formatMinorUnits(totalCents),
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
 * Runs `change` in a transaction on the caller's locked cart, then answers the whole cart as
 * the transaction sees it.
 */
async function changeCart(
  request: FastifyRequest,
  change: (trx: Transaction<Database>, cartId: number) => Promise<void>,
): Promise<Cart> {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const cartId = await ensureCart(db, tenantId, requireUser(request).id);
  return db.transaction().execute(async (trx) => {
    await lockCart(trx, cartId);
    await change(trx, cartId);
    return loadCart(trx, cartId, tenantId);
  });
}

/** GET /orders/cart/ -> the caller's Cart (created empty on first use). */
export const getCart: OperationHandler<'getCart'> = async (request) => {
  const tenantId = request.tenant.id;
  const cartId = await ensureCart(request.server.db, tenantId, requireUser(request).id);
  return loadCart(request.server.db, cartId, tenantId);
};

/**
 * POST /orders/cart/add-item/ `{product_id, quantity, customization?}` -> Cart. The same product
 * with the same canonical customization raises that line's quantity; another customization
 * makes a new line.
 * Errors: 404 when the product is not an active product of this shop; 409 'Item is out of
 * stock.' (stock 0) or 'Only {stock} items available.' (the line would exceed the stock); 400
 * `{"customization":["Null characters are not allowed."]}`. Quantity bounds (1-999, whole) are
 * the contract's, checked before this runs.
 */
export const addCartItem: OperationHandler<'addCartItem'> = async (request) => {
  // Only these three fields are read: any price or total in the body is ignored.
  const { product_id: productId, quantity } = request.body;
  const customization = canonicalCustomization(request.body.customization);
  if (!isRowId(productId)) throw notFound();
  const tenantId = request.tenant.id;
  return changeCart(request, async (trx, cartId) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('id', '=', productId)
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (!product) throw notFound();
    const line = await trx
      .selectFrom('cart_items')
      .select(['id', 'quantity'])
      .where('cart_id', '=', cartId)
      .where('product_id', '=', productId)
      .where('customization_hash', '=', customization.hash)
      .executeTakeFirst();
    const wanted = (line?.quantity ?? 0) + quantity;
    if (product.stock <= 0 || wanted > product.stock) throw stockConflict(product.stock);
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
          product_id: productId,
          quantity,
          customization: customization.json,
          customization_hash: customization.hash,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
  });
};

/**
 * PATCH /orders/cart/items/{id}/ `{quantity}` -> Cart. Quantity 0 removes the line (spec
 * section 4); otherwise it becomes the line's quantity.
 * Errors: 404 when the line is not in the caller's cart (or its product is no longer sold);
 * 409 as for adding when the quantity exceeds the stock.
 */
export const updateCartItem: OperationHandler<'updateCartItem'> = async (request) => {
  const lineId = request.params.id;
  const { quantity } = request.body;
  if (!isRowId(lineId)) throw notFound();
  const tenantId = request.tenant.id;
  return changeCart(request, async (trx, cartId) => {
    const line = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('products as p', (join) =>
        join
          .onRef('p.id', '=', 'ci.product_id')
          .on('p.tenant_id', '=', tenantId)
          .on('p.is_active', '=', 1),
      )
      .select(['ci.id', 'p.stock'])
      .where('ci.id', '=', lineId)
      .where('ci.cart_id', '=', cartId)
      .executeTakeFirst();
    if (!line) throw notFound();
    if (quantity === 0) {
      await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
      return;
    }
    if (quantity > line.stock) throw stockConflict(line.stock);
    await trx.updateTable('cart_items').set({ quantity }).where('id', '=', line.id).execute();
  });
};

/** DELETE /orders/cart/items/{id}/ -> Cart; 404 when the line is not in the caller's cart. */
export const removeCartItem: OperationHandler<'removeCartItem'> = async (request) => {
  const lineId = request.params.id;
  if (!isRowId(lineId)) throw notFound();
  return changeCart(request, async (trx, cartId) => {
    const result = await trx
      .deleteFrom('cart_items')
      .where('id', '=', lineId)
      .where('cart_id', '=', cartId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound();
  });
};

/** DELETE /orders/cart/clear/ -> the emptied Cart. */
export const clearCart: OperationHandler<'clearCart'> = async (request) =>
  changeCart(request, async (trx, cartId) => {
    await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  });
