/**
 * A customised knife in the cart, and shipping (contract: addCartItem with options,
 * getShippingOptions, quoteShipping, createOrder's age attestation; spec section 4, Cart):
 * options the piece does not take, a handle wood it is not made in or none, the option
 * surcharges priced by the server whatever the client sends, the shop's shipping countries,
 * quotes to the UK (only age-verified delivery for the knife), to the US (only collection) and
 * to a country the shop does not serve, a method the knife may not use, and the refused
 * checkouts of a knife without an adult's attestation or by a buyer under 18.
 */
import { fieldError, tenantErrors, DEMO, TENANT_HEADER, type Case } from '../case';
import { isObject } from '../contract-document';
import { BANK, cents, emptyCart, itemIds, money, shopCaseBuilders, type Shop } from './shop-setup';

/** Starts the shopping session from an empty cart and ends it with the cart emptied again. */
export function shippingCases(shop: Shop): Case[] {
  const { me, p1, state } = shop;
  const { cartCase, add, clear, order, withBearer } = shopCaseBuilders(shop);
  const bank = BANK;
  // The demo gyuto is sold in sizes (issue 42): each line of it names one.
  const size: Record<string, number> = shop.knife.variantId
    ? { variant_id: shop.knife.variantId }
    : {};

  return [
    clear('to start from an empty cart', me),
    cartCase('getCart (empty)', 'getCart', 'GET', '/orders/cart/', me, 200, { check: emptyCart }),
    add(
      'with options the piece does not take',
      me,
      { product_id: p1.id, quantity: 1, customization: { engraving_text: 'A.L.' } },
      400,
      { check: fieldError('customization', 'This piece takes no options.') },
    ),
    add(
      'a knife with a handle wood it is not made in',
      me,
      { product_id: shop.knife.id, quantity: 1, customization: { handle: 'plastic' }, ...size },
      400,
      {
        check: fieldError(
          'customization.handle',
          'Choose one of: Walnut, Ebony, Stabilised maple.',
        ),
      },
    ),
    add(
      'a knife without its handle wood',
      me,
      {
        product_id: shop.knife.id,
        quantity: 1,
        customization: { engraving_text: 'A.L.' },
        ...size,
      },
      400,
      { check: fieldError('customization.handle', 'Choose the handle wood.') },
    ),
    add(
      'a knife in ebony, engraved (the surcharges priced by the server)',
      me,
      {
        product_id: shop.knife.id,
        quantity: 1,
        customization: { handle: 'ebony', engraving_text: 'A.L.' },
        ...size,
        unit_price: '0.01',
      },
      200,
      {
        check: (b) => {
          const line = isObject(b) && Array.isArray(b.items) ? b.items.find(isObject) : undefined;
          const unit = money(cents(shop.knife.price) + 2000 + 1500);
          return line && line.unit_price === unit && line.line_total === unit
            ? null
            : `expected unit_price ${unit}, got ${JSON.stringify(b).slice(0, 300)}`;
        },
        remember: (b) => (state.knifeLine = itemIds(b)[0] ?? 0),
      },
    ),
    cartCase(
      'getShippingOptions',
      'getShippingOptions',
      'GET',
      '/shipping/options/',
      { [TENANT_HEADER]: DEMO },
      200,
      {
        check: (b) => {
          const codes =
            isObject(b) && Array.isArray(b.countries)
              ? b.countries.filter(isObject).map((c) => c.code)
              : [];
          return codes.includes('GB') && codes.includes('US') && isObject(b) && b.minimum_age === 18
            ? null
            : `unexpected options ${JSON.stringify(b).slice(0, 300)}`;
        },
      },
    ),
    ...tenantErrors('getShippingOptions', 'GET', '/shipping/options/'),
    cartCase(
      'quoteShipping to the UK (the knife by age-verified delivery)',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      200,
      {
        body: { country: 'GB' },
        check: (b) => {
          const line = isObject(b) && Array.isArray(b.lines) ? b.lines.find(isObject) : undefined;
          return isObject(b) &&
            line?.method === 'uk-age-verified' &&
            b.shipping_price === '9.50' &&
            b.total_price === money(cents(shop.knife.price) + 3500 + 950) &&
            b.ready === true
            ? null
            : `unexpected quote ${JSON.stringify(isObject(b) ? b.lines : b).slice(0, 400)}`;
        },
      },
    ),
    cartCase(
      'quoteShipping to the US (the knife only collected)',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      200,
      {
        body: { country: 'US' },
        check: (b) => {
          const line = isObject(b) && Array.isArray(b.lines) ? b.lines.find(isObject) : undefined;
          // An American buyer may still collect it from the workshop.
          return isObject(b) &&
            JSON.stringify(line?.methods) === '["collection"]' &&
            line?.problem === `${shop.knife.name} cannot be shipped to United States.`
            ? null
            : `unexpected quote ${JSON.stringify(isObject(b) ? b.lines : b).slice(0, 400)}`;
        },
      },
    ),
    cartCase(
      'quoteShipping to a country the shop does not ship to',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      400,
      {
        body: { country: 'CA' },
        check: fieldError('country', 'We do not ship to Canada.'),
      },
    ),
    cartCase(
      'quoteShipping with a method the knife may not use',
      'quoteShipping',
      'POST',
      '/orders/cart/shipping-quote/',
      me,
      400,
      {
        body: { country: 'GB' },
        prepare: () => ({
          body: { country: 'GB', choices: [{ item_id: state.knifeLine, method: 'uk-standard' }] },
        }),
        check: fieldError(
          'shipping',
          `${shop.knife.name} can only be sent by age-verified delivery or collected from the workshop.`,
        ),
      },
    ),
    ...withBearer(
      tenantErrors('quoteShipping', 'POST', '/orders/cart/shipping-quote/', undefined, {
        country: 'GB',
      }),
    ),
    order('of a knife without the age attestation', me, { ...bank, age_attestation: null }, 400, {
      prepare: async () => {
        const complete = await shop.checkout(me, bank);
        delete complete.age_attestation;
        return { body: complete };
      },
      check: fieldError(
        'age_attestation',
        'Please give your date of birth and confirm that the parcel will be handed only to an adult.',
      ),
    }),
    order(
      'of a knife by a buyer under 18',
      me,
      {
        ...bank,
        age_attestation: {
          date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01`,
          confirmed: true,
        },
      },
      400,
      {
        check: fieldError(
          'age_attestation.date_of_birth',
          'You must be 18 or over to buy age-restricted items.',
        ),
      },
    ),
    clear('after the knife', me),
  ];
}
