import type { components } from '../../common/storefront-api';
import { makeOrder } from './order-fixtures';
import type { Cart } from '../features/cart/api';
import type { PaymentOptions } from '../features/payments/payment-methods';

/*
 * What the checkout's component tests (spec sections 4, 5 and 9) are about: the carts, the
 * shop's shipping and payment options, the orders the API answers, and the shipping quote
 * the reference API would give. Money is in decimal strings, as the contract carries it.
 */

export type Order = components['schemas']['Order'];
export type ShippingQuote = components['schemas']['ShippingQuote'];
type ShippingChoice = components['schemas']['ShippingChoice'];
type CartItem = Cart['items'][number];

const READY = { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' };

function cartItem(
  overrides: Omit<Partial<CartItem>, 'product'> & { product?: Partial<CartItem['product']> },
): CartItem {
  const { product, ...rest } = overrides;
  return {
    id: 3,
    quantity: 2,
    customization: {},
    options: [],
    unit_price: '245.00',
    line_total: '490.00',
    dispatch: READY,
    cancellation_exempt: false,
    ...rest,
    product: {
      id: 7,
      name: 'Gyuto',
      slug: 'gyuto',
      price: '245.00',
      stock: 4,
      made_to_order: false,
      age_restricted: false,
      main_image: null,
      ...product,
    },
  };
}

/** One line: two plain Gyuto knives at $245.00, $490.00 in all. */
export const CART: Cart = {
  id: 1,
  items: [cartItem({})],
  total_items: 2,
  total_price: '490.00',
};

/** A knife (age-restricted, with a handle chosen) and two mugs, as the contract's examples. */
export const BLADE_CART: Cart = {
  id: 1,
  items: [
    cartItem({
      id: 9,
      quantity: 1,
      customization: { handle: 'walnut' },
      options: [
        {
          key: 'handle',
          label: 'Handle wood',
          value: 'walnut',
          display_value: 'Walnut',
          price_delta: '0.00',
        },
      ],
      unit_price: '405.00',
      line_total: '405.00',
      product: {
        id: 1,
        name: 'Damascus Gyuto 210mm',
        slug: 'damascus-gyuto-210mm',
        price: '405.00',
        age_restricted: true,
      },
    }),
    cartItem({
      id: 10,
      quantity: 2,
      unit_price: '45.00',
      line_total: '90.00',
      product: { id: 29, name: 'Tenmoku Tea Mug', slug: 'tenmoku-tea-mug', price: '45.00' },
    }),
  ],
  total_items: 3,
  total_price: '495.00',
};

/** The shop's shipping options: where it sends to, and its age check's minimum age and words. */
export const SHOP = {
  countries: [
    { code: 'FR', name: 'France' },
    { code: 'GB', name: 'United Kingdom' },
    { code: 'US', name: 'United States' },
  ],
  minimum_age: 18,
  age_attestation_text: 'I am 18 or over, and the parcel will be handed only to an adult.',
};

type Method = ShippingQuote['methods'][number];
const COLLECTION: Method = {
  code: 'collection',
  name: 'Collect from the workshop',
  description: '12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
  kind: 'collection',
  age_verified: false,
  price: '0.00',
  free_over: null,
};
const METHODS: Record<string, Method[]> = {
  GB: [
    {
      code: 'uk-standard',
      name: 'Royal Mail Tracked 48',
      description: '2-3 working days after dispatch',
      kind: 'delivery',
      age_verified: false,
      price: '6.50',
      free_over: null,
    },
    {
      code: 'uk-express',
      name: 'Royal Mail Special Delivery',
      description: 'Next working day after dispatch',
      kind: 'delivery',
      age_verified: false,
      price: '14.00',
      free_over: null,
    },
    {
      code: 'uk-age-verified',
      name: 'Age-verified delivery (DPD)',
      description: 'Signed for by an adult who shows proof of age, 1-2 working days',
      kind: 'delivery',
      age_verified: true,
      price: '9.50',
      free_over: null,
    },
    COLLECTION,
  ],
  US: [
    {
      code: 'us-standard',
      name: 'USPS Priority Mail International',
      description: '6-10 working days after dispatch',
      kind: 'delivery',
      age_verified: false,
      price: '32.00',
      free_over: null,
    },
    COLLECTION,
  ],
};

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: number) => (amount / 100).toFixed(2);

/**
 * What the API quotes for `cart`: an age-restricted line only by an age-verified method or
 * collection, and never delivered to the United States (where it may still be collected, with
 * the reason it cannot be sent); the first allowed method unless one is chosen.
 */
export function quoteFor(
  { country, choices = [] }: { country: string; choices?: ShippingChoice[] },
  cart: Cart,
): ShippingQuote {
  const methods = METHODS[country] ?? METHODS.GB!;
  const lines = cart.items.map((item) => {
    const restricted = item.product.age_restricted;
    if (restricted && country === 'US') {
      const collected = methods.filter((m) => m.kind === 'collection').map((m) => m.code);
      return {
        item_id: item.id,
        methods: collected,
        method: collected[0] ?? null,
        problem: `${item.product.name} cannot be shipped to United States.`,
      };
    }
    const allowed = methods
      .filter((m) => !restricted || m.age_verified || m.kind === 'collection')
      .map((m) => m.code);
    const chosen = choices.find((c) => c.item_id === item.id)?.method;
    return {
      item_id: item.id,
      methods: allowed,
      method: chosen && allowed.includes(chosen) ? chosen : allowed[0]!,
      problem: null,
    };
  });
  const shipments = methods
    .filter((m) => lines.some((l) => l.method === m.code))
    .map((m) => ({
      method: m.code,
      name: m.name,
      kind: m.kind,
      age_verified: m.age_verified,
      price: m.price,
      item_ids: lines.filter((l) => l.method === m.code).map((l) => l.item_id),
    }));
  const shipping = shipments.reduce((sum, s) => sum + cents(s.price), 0);
  return {
    country,
    methods,
    lines,
    shipments,
    subtotal: cart.total_price,
    shipping_price: money(shipping),
    total_price: money(cents(cart.total_price) + shipping),
    ready: lines.every((l) => l.method !== null),
  };
}

/** A complete United Kingdom delivery address, as the checkout form sends it. */
export const ADDRESS = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
};

/** The shop's payment options: every method enabled, with `overrides`. */
export function options(overrides: Partial<PaymentOptions> = {}): PaymentOptions {
  return {
    enable_card_payment: true,
    enable_bank_transfer: true,
    enable_custom_payment: true,
    bank_account_details: 'IBAN GB33 BUKB 2020 1555 5555 55',
    custom_payment_label: 'Pay at the workshop',
    custom_payment_instructions: 'Bring your order number.',
    custom_payment_redirect_url: null,
    ...overrides,
  };
}

/** An order as POST /orders/orders/ answers it (bank transfer, $496.50), with `overrides`. */
export function order(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    payment_method: 'bank_transfer',
    shipping_price: '6.50',
    total_price: '496.50',
    delivery_address: ADDRESS,
    payment_instructions: 'IBAN GB33 BUKB 2020 1555 5555 55',
    // Unpaid by bank transfer: the server offers cancel, never pay.
    actions: ['cancel'],
    ...overrides,
  });
}
