/**
 * The gift card balance page (contract: getGiftCardBalance; issue 42, decision 090): a code no
 * card has is 404 in the shop's words (the same whatever its shape), and a blank code is 400.
 * The throttle (10 codes per address in 15 minutes) is the server tests' (server/giftcards/).
 */
import { demoTenant, detailIs, fieldError, make, type Case, type Via } from '../case';
import type { Json } from '../contract-document';

/** The balance page's cases. */
export function giftCardCases(): Case[] {
  const balance = (name: string, body: Json, status: number, rest = {}) =>
    make(
      `getGiftCardBalance ${name}`,
      'getGiftCardBalance',
      'POST',
      '/gift-cards/balance/',
      demoTenant,
      status,
      { body, ...rest },
    );
  return [
    balance('of a code no card has', { code: 'GIFT-2222-3333-4444-5555-6666' }, 404, {
      check: detailIs('This gift card code is not valid.'),
    }),
    balance('of something that is no code', { code: 'hello' }, 404, {
      check: detailIs('This gift card code is not valid.'),
    }),
    // A body the contract refuses: the mock would answer 422, the API answers DRF's 400.
    {
      ...balance('without a code', {}, 400, {
        check: fieldError('code', 'This field is required.'),
      }),
      via: 'lenient' as Via,
    },
  ];
}
