/**
 * The owner's settings (admin contract: getSiteSetup, updateSiteSetup, listShippingZones,
 * createShippingZone, updateShippingZone, reorderShippingZones, deleteShippingZone,
 * listShippingMethods, createShippingMethod, updateShippingMethod, reorderShippingMethods,
 * deleteShippingMethod, getWorkshopSettings, updateWorkshopSettings, getPaymentSetup,
 * updatePaymentSetup, replaceCardCredentials, checkCardCredentials) at the demo shop, leaving it as it was:
 * - the site settings read, the title changed and put back; an analytics id that is not one 400;
 * - a zone for Canada created (a country that is not one, and one another zone has, 400),
 *   renamed, given a method (a delivery without a zone 400), the methods and zones put in a new
 *   order and back, a zone with a method refused (409), then the method and the zone deleted;
 *   an unknown zone or method 404;
 * - the workshop's days read and saved as they were; an age out of range 400;
 * - the payment settings read (never a credential), the custom method switched off and on
 *   again; a redirect that is not https 400; credentials that do not fit the provider 400;
 *   the sandbox gateway's keys tested (200, `test`: no real money);
 *   last, Stripe credentials saved and never echoed (the run's card payments are all made
 *   before, through the sandbox gateway);
 * - the staff member is refused every one of them (403).
 */
import { detailIs, fieldError, type Case } from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { FORBIDDEN, NOT_FOUND, adminCase, members, type AdminSetup } from './admin-setup';

/** Credentials of the kind Stripe gives (made up): the answer must never carry them. */
const STRIPE_KEY = 'sk_test_ContractRunSecret000000';
const STRIPE_WEBHOOK = 'whsec_ContractRunSigning000000';

/** The ids of a `{results}` list. */
function ids(b: Json): number[] {
  return isObject(b) && Array.isArray(b.results)
    ? b.results.filter(isObject).map((r) => Number(r.id))
    : [];
}

/** A check over an object answer: returns a failure message or null. */
function objectIs(check: (o: JsonObject) => string | null) {
  return (b: Json) => (isObject(b) ? check(b) : `expected an object, got ${JSON.stringify(b)}`);
}

