import { act, fireEvent, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/errors';
import { createTestQueryClient } from '../../test/render-with-router';
import { useAddToCart, useSetCartQuantity } from './api';
import { patch, post, setUpCartCalls } from '../../test/render-cart-step';

/*
 * The cart's mutation hooks without a screen (spec sections 4, 5 and 8): the quantity floor,
 * adding while logged out, and the fallback message.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCartCalls();

describe('cart mutations without a screen', () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
  }

  it("refuses a quantity below 1 with 'Quantity must be at least 1. Use remove to delete.'", async () => {
    const onError = vi.fn();
    const { result } = renderHook(() => useSetCartQuantity({ onError }), { wrapper });
    act(() => result.current.mutate({ itemId: 1, quantity: 0 }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        'Quantity must be at least 1. Use remove to delete.',
        expect.any(Error),
      ),
    );
    expect(patch).not.toHaveBeenCalled();
  });

  it("refuses to add while logged out with 'Please log in to add items to your cart.'", async () => {
    const onError = vi.fn();
    const { result } = renderHook(() => useAddToCart({ onError }), { wrapper });
    act(() => result.current.mutate({ productId: 7, quantity: 1 }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        'Please log in to add items to your cart.',
        expect.any(Error),
      ),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to add item.'", async () => {
    localStorage.setItem('authToken', 'token');
    post.mockRejectedValue(new ApiError(500, null));
    const onError = vi.fn();
    const { result } = renderHook(() => useAddToCart({ onError }), { wrapper });
    act(() => result.current.mutate({ productId: 7, quantity: 1 }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith('Failed to add item.', expect.anything()),
    );
    fireEvent.blur(document.body);
  });
});
