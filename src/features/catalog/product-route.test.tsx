/*
 * The product route wired as the app wires it (the generated route tree, the app's QueryClient
 * rules, the shared frame), for what only the route decides: which answers end on the page's
 * own messages (spec section 8) rather than on the generic error screen.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { routeTree } from '../../routeTree.gen';
import { createAppQueryClient } from '../../router';
import { stubApi, type StubAnswer } from '../content/test-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function visit(path: string, answers: Record<string, StubAnswer>) {
  if (!vi.isMockFunction(window.scrollTo))
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  stubApi({
    '/pages/site-settings/': { body: { site_title: 'Ember & Oak Workshop', site_description: '' } },
    '/products/categories/': { body: [] },
    ...answers,
  });
  const queryClient = createAppQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient, origin: 'http://localhost' },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the product route', () => {
  it("says 'Product data is unavailable.' when the product answer is empty", async () => {
    visit('/products/gyuto-210', { '/products/products/gyuto-210/': { body: null } });
    expect(await screen.findByText('Product data is unavailable.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load product details.')).toBeNull();
  });

  it("says 'Product not found.' for a 404", async () => {
    visit('/products/gyuto-210', {
      '/products/products/gyuto-210/': { status: 404, body: { detail: 'Not found.' } },
    });
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
  });
});