/** The settings' cases, in order. */
export function settingsCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  const kept: {
    title: string;
    workshop: JsonObject;
    zoneIds: number[];
    methodIds: number[];
    zoneId: number;
    methodId: number;
  } = { title: '', workshop: {}, zoneIds: [], methodIds: [], zoneId: 0, methodId: 0 };
  const code = `ca-${a.stamp}`
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 50);
  const owner = (
    name: string,
    operationId: string,
    method: string,
    path: string,
    status: number,
    rest: Partial<Case> = {},
  ) => asOwner(adminCase(`${operationId} ${name}`, operationId, method, path, status, rest));
  const staffRefused = (operationId: string, method: string, path: string, body?: Json) =>
    asStaff(
      adminCase(`${operationId} by a staff member`, operationId, method, path, 403, {
        ...(body === undefined ? {} : { body }),
        check: detailIs(FORBIDDEN),
      }),
    );

  return [
    owner('as the storefront shows them', 'getSiteSetup', 'GET', '/settings/site/', 200, {
      check: objectIs((o) => (str(o.site_title) ? null : 'expected a site title')),
      remember: (b) => {
        if (isObject(b)) kept.title = str(b.site_title);
      },
    }),
    owner('a new title', 'updateSiteSetup', 'PATCH', '/settings/site/', 200, {
      body: { site_title: 'Contract Knives' },
      check: objectIs((o) =>
        o.site_title === 'Contract Knives' ? null : `got ${str(o.site_title)}`,
      ),
    }),
    owner('the title put back', 'updateSiteSetup', 'PATCH', '/settings/site/', 200, {
      prepare: () => ({ body: { site_title: kept.title } }),
    }),
    owner('an analytics id that is not one', 'updateSiteSetup', 'PATCH', '/settings/site/', 400, {
      body: { google_analytics_id: 'UA-1234-5' },
      via: 'lenient',
    }),
    // ~~ H3 seller ~~
    owner('the seller and its VAT', 'updateSiteSetup', 'PATCH', '/settings/site/', 200, {
      body: { legal_name: 'Ember & Oak Workshop Ltd', vat_number: 'gb284735126', vat_rate: '20' },
      check: objectIs((o) =>
        o.vat_number === 'GB284735126' && o.vat_rate === '20.00'
          ? null
          : `got ${str(o.vat_number)} at ${str(o.vat_rate)}`,
      ),
    }),
    owner('a VAT number that is not one', 'updateSiteSetup', 'PATCH', '/settings/site/', 400, {
      body: { vat_number: 'GB12' },
      check: fieldError(
        'vat_number',
        'Enter a VAT number: a 2-letter country prefix and 8 to 12 letters or digits, such as GB123456789.',
      ),
    }),
    // ~~ end H3 ~~

    owner('of the demo shop', 'listShippingZones', 'GET', '/settings/shipping/zones/', 200, {
      check: (b) => (ids(b).length > 0 ? null : 'expected the seeded zones'),
      remember: (b) => {
        kept.zoneIds = ids(b);
      },
    }),
    owner(
      'with a country that is not one',
      'createShippingZone',
      'POST',
      '/settings/shipping/zones/',
      400,
      {
        body: { name: 'Nowhere', countries: ['XX'] },
        check: fieldError(
          'countries',
          '"XX" is not a country code (ISO 3166-1 alpha-2, such as GB).',
        ),
      },
    ),
    owner(
      'with a country another zone has',
      'createShippingZone',
      'POST',
      '/settings/shipping/zones/',
      400,
      {
        body: { name: 'Again', countries: ['GB'] },
        check: (b) =>
          isObject(b) && Array.isArray(b.countries)
            ? null
            : `expected countries errors, got ${JSON.stringify(b)}`,
      },
    ),
    owner('for Canada', 'createShippingZone', 'POST', '/settings/shipping/zones/', 201, {
      body: { name: 'Canada', countries: ['CA'], age_restricted_allowed: false },
      check: objectIs((o) =>
        JSON.stringify(o.countries) === '["CA"]' ? null : `got ${JSON.stringify(o)}`,
      ),
      remember: (b) => {
        if (isObject(b)) kept.zoneId = Number(b.id);
      },
    }),
    owner('renamed', 'updateShippingZone', 'PATCH', '/settings/shipping/zones/999999/', 200, {
      prepare: () => ({
        path: `/settings/shipping/zones/${kept.zoneId}/`,
        body: { name: 'Canada and more' },
      }),
      check: objectIs((o) => (o.name === 'Canada and more' ? null : `got ${str(o.name)}`)),
    }),
    owner('unknown', 'updateShippingZone', 'PATCH', '/settings/shipping/zones/999999/', 404, {
      body: { name: 'Ghost' },
      check: detailIs(NOT_FOUND),
    }),
    owner('of the demo shop', 'listShippingMethods', 'GET', '/settings/shipping/methods/', 200, {
      check: (b) => (ids(b).length > 0 ? null : 'expected the seeded methods'),
      remember: (b) => {
        kept.methodIds = ids(b);
      },
    }),
    owner(
      'a delivery without a zone',
      'createShippingMethod',
      'POST',
      '/settings/shipping/methods/',
      400,
      {
        body: { zone_id: null, code, name: 'Canada Post', kind: 'delivery', price: '19.50' },
        check: fieldError('zone_id', 'A delivery method needs a zone.'),
      },
    ),
    owner(
      'in the Canada zone',
      'createShippingMethod',
      'POST',
      '/settings/shipping/methods/',
      201,
      {
        prepare: () => ({
          body: {
            zone_id: kept.zoneId,
            code,
            name: 'Canada Post',
            kind: 'delivery',
            price: '19.50',
            free_over: '300.00',
          },
        }),
        check: objectIs((o) =>
          o.price === '19.50' && o.free_over === '300.00' ? null : `got ${JSON.stringify(o)}`,
        ),
        remember: (b) => {
          if (isObject(b)) kept.methodId = Number(b.id);
        },
      },
    ),
    owner(
      'a code already taken',
      'createShippingMethod',
      'POST',
      '/settings/shipping/methods/',
      400,
      {
        prepare: () => ({
          body: { zone_id: kept.zoneId, code, name: 'Twice', kind: 'delivery', price: '1.00' },
        }),
        check: fieldError('code', 'A method with this code already exists.'),
      },
    ),
    owner(
      'a new price',
      'updateShippingMethod',
      'PATCH',
      '/settings/shipping/methods/999999/',
      200,
      {
        prepare: () => ({
          path: `/settings/shipping/methods/${kept.methodId}/`,
          body: { price: '21.00', free_over: null },
        }),
        check: objectIs((o) =>
          o.price === '21.00' && o.free_over === null ? null : `got ${JSON.stringify(o)}`,
        ),
      },
    ),
    owner(
      'the new one first',
      'reorderShippingMethods',
      'POST',
      '/settings/shipping/methods/reorder/',
      200,
      {
        prepare: () => ({ body: { ids: [kept.methodId, ...kept.methodIds] } }),
        check: (b) => (ids(b)[0] === kept.methodId ? null : `got ${JSON.stringify(ids(b))}`),
      },
    ),
    owner(
      'as they were',
      'reorderShippingMethods',
      'POST',
      '/settings/shipping/methods/reorder/',
      200,
      {
        prepare: () => ({ body: { ids: [...kept.methodIds, kept.methodId] } }),
      },
    ),
    owner(
      'missing one',
      'reorderShippingMethods',
      'POST',
      '/settings/shipping/methods/reorder/',
      400,
      {
        prepare: () => ({ body: { ids: kept.methodIds } }),
        check: fieldError('ids', 'Name every method once, in the new order.'),
      },
    ),
    owner(
      'as they were',
      'reorderShippingZones',
      'POST',
      '/settings/shipping/zones/reorder/',
      200,
      {
        prepare: () => ({ body: { ids: [...kept.zoneIds, kept.zoneId] } }),
        check: (b) => (ids(b).at(-1) === kept.zoneId ? null : `got ${JSON.stringify(ids(b))}`),
      },
    ),
    owner(
      'with a method',
      'deleteShippingZone',
      'DELETE',
      '/settings/shipping/zones/999999/',
      409,
      {
        prepare: () => ({ path: `/settings/shipping/zones/${kept.zoneId}/` }),
        check: detailIs('This zone still has 1 shipping method: delete or move it first.'),
      },
    ),
    owner('unknown', 'deleteShippingMethod', 'DELETE', '/settings/shipping/methods/999999/', 404, {
      check: detailIs(NOT_FOUND),
    }),
    owner(
      'no order uses',
      'deleteShippingMethod',
      'DELETE',
      '/settings/shipping/methods/999999/',
      204,
      {
        prepare: () => ({ path: `/settings/shipping/methods/${kept.methodId}/` }),
      },
    ),
    owner(
      'without methods',
      'deleteShippingZone',
      'DELETE',
      '/settings/shipping/zones/999999/',
      204,
      {
        prepare: () => ({ path: `/settings/shipping/zones/${kept.zoneId}/` }),
      },
    ),

    owner('as the shop has them', 'getWorkshopSettings', 'GET', '/settings/workshop/', 200, {
      check: objectIs((o) => (Array.isArray(o.working_days) ? null : 'expected working days')),
      remember: (b) => {
        if (isObject(b)) kept.workshop = b;
      },
    }),
    owner('saved as they were', 'updateWorkshopSettings', 'PUT', '/settings/workshop/', 200, {
      prepare: () => ({ body: kept.workshop }),
    }),
    owner(
      'a default delivery country no zone ships to',
      'updateWorkshopSettings',
      'PUT',
      '/settings/workshop/',
      400,
      {
        prepare: () => ({ body: { ...kept.workshop, default_country: 'JP' } }),
        check: fieldError(
          'default_country',
          'Choose a country one of your shipping zones ships to.',
        ),
      },
    ),
    owner(
      'fewer most days than fewest',
      'updateWorkshopSettings',
      'PUT',
      '/settings/workshop/',
      400,
      {
        body: {
          working_days: [1, 2, 3, 4, 5],
          ready_dispatch_days_min: 3,
          ready_dispatch_days_max: 1,
          minimum_age: 18,
        },
        check: fieldError('ready_dispatch_days_max', 'At least the fewest days (3).'),
      },
    ),

    owner('never a credential', 'getPaymentSetup', 'GET', '/settings/payments/', 200, {
      check: objectIs((o) =>
        isObject(o.card_provider) && !JSON.stringify(o).includes('signingSecret')
          ? null
          : `unexpected ${JSON.stringify(o).slice(0, 300)}`,
      ),
    }),
    owner('custom method off', 'updatePaymentSetup', 'PATCH', '/settings/payments/', 200, {
      body: { enable_custom_payment: false },
      check: objectIs((o) => (o.enable_custom_payment === false ? null : 'still on')),
    }),
    owner('custom method on again', 'updatePaymentSetup', 'PATCH', '/settings/payments/', 200, {
      body: { enable_custom_payment: true },
    }),
    owner(
      'a redirect that is not https',
      'updatePaymentSetup',
      'PATCH',
      '/settings/payments/',
      400,
      {
        body: { custom_payment_redirect_url: 'http://pay.example/' },
        check: fieldError('custom_payment_redirect_url', 'Enter an https:// address.'),
      },
    ),
    owner(
      'that do not fit the provider',
      'replaceCardCredentials',
      'PUT',
      '/settings/payments/card-provider/',
      400,
      {
        body: { provider: 'stripe', credentials: { secretKey: 'sk_test_0000000000000000' } },
        check: fieldError('credentials', 'Stripe credentials: webhookSecret is missing.'),
      },
    ),

    owner(
      "the sandbox gateway's keys, tested: they take no real money",
      'checkCardCredentials',
      'POST',
      '/settings/payments/card-provider/check/',
      200,
      {
        check: objectIs((o) =>
          isObject(o.card_provider) &&
          o.card_provider.provider === 'sandbox' &&
          o.card_provider.credentials_checked_mode === 'test' &&
          typeof o.card_provider.credentials_checked_at === 'string'
            ? null
            : `unexpected ${JSON.stringify(o).slice(0, 300)}`,
        ),
      },
    ),

    // Last, so the run's card payments before it went through the sandbox gateway.
    owner(
      'Stripe, never echoed',
      'replaceCardCredentials',
      'PUT',
      '/settings/payments/card-provider/',
      200,
      {
        body: {
          provider: 'stripe',
          credentials: { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK },
        },
        check: (b) => {
          const text = JSON.stringify(b);
          if (text.includes(STRIPE_KEY) || text.includes(STRIPE_WEBHOOK))
            return 'the answer echoes a credential';
          return isObject(b) &&
            isObject(b.card_provider) &&
            b.card_provider.provider === 'stripe' &&
            b.card_provider.credentials_set === true
            ? null
            : `unexpected ${text.slice(0, 300)}`;
        },
      },
    ),
    staffRefused('getSiteSetup', 'GET', '/settings/site/'),
    staffRefused('updateSiteSetup', 'PATCH', '/settings/site/', { site_title: 'Staff' }),
    staffRefused('listShippingZones', 'GET', '/settings/shipping/zones/'),
    staffRefused('createShippingZone', 'POST', '/settings/shipping/zones/', {
      name: 'Staff',
      countries: ['CA'],
    }),
    staffRefused('reorderShippingZones', 'POST', '/settings/shipping/zones/reorder/', { ids: [1] }),
    staffRefused('updateShippingZone', 'PATCH', '/settings/shipping/zones/1/', { name: 'Staff' }),
    staffRefused('deleteShippingZone', 'DELETE', '/settings/shipping/zones/1/'),
    staffRefused('listShippingMethods', 'GET', '/settings/shipping/methods/'),
    staffRefused('createShippingMethod', 'POST', '/settings/shipping/methods/', {
      code: 'staff',
      name: 'Staff',
      kind: 'collection',
      price: '0.00',
    }),
    staffRefused('reorderShippingMethods', 'POST', '/settings/shipping/methods/reorder/', {
      ids: [1],
    }),
    staffRefused('updateShippingMethod', 'PATCH', '/settings/shipping/methods/1/', {
      name: 'Staff',
    }),
    staffRefused('deleteShippingMethod', 'DELETE', '/settings/shipping/methods/1/'),
    staffRefused('getWorkshopSettings', 'GET', '/settings/workshop/'),
    staffRefused('updateWorkshopSettings', 'PUT', '/settings/workshop/', {
      working_days: [1],
      ready_dispatch_days_min: 1,
      ready_dispatch_days_max: 2,
      minimum_age: 18,
    }),
    staffRefused('getPaymentSetup', 'GET', '/settings/payments/'),
    staffRefused('updatePaymentSetup', 'PATCH', '/settings/payments/', {
      enable_bank_transfer: true,
    }),
    staffRefused('checkCardCredentials', 'POST', '/settings/payments/card-provider/check/'),
    staffRefused('replaceCardCredentials', 'PUT', '/settings/payments/card-provider/', {
      provider: 'stripe',
      credentials: { secretKey: 'sk_test_0000000000000000' },
    }),
  ];
}
