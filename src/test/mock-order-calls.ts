import { beforeEach, vi } from 'vitest';
import { api } from '../api/client';

/*
 * Test helper for the order pages' component tests (spec sections 2, 4 and 8): the mocked API
 * calls they make. Each test file swaps in ./mock-api-client.ts for src/api/client.ts itself
 * (vi.mock is hoisted within its own file only) and calls `setUpOrderCalls()`; the orders come
 * from ./order-fixtures.ts.
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
