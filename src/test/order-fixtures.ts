import type { components } from '../../common/storefront-api';

/**
 * The order that the storefront's component tests start from, shaped as the contract answers
 * GET and POST /orders/orders/ (spec section 3), and the same with two engraved knives for the
 * order pages. Each feature's tests add what they are about (lines, a payment method, shipping)
 * as overrides.
 */

type Order = components['schemas']['Order'];

/**
 * Order ORD-7K3F-9QXD (id 42), awaiting a card payment: 2 items for $490.00 with no shipping
 * charged, to Ada Lovelace in Sheffield, with no lines, shipments, payment or refund yet, and
 * the moves the server offers on such an order (`actions`: pay and cancel); `overrides` replace
 * whole fields. A test that overrides the order's state (status, method, a pending payment)
 * overrides `actions` too, with what the server answers for that state
 * (server/orders/shopper-moves.ts). Money is in decimal strings, times in ISO 8601 UTC.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    order_number: 'ORD-7K3F-9QXD',
    status: 'awaiting_payment',
    payment_method: 'card_2c2p',
    subtotal: '490.00',
    shipping_price: '0.00',
    total_price: '490.00',
    total_items: 2,
    delivery_address: {
      fullname: 'Ada Lovelace',
      contact_number: '+44 114 496 0000',
      street: '12 Forge Lane',
      city: 'Sheffield',
      postalCode: 'S1 2AB',
      country: 'United Kingdom',
    },
    items: [],
    shipments: [],
    needs_adult_signature: false,
    age_attestation: null,
    created_at: '2026-11-22T10:00:00Z',
    paid_at: null,
    expires_at: null,
    closed_at: null,
    refunded_total: '0.00',
    refund_status: null,
    payment_instructions: null,
    payment_redirect_url: null,
    latest_payment: null,
    vat_rate: null,
    vat_total: null,
    shipping_vat: null,
    cancellation: { exempt: false, deadline: null, can_request: false, requested_at: null },
    actions: ['pay', 'cancel'],
    ...overrides,
  };
}

/**
 * Order ORD-7K3F-9QXD (id 42), unpaid by card: two engraved Damascus Gyuto knives for $490.00,
 * to a Sheffield address, with `overrides`.
 */
export function gyutoOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    items: [
      {
        id: 1,
        product_id: 7,
        product_name: 'Damascus Gyuto 210mm',
        product_slug: 'damascus-gyuto-210',
        thumb_image: null,
        customization: { engraving_text: 'A.L.' },
        options: [],
        quantity: 2,
        unit_price: '245.00',
        line_total: '490.00',
        made_to_order: false,
        age_restricted: true,
        cancellation_exempt: true,
        dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
        vat_amount: null,
      },
    ],
    ...overrides,
  });
}
