/**
 * A customer's orders (contract: listOrders, getOrder, cancelOrder; spec section 6,
 * customer-only): the list newest first without other customers' orders, a page past the
 * last, one order, another customer's order answering 404, and cancelling (the stock given
 * back; a second cancel refused with 409).
 */
import { detailIs, tenantErrors, type Case } from '../case';
import { isObject } from '../contract-document';
import { results } from '../request';
import { shopCaseBuilders, type Shop } from './shop-setup';

/** The orders the checkout cases placed. */
export function orderCases(shop: Shop): Case[] {
  const { me, other, state } = shop;
  const { cartCase, withBearer } = shopCaseBuilders(shop);

  return [
    cartCase('listOrders (newest first)', 'listOrders', 'GET', '/orders/orders/', me, 200, {
      check: (b) => {
        const ids = results(b).map((o) => Number(o.id));
        return ids[0] === state.cardOrder &&
          ids.includes(state.bankOrder) &&
          !ids.includes(state.otherOrder)
          ? null
          : `unexpected order ids ${JSON.stringify(ids)}`;
      },
    }),
    {
      ...cartCase(
        'listOrders past the last page',
        'listOrders',
        'GET',
        '/orders/orders/',
        me,
        404,
        { query: { page: '99' }, check: detailIs('Invalid page.') },
      ),
    },
    cartCase('getOrder', 'getOrder', 'GET', '/orders/orders/0/', me, 200, {
      prepare: () => ({ path: `/orders/orders/${state.bankOrder}/` }),
      check: (b) =>
        isObject(b) &&
        b.order_number === state.bankOrderNumber &&
        Array.isArray(b.items) &&
        b.items.length === 1 &&
        // The demo shop is VAT registered: the order kept its 20 % (H3, VAT).
        b.vat_rate === '20.00' &&
        typeof b.vat_total === 'string'
          ? null
          : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
    }),
    cartCase("getOrder another customer's order", 'getOrder', 'GET', '/orders/orders/0/', me, 404, {
      prepare: () => ({ path: `/orders/orders/${state.otherOrder}/` }),
      check: detailIs('Not found.'),
    }),
    cartCase(
      "cancelOrder another customer's order",
      'cancelOrder',
      'POST',
      '/orders/orders/0/cancel/',
      me,
      404,
      {
        prepare: () => ({ path: `/orders/orders/${state.otherOrder}/cancel/` }),
        check: detailIs('Not found.'),
      },
    ),
    cartCase(
      'cancelOrder (stock given back)',
      'cancelOrder',
      'POST',
      '/orders/orders/0/cancel/',
      other,
      200,
      {
        prepare: () => ({ path: `/orders/orders/${state.otherOrder}/cancel/` }),
        check: (b) =>
          isObject(b) &&
          b.status === 'canceled' &&
          b.expires_at === null &&
          typeof b.closed_at === 'string' &&
          JSON.stringify(b.actions) === '[]'
            ? null
            : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
      },
    ),
    cartCase('cancelOrder twice', 'cancelOrder', 'POST', '/orders/orders/0/cancel/', other, 409, {
      prepare: () => ({ path: `/orders/orders/${state.otherOrder}/cancel/` }),
      check: detailIs('This order can no longer be canceled.'),
    }),
    ...withBearer(tenantErrors('cancelOrder', 'POST', '/orders/orders/1/cancel/')),
  ];
}
