/**
 * A shop's own state (admin contract: getShopSetup, setUpShop, getShopLaunch, launchShop,
 * closeShop, reopenShop, setShopPreviewPassword, startShopPreview; issue 38, decision 079), at
 * the demo shop, leaving it as it was:
 * - the first-run set-up's question answers that it is not due, and the set-up is refused: the
 *   deployment has shops (409);
 * - the demo shop's state and checklist read; Launch refused, as it is open already (409);
 * - closed for a holiday with a message and reopened; a message past 500 characters 400;
 * - a preview password set and cleared; one too short 400;
 * - a member of staff starts a preview, and is refused the moves that are the owner's (403).
 *
 * The set-up's 201 and Launch's 200 need a deployment without a shop and a closed shop whose
 * checklist is done, neither of which this run's API has: server/http/admin/first-run.test.ts,
 * server/shops/launch.test.ts and tests/e2e/open-a-shop.spec.ts hold those answers to the
 * contract's words.
 */
import { detailIs, fieldError, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { FORBIDDEN, adminCase, members, type AdminSetup } from './admin-setup';

/** The operations whose success this run cannot reach (see the module comment). */
export const SUCCEEDS_ELSEWHERE = ['setUpShop', 'launchShop'] as const;

/** A check that the answer is the shop's state with `status`. */
const stateIs = (status: string) => (b: Json) =>
  isObject(b) && b.status === status && Array.isArray(b.checklist)
    ? null
    : `expected the shop ${status} with its checklist, got ${JSON.stringify(b)}`;

/** The shop's cases, in order. */
export function shopCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  const owner = (
    name: string,
    operationId: string,
    method: string,
    path: string,
    status: number,
    rest: Partial<Case> = {},
  ) => asOwner(adminCase(`${operationId} ${name}`, operationId, method, path, status, rest));
  const message = 'Away at the Bovey Tracey craft fair until Monday.';
  return [
    adminCase('getShopSetup on a deployment with shops', 'getShopSetup', 'GET', '/setup/', 200, {
      check: (b) => (isObject(b) && b.required === false ? null : `got ${JSON.stringify(b)}`),
    }),
    adminCase('setUpShop on a deployment with shops', 'setUpShop', 'POST', '/setup/', 409, {
      body: {
        code: 'K7MX-3QPA-WD9R',
        shop_name: 'Contract Forge',
        domain: `contract-${a.stamp}.example`.toLowerCase().replace(/[^a-z0-9.-]/g, ''),
        currency: 'GBP',
        country: 'GB',
        owner_email: 'owner@contract-forge.example',
        password: 'honed-on-whetstones-9',
      },
      check: detailIs('This deployment already has a shop.'),
    }),
    owner('of the open demo shop', 'getShopLaunch', 'GET', '/shop/', 200, {
      check: stateIs('open'),
    }),
    owner('of a shop open already', 'launchShop', 'POST', '/shop/launch/', 409, {
      check: detailIs('The shop is already open.'),
    }),
    owner('with a message past 500 characters', 'closeShop', 'POST', '/shop/close/', 400, {
      body: { message: 'x'.repeat(501) },
      // The contract's own limit: the strict proxy would answer it before the API.
      via: 'lenient',
    }),
    owner('for a holiday, with a message', 'closeShop', 'POST', '/shop/close/', 200, {
      body: { message },
      check: (b) =>
        isObject(b) && b.status === 'holiday' && str(b.closed_message) === message
          ? null
          : `got ${JSON.stringify(b)}`,
    }),
    owner('after the holiday', 'reopenShop', 'POST', '/shop/reopen/', 200, {
      check: stateIs('open'),
    }),
    owner('too short', 'setShopPreviewPassword', 'PUT', '/shop/preview-password/', 400, {
      body: { password: 'abc' },
      check: fieldError('password', 'Use at least 6 characters.'),
    }),
    owner('set', 'setShopPreviewPassword', 'PUT', '/shop/preview-password/', 200, {
      body: { password: 'first-look-at-the-forge' },
      check: (b) =>
        isObject(b) && b.preview_password_set === true ? null : `got ${JSON.stringify(b)}`,
    }),
    owner('cleared', 'setShopPreviewPassword', 'PUT', '/shop/preview-password/', 200, {
      body: { password: null },
      check: (b) =>
        isObject(b) && b.preview_password_set === false ? null : `got ${JSON.stringify(b)}`,
    }),
    asStaff(
      adminCase(
        'startShopPreview by a staff member',
        'startShopPreview',
        'POST',
        '/shop/preview-session/',
        200,
        {
          check: (b) =>
            isObject(b) && str(b.storefront_url) !== '' && str(b.expires_at) !== ''
              ? null
              : `got ${JSON.stringify(b)}`,
        },
      ),
    ),
    asStaff(
      adminCase('closeShop by a staff member', 'closeShop', 'POST', '/shop/close/', 403, {
        body: { message },
        check: detailIs(FORBIDDEN),
      }),
    ),
  ];
}
