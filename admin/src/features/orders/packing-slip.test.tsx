/**
 * The packing slip prints one address, the one the owner chose (the order's `return_address`),
 * and the gift slip (`?gift=true`) the same slip without a single price.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';
import { clearTokens } from '../../api/tokens';
import { anOrder } from '../../test/orders';
import { fakeApi, signIn } from '../../test/render';
import { PackingSlipPage, slipSearch } from './packing-slip';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

async function renderSlip(path: string) {
  const root = createRootRoute();
  const auth = createRoute({ getParentRoute: () => root, id: '_auth' });
  const slip = createRoute({
    getParentRoute: () => auth,
    path: 'orders/$number/print',
    validateSearch: slipSearch,
    component: PackingSlipPage,
  });
  const order = createRoute({ getParentRoute: () => auth, path: 'orders/$number' });
  const router = createRouter({
    routeTree: root.addChildren([auth.addChildren([slip, order])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SHOP_CURRENCY_QUERY_KEY, 'USD');
  queryClient.setQueryData(['shop'], { name: 'Ember & Oak Workshop' });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const ORDER = anOrder({
  status: 'paid',
  return_address: 'The Old Boatyard\nQuay Lane\nTopsham, Exeter EX3 0JB',
});

describe('the packing slip', () => {
  it('prints the prices and the one address the owner chose', async () => {
    fakeApi({ 'GET /orders/ORD-7K3F-9QXD/': { status: 200, body: ORDER } });
    await renderSlip('/orders/ORD-7K3F-9QXD/print');
    const slip = await screen.findByRole('article');
    expect(
      within(slip)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Item', 'Qty', 'Price', 'Total']);
    expect(slip).toHaveTextContent('$385.00');
    expect(slip.querySelectorAll('.slip-head address')).toHaveLength(1);
    expect(slip.querySelector('.slip-head address')).toHaveTextContent(
      'Return address: The Old BoatyardQuay LaneTopsham, Exeter EX3 0JB',
    );
    expect(screen.getByRole('link', { name: 'Gift slip (no prices)' })).toHaveAttribute(
      'href',
      '/orders/ORD-7K3F-9QXD/print?gift=true',
    );
  });

  it('leaves every price out of the gift slip', async () => {
    fakeApi({ 'GET /orders/ORD-7K3F-9QXD/': { status: 200, body: ORDER } });
    await renderSlip('/orders/ORD-7K3F-9QXD/print?gift=true');
    const slip = await screen.findByRole('article');
    expect(
      within(slip)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Item', 'Qty']);
    expect(within(slip).getByRole('cell', { name: 'Damascus Gyuto 210mm' })).toBeInTheDocument();
    expect(slip.textContent).not.toMatch(/\$\s?\d/);
    expect(slip).toHaveTextContent('Gift slip');
    expect(screen.getByRole('link', { name: 'Packing slip with prices' })).toBeInTheDocument();
  });
});
