/**
 * Gift cards in the back office (admin contract: issueStoreCredit, listGiftCards, getGiftCard,
 * cancelGiftCard; issue 42, decision 090), over the demo shop:
 * - store credit issued by the owner (its code e-mailed, never answered: only its last four),
 *   a zero amount refused (400), and staff refused (403);
 * - the list holds it, its detail shows the `issued` line of its history;
 * - cancelled with a reason, then refused a second time (409); an unknown card is 404.
 */
import { detailIs, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { results } from '../request';
import { FORBIDDEN, adminCase, members, type AdminSetup } from './admin-setup';

/** The cases of the back office's gift cards. */
export function giftCardCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  const made = { id: 0 };
  const cardPath = (tail = '') => `/gift-cards/${made.id}/${tail}`;
  const credit = {
    amount: '40.00',
    recipient_name: 'Contract Check',
    recipient_email: 'contract-check@example.com',
    reason: 'The contract test issues and cancels this credit.',
  };
  return [
    asOwner(
      adminCase('issueStoreCredit', 'issueStoreCredit', 'POST', '/gift-cards/', 201, {
        body: credit,
        check: (b: Json) =>
          isObject(b) &&
          b.balance === '40.00' &&
          b.source === 'store_credit' &&
          /^[2-9A-Z]{4}$/.test(str(b.last_four)) &&
          !JSON.stringify(b).includes('GIFT-')
            ? null
            : `expected the credit by its last four only: ${JSON.stringify(b).slice(0, 200)}`,
        remember: (b: Json) => {
          made.id = isObject(b) ? Number(b.id) : 0;
        },
      }),
    ),
    asOwner(
      adminCase('issueStoreCredit of nothing', 'issueStoreCredit', 'POST', '/gift-cards/', 400, {
        body: { ...credit, amount: '0.00' },
        check: (b: Json) =>
          isObject(b) && Array.isArray(b.amount)
            ? null
            : `expected words on amount: ${JSON.stringify(b)}`,
      }),
    ),
    asStaff(
      adminCase(
        'issueStoreCredit refused to staff',
        'issueStoreCredit',
        'POST',
        '/gift-cards/',
        403,
        {
          body: credit,
          check: detailIs(FORBIDDEN),
        },
      ),
    ),
    asOwner(
      adminCase('listGiftCards', 'listGiftCards', 'GET', '/gift-cards/', 200, {
        check: (b: Json) =>
          results(b).some((c) => Number(c.id) === made.id)
            ? null
            : `expected the credit listed: ${JSON.stringify(b).slice(0, 200)}`,
      }),
    ),
    asOwner(
      adminCase('getGiftCard with its history', 'getGiftCard', 'GET', '/gift-cards/1/', 200, {
        prepare: () => ({ path: cardPath() }),
        check: (b: Json) =>
          isObject(b) &&
          Array.isArray(b.history) &&
          isObject(b.history[0]) &&
          b.history[0].kind === 'issued'
            ? null
            : `expected the issued line: ${JSON.stringify(b).slice(0, 200)}`,
      }),
    ),
    asOwner(adminCase('getGiftCard unknown', 'getGiftCard', 'GET', '/gift-cards/2147483647/', 404)),
    asOwner(
      adminCase('cancelGiftCard', 'cancelGiftCard', 'POST', '/gift-cards/1/cancel/', 200, {
        prepare: () => ({ path: cardPath('cancel/') }),
        body: { reason: 'Contract check.' },
        check: (b: Json) =>
          isObject(b) && b.status === 'cancelled' && b.balance === '0.00'
            ? null
            : `expected the card cancelled: ${JSON.stringify(b).slice(0, 200)}`,
      }),
    ),
    asOwner(
      adminCase('cancelGiftCard twice', 'cancelGiftCard', 'POST', '/gift-cards/1/cancel/', 409, {
        prepare: () => ({ path: cardPath('cancel/') }),
        body: { reason: 'Contract check.' },
        check: detailIs('This gift card is already cancelled.'),
      }),
    ),
  ];
}
