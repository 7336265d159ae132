/**
 * The cart's lines (contract: getCart, addCartItem, updateCartItem, removeCartItem, clearCart;
 * spec sections 4, Cart, and 5, add to cart): prices the client sends ignored, quantities
 * refused as bad bodies, another shop's product, a quantity above the stock, changing and
 * removing lines (quantity 0 removes), another customer's line answering 404, clearing, and
 * (2.2.0) a discount code refused and taken off.
 */
import { detailIs, fieldError, tenantErrors, type Case } from '../case';
import { isObject } from '../contract-document';
import { cents, itemIds, money, shopCaseBuilders, type Shop } from './shop-setup';

/** The cart's lines of the demo customer; each case builds on the ones before. */
export function cartCases(shop: Shop): Case[] {
  const { me, other, p1, p2, vase, state } = shop;
  const { cartCase, add, clear, withBearer } = shopCaseBuilders(shop);

  return [
    add(
      'with client-sent prices (ignored)',
      me,
      {
        product_id: p1.id,
        quantity: 2,
        price: '0.01',
        total_price: '0.01',
      },
      200,
      {
        check: (b) => {
          if (!isObject(b) || !Array.isArray(b.items) || b.items.length !== 1)
            return 'expected one line';
          const line = b.items[0];
          const expected = money(cents(p1.price) * 2);
          return isObject(line) &&
            line.line_total === expected &&
            b.total_price === expected &&
            b.total_items === 2
            ? null
            : `expected line_total and total_price ${expected}, got ${JSON.stringify(b).slice(0, 300)}`;
        },
        remember: (b) => (state.line = itemIds(b)[0] ?? 0),
      },
    ),
    {
      ...add('with quantity 0 (bad body)', me, { product_id: p1.id, quantity: 0 }, 400),
      via: 'lenient',
      check: fieldError('quantity', 'Ensure this value is greater than or equal to 1.'),
    },
    {
      ...add('with quantity 1.5 (bad body)', me, { product_id: p1.id, quantity: 1.5 }, 400),
      via: 'lenient',
      check: fieldError('quantity', 'A valid integer is required.'),
    },
    add("with another shop's product", me, { product_id: vase.id, quantity: 1 }, 404, {
      check: detailIs('Not found.'),
    }),
    add('above the stock', me, { product_id: p1.id, quantity: p1.stock + 1 }, 409, {
      check: detailIs(`Only ${p1.stock} items available.`),
    }),
    cartCase('updateCartItem to 3', 'updateCartItem', 'PATCH', '/orders/cart/items/0/', me, 200, {
      body: { quantity: 3 },
      prepare: () => ({ path: `/orders/cart/items/${state.line}/` }),
      check: (b) =>
        isObject(b) && b.total_items === 3
          ? null
          : `expected 3 items, got ${JSON.stringify(b).slice(0, 200)}`,
    }),
    cartCase(
      "updateCartItem another customer's line",
      'updateCartItem',
      'PATCH',
      '/orders/cart/items/0/',
      other,
      404,
      {
        body: { quantity: 1 },
        prepare: () => ({ path: `/orders/cart/items/${state.line}/` }),
        check: detailIs('Not found.'),
      },
    ),
    add('a second product', me, { product_id: p2.id, quantity: 1 }, 200, {
      remember: (b) => (state.line2 = itemIds(b).at(-1) ?? 0),
    }),
    cartCase(
      'updateCartItem to 0 removes the line',
      'updateCartItem',
      'PATCH',
      '/orders/cart/items/0/',
      me,
      200,
      {
        body: { quantity: 0 },
        prepare: () => ({ path: `/orders/cart/items/${state.line2}/` }),
        check: (b) => (itemIds(b).includes(state.line2) ? 'the line is still there' : null),
      },
    ),
    add('the second product again', me, { product_id: p2.id, quantity: 1 }, 200, {
      remember: (b) => (state.line3 = itemIds(b).at(-1) ?? 0),
    }),
    cartCase('removeCartItem', 'removeCartItem', 'DELETE', '/orders/cart/items/0/', me, 200, {
      prepare: () => ({ path: `/orders/cart/items/${state.line3}/` }),
      check: (b) =>
        itemIds(b).includes(state.line3) || !itemIds(b).includes(state.line)
          ? `unexpected lines ${JSON.stringify(itemIds(b))}`
          : null,
    }),
    cartCase(
      'removeCartItem again (already gone)',
      'removeCartItem',
      'DELETE',
      '/orders/cart/items/0/',
      me,
      404,
      {
        prepare: () => ({ path: `/orders/cart/items/${state.line3}/` }),
        check: detailIs('Not found.'),
      },
    ),
    // Discount codes (2.2.0): the demo shop has none, so a code is refused with the reason.
    cartCase(
      'applyCartDiscount an unknown code',
      'applyCartDiscount',
      'POST',
      '/orders/cart/discount/',
      me,
      400,
      {
        body: { code: 'no-such-code' },
        check: fieldError('code', 'This code is not valid.'),
      },
    ),
    {
      ...cartCase(
        'applyCartDiscount without a code (bad body)',
        'applyCartDiscount',
        'POST',
        '/orders/cart/discount/',
        me,
        400,
        {
          body: {},
        },
      ),
      via: 'lenient',
    },
    cartCase(
      'removeCartDiscount',
      'removeCartDiscount',
      'DELETE',
      '/orders/cart/discount/',
      me,
      200,
      {
        check: (b) =>
          isObject(b) && b.discount === null && b.discount_notice === null
            ? null
            : `expected no code, got ${JSON.stringify(b).slice(0, 200)}`,
      },
    ),
    clear('with a line in it', me),
    ...withBearer(tenantErrors('getCart', 'GET', '/orders/cart/')),
  ];
}
