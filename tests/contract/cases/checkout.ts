/**
 * Checkout (contract: getPaymentOptions, createOrder; spec section 4, Checkout flow): each
 * shop's payment options, an empty cart and a blank address refused, a bank-transfer order
 * retried with its Idempotency-Key (the same order; another body under the same key refused),
 * card payment where the shop does not offer it, two customers fighting over the last stock
 * (409 for the loser), and a card order for the payment cases.
 */
import { randomUUID } from 'node:crypto';
import {
  detailIs,
  fieldError,
  tenantErrors,
  DEMO,
  POTTERY,
  TENANT_HEADER,
  type Case,
} from '../case';
import { isObject, str } from '../contract-document';
import { ADDRESS, BANK, CARD, shopCaseBuilders, type Shop } from './shop-setup';

const ORDER_NUMBER = /^ORD-[23456789A-HJKMNP-TV-Z]{4}-[23456789A-HJKMNP-TV-Z]{4}$/;

/** The orders of the shopping session, in the order the later cases read them. */
export function checkoutCases(shop: Shop): Case[] {
  const { me, other, potter, p1, p2, vase, state } = shop;
  const { cartCase, add, clear, order, withBearer } = shopCaseBuilders(shop);
  const bank = BANK;
  const card = CARD;
  // A body the contract accepts, for the tenant cases (refused before the cart is read).
  const anyOrder = {
    ...bank,
    shipping: [{ item_id: 1, method: 'uk-standard' }],
    expected_total_price: '1.00',
  };
  const idempotencyKey = `contract-${randomUUID()}`;

  return [
    cartCase(
      'getPaymentOptions (demo: card, bank, custom without redirect)',
      'getPaymentOptions',
      'GET',
      '/payments/options/',
      { [TENANT_HEADER]: DEMO },
      200,
      {
        check: (b) =>
          isObject(b) &&
          b.enable_card_payment === true &&
          b.enable_bank_transfer === true &&
          b.enable_custom_payment === true &&
          b.custom_payment_redirect_url === null &&
          !('gateway_secret' in b)
            ? null
            : `unexpected options ${JSON.stringify(b)}`,
      },
    ),
    cartCase(
      'getPaymentOptions (pottery: no card, custom with a redirect)',
      'getPaymentOptions',
      'GET',
      '/payments/options/',
      { [TENANT_HEADER]: POTTERY },
      200,
      {
        check: (b) =>
          isObject(b) &&
          b.enable_card_payment === false &&
          str(b.custom_payment_redirect_url).startsWith('https://')
            ? null
            : `unexpected options ${JSON.stringify(b)}`,
      },
    ),
    ...tenantErrors('getPaymentOptions', 'GET', '/payments/options/'),

    order('with an empty cart', me, bank, 400, { check: detailIs('Your cart is empty.') }),
    add('before checkout', me, { product_id: p1.id, quantity: 1 }, 200),
    order(
      'with a blank city',
      me,
      { ...bank, delivery_address: { ...ADDRESS, city: '   ' } },
      400,
      {
        check: fieldError('delivery_address.city', 'This field may not be blank.'),
      },
    ),
    order('by bank transfer (with an Idempotency-Key)', me, bank, 201, {
      headers: { ...me, 'Idempotency-Key': idempotencyKey },
      // Its retries below repeat this very body, as a storefront retrying one checkout does.
      prepare: async () => {
        state.bankBody = await shop.checkout(me, bank);
        return { body: state.bankBody };
      },
      check: (b) =>
        isObject(b) &&
        b.status === 'awaiting_payment' &&
        ORDER_NUMBER.test(str(b.order_number)) &&
        str(b.payment_instructions).includes('IBAN') &&
        b.total_items === 1
          ? null
          : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
      remember: (b) => {
        if (!isObject(b)) return;
        state.bankOrder = Number(b.id);
        state.bankOrderNumber = str(b.order_number);
      },
    }),
    order('again with the same Idempotency-Key (the same order)', me, bank, 201, {
      headers: { ...me, 'Idempotency-Key': idempotencyKey },
      prepare: () => ({ body: state.bankBody }),
      check: (b) =>
        isObject(b) && b.id === state.bankOrder
          ? null
          : `expected order ${state.bankOrder}, got ${isObject(b) ? b.id : b}`,
    }),
    order('with the same Idempotency-Key and another body', me, bank, 422, {
      headers: { ...me, 'Idempotency-Key': idempotencyKey },
      prepare: () => ({ body: { ...state.bankBody, payment_method: 'custom' } }),
      check: detailIs('This Idempotency-Key was already used with a different request.'),
    }),
    add('at the pottery', potter, { product_id: vase.id, quantity: 1 }, 200),
    order('by card at the pottery (not offered)', potter, card, 400, {
      check: fieldError('payment_method', 'This payment method is not available.'),
    }),
    clear('at the pottery', potter),
    add('the whole stock of a product', me, { product_id: p2.id, quantity: p2.stock }, 200),
    add(
      "the same stock to another customer's cart",
      other,
      { product_id: p2.id, quantity: p2.stock },
      200,
    ),
    order('by the other customer (takes the stock)', other, bank, 201, {
      remember: (b) => (state.otherOrder = isObject(b) ? Number(b.id) : 0),
    }),
    order('when the stock is gone', me, bank, 409, {
      check: detailIs(`${p2.name}: Item is out of stock.`),
    }),
    clear('after the refused checkout', me),
    add('for a card order', me, { product_id: p1.id, quantity: 1 }, 200),
    order('by card', me, card, 201, {
      check: (b) =>
        isObject(b) &&
        b.payment_method === 'card_2c2p' &&
        b.payment_instructions === null &&
        b.latest_payment === null &&
        // Unpaid by card, no payment under way: the shopper may pay it now or cancel it.
        JSON.stringify(b.actions) === '["pay","cancel"]'
          ? null
          : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
      remember: (b) => {
        if (!isObject(b)) return;
        state.cardOrder = Number(b.id);
        state.cardOrderNumber = str(b.order_number);
        state.cardTotal = str(b.total_price);
      },
    }),
    ...withBearer(tenantErrors('createOrder', 'POST', '/orders/orders/', undefined, anyOrder)),
  ];
}
