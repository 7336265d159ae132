/**
 * Cart handlers (spec sections 3, 4, 5 and 7): HTTP to the cart (server/cart/cart.ts and
 * cart-changes.ts) and back. Every answer is the whole cart, so the storefront replaces
 * its copy with it after each call (spec section 4). Only `product_id`, `quantity`,
 * `customization` and `variant_id` (issue 42) are read from a body: a price or total sent by
 * the client is never used.
 */
import { isRowId } from '../../platform/db/errors.ts';
import { notFound } from '../http-error.ts';
import { getCartOf } from '../../cart/cart.ts';
import {
  addCartLine,
  clearCartLines,
  removeCartLine,
  setCartLineQuantity,
} from '../../cart/cart-changes.ts';
import { applyCartCode, removeCartCode } from '../../cart/cart-codes.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';

/** GET /orders/cart/ -> the caller's Cart (created empty on first use). */
export const getCart: OperationHandler<'getCart'> = async (request) =>
  getCartOf(request.server.db, request.tenant.id, requireUser(request).id);

/**
 * POST /orders/cart/add-item/ `{product_id, quantity, customization?, variant_id?}` -> Cart; 404
 * for a product this shop does not sell, 409 with the spec's stock messages, 400 for a NUL
 * character or a missing or foreign variant (field `variant_id`).
 * Quantity bounds (1-999, whole) are the contract's, checked before this runs.
 */
export const addCartItem: OperationHandler<'addCartItem'> = async (request) => {
  const {
    product_id: productId,
    quantity,
    customization,
    variant_id: variantId,
    gift_card: giftCard,
  } = request.body;
  if (!isRowId(productId)) throw notFound();
  return addCartLine(request.server.db, request.tenant.id, requireUser(request).id, {
    productId,
    quantity,
    customization,
    variantId,
    giftCard,
  });
};

/** PATCH /orders/cart/items/{id}/ `{quantity}` -> Cart; quantity 0 removes the line. */
export const updateCartItem: OperationHandler<'updateCartItem'> = async (request) => {
  const lineId = request.params.id;
  if (!isRowId(lineId)) throw notFound();
  return setCartLineQuantity(
    request.server.db,
    request.tenant.id,
    requireUser(request).id,
    lineId,
    request.body.quantity,
  );
};

/** DELETE /orders/cart/items/{id}/ -> Cart; 404 when the line is not in the caller's cart. */
export const removeCartItem: OperationHandler<'removeCartItem'> = async (request) => {
  const lineId = request.params.id;
  if (!isRowId(lineId)) throw notFound();
  return removeCartLine(request.server.db, request.tenant.id, requireUser(request).id, lineId);
};

/** DELETE /orders/cart/clear/ -> the emptied Cart. */
export const clearCart: OperationHandler<'clearCart'> = async (request) =>
  clearCartLines(request.server.db, request.tenant.id, requireUser(request).id);

/**
 * POST /orders/cart/discount/ `{code}` -> Cart with the code applied; 400 on `code` with the
 * reason it does not apply (server/cart/cart-codes.ts).
 */
export const applyCartDiscount: OperationHandler<'applyCartDiscount'> = async (request) =>
  applyCartCode(request.server.db, request.tenant.id, requireUser(request).id, request.body.code);

/** DELETE /orders/cart/discount/ -> Cart without a code. */
export const removeCartDiscount: OperationHandler<'removeCartDiscount'> = async (request) =>
  removeCartCode(request.server.db, request.tenant.id, requireUser(request).id);
