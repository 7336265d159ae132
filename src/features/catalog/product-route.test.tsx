/*
 * The product route wired as the app wires it (the generated route tree, the app's QueryClient
 * rules, the shared frame), for what only the route decides: which answers end on the page's
 * own messages (spec section 8) rather than on the generic error screen.
 */
import { screen } from '@testing-library/react';
import { visitRoute } from '../../test/visit-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the product route', () => {
  it("says 'Product data is unavailable.' when the product answer is empty", async () => {
    visitRoute('/products/gyuto-210', { '/products/products/gyuto-210/': { body: null } });
    expect(await screen.findByText('Product data is unavailable.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load product details.')).toBeNull();
  });

  it("says 'Product not found.' for a 404", async () => {
    visitRoute('/products/gyuto-210', {
      '/products/products/gyuto-210/': { status: 404, body: { detail: 'Not found.' } },
    });
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
  });
});
