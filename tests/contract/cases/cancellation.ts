/**
 * The 14-day right to cancel (contract: requestOrderCancellation; UK Consumer Contracts
 * Regulations 2013 regs 29-38): an unpaid order is refused with 409 (it is canceled instead),
 * another customer's order answers 404, the paid card order (paid by the payment cases) is
 * accepted once with a reason, and a second request is refused with 409.
 */
import { detailIs, tenantErrors, type Case } from '../case';
import { isObject } from '../contract-document';
import { shopCaseBuilders, type Shop } from './shop-setup';

const PATH = '/orders/orders/0/cancellation-request/';
const pathOf = (id: number) => `/orders/orders/${id}/cancellation-request/`;

/** Runs after the payment cases: the card order is paid by then. */
export function cancellationCases(shop: Shop): Case[] {
  const { me, state } = shop;
  const { cartCase, withBearer } = shopCaseBuilders(shop);
  const op = 'requestOrderCancellation';
  return [
    cartCase(`${op} of an unpaid order`, op, 'POST', PATH, me, 409, {
      prepare: () => ({ path: pathOf(state.bankOrder), body: {} }),
      check: detailIs('This order has not been paid yet: cancel it from its page instead.'),
    }),
    cartCase(`${op} of another customer's order`, op, 'POST', PATH, me, 404, {
      prepare: () => ({ path: pathOf(state.otherOrder), body: {} }),
      check: detailIs('Not found.'),
    }),
    {
      ...cartCase(`${op} with a reason too long`, op, 'POST', PATH, me, 400, {
        prepare: () => ({ path: pathOf(state.cardOrder), body: { reason: 'x'.repeat(1001) } }),
      }),
      // A body the contract refuses: the strict mock answers it with its own 422.
      via: 'lenient',
    },
    cartCase(`${op} of the paid order`, op, 'POST', PATH, me, 200, {
      prepare: () => ({
        path: pathOf(state.cardOrder),
        body: { reason: 'The knife is heavier than I hoped.' },
      }),
      check: (b) =>
        isObject(b) &&
        isObject(b.cancellation) &&
        typeof b.cancellation.requested_at === 'string' &&
        b.cancellation.can_request === false
          ? null
          : `unexpected order ${JSON.stringify(b).slice(0, 300)}`,
    }),
    cartCase(`${op} twice`, op, 'POST', PATH, me, 409, {
      prepare: () => ({ path: pathOf(state.cardOrder), body: {} }),
      check: (b) =>
        isObject(b) &&
        typeof b.detail === 'string' &&
        b.detail.startsWith('You already asked to cancel this order on ')
          ? null
          : `unexpected answer ${JSON.stringify(b)}`,
    }),
    ...withBearer(tenantErrors(op, 'POST', pathOf(1))),
  ];
}
