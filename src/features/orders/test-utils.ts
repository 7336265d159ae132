import { beforeEach, vi } from 'vitest';
import { api } from '../../api/client';
import { makeOrder } from '../../test/order-fixture';
import type { Order } from './api';

/*
 * Test helpers for the order pages' component tests (spec sections 2, 4 and 8): the mocked
 * API calls and an order as GET /orders/orders/{id}/ answers it. Money is in decimal strings,
 * as the contract carries it. Each test file swaps in src/test/mock-api-client.ts for
 * `../../api/client` itself (vi.mock is hoisted within its own file only) and calls
 * `setUpOrderCalls()`.
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
 * Order ORD-7K3F-9QXD (id 42), unpaid by card: two engraved Damascus Gyuto knives for $490.00,
 * to a Sheffield address, with `overrides`.
 */
export function order(overrides: Partial<Order> = {}): Order {
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
        dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
      },
    ],
    ...overrides,
  });
}
