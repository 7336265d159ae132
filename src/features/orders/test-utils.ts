import { beforeEach, vi } from 'vitest';
import { api } from '../../api/client';
import type { Order } from './api';

/*
 * Test helpers for the order pages' component tests (spec sections 2, 4 and 8): the mocked
 * API calls and an order as GET /orders/orders/{id}/ answers it. Money is in decimal strings,
 * as the contract carries it. Each test file mocks `../../api/client` itself (vi.mock is
 * hoisted within its own file only) and calls `setUpOrderCalls()`.
 */

type Call = ReturnType<typeof vi.fn>;
/** The mocked `api.GET`: loads the order history or one order. */
export const get = api.GET as unknown as Call;
/** The mocked `api.POST`: starts a card payment or cancels an order. */
export const post = api.POST as unknown as Call;

/** Registers, for the calling test file, unanswered API mocks before each test. */
export function setUpOrderCalls(): void {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });
}

/**
 * Order ORD-7K3F-9QXD (id 42): two engraved Damascus Gyuto knives for $490.00, unpaid by card,
 * to a Sheffield address, with `overrides`.
 */
export function order(overrides: Partial<Order> = {}): Order {
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
        dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
      },
    ],
    shipments: [],
    needs_adult_signature: false,
    age_attestation: null,
    created_at: '2026-11-22T10:00:00Z',
    paid_at: null,
    expires_at: null,
    closed_at: null,
    refund_status: null,
    payment_instructions: null,
    payment_redirect_url: null,
    latest_payment: null,
    ...overrides,
  };
}
