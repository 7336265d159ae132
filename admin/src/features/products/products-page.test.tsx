/**
 * The products list's edits in place (issue 40): a row's stock is saved on Enter with the count
 * the list showed, a refusal says why and shows the stock now (a retry sends it); a price is saved when the
 * field is left; selected rows get their stock set in one all-or-nothing request. No slug shows.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';
import { clearTokens } from '../../api/tokens';
import { fakeApi, signIn } from '../../test/render';
import type { AdminProductSummary } from './api';
import { ProductsPage } from './products-page';
import { validateProductsSearch } from './search';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const row = (id: number, name: string, stock: number): AdminProductSummary => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  status: 'active',
  category: { id: 1, name: 'Knives', slug: 'knives' },
  price: '120.00',
  stock,
  made_to_order: false,
  low_stock_threshold: 2,
  stock_state: stock === 0 ? 'sold_out' : stock <= 2 ? 'low' : 'in_stock',
  thumbnail: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

async function renderList() {
  const root = createRootRoute();
  const auth = createRoute({ getParentRoute: () => root, id: '_auth' });
  const shell = createRoute({ getParentRoute: () => auth, id: '_shell' });
  const list = createRoute({
    getParentRoute: () => shell,
    path: 'products/',
    validateSearch: validateProductsSearch,
    component: ProductsPage,
  });
  const router = createRouter({
    routeTree: root.addChildren([auth.addChildren([shell.addChildren([list])])]),
    history: createMemoryHistory({ initialEntries: ['/products'] }),
  });
  await router.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SHOP_CURRENCY_QUERY_KEY, 'GBP');
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the products list', () => {
  it('saves a stock on Enter, shows the stock now when refused so a retry is accepted, and saves a price on leaving it', async () => {
    let rows = [row(1, 'Kiritsuke', 3), row(2, 'Petty', 5)];
    let stockAnswers = 0;
    const sent = fakeApi({
      'GET /products/': () => json({ count: 2, next: null, previous: null, results: rows }),
      'GET /categories/': () => json([]),
      'POST /products/1/stock/': () => {
        rows = [row(1, 'Kiritsuke', 6), rows[1]!];
        return json({ product_id: 1, stock: 6 });
      },
      'POST /products/2/stock/': () => {
        stockAnswers += 1;
        if (stockAnswers > 1) {
          rows = [rows[0]!, row(2, 'Petty', 9)];
          return json({ product_id: 2, stock: 9 });
        }
        // A sale took one meanwhile: the list, read again, holds 4.
        rows = [rows[0]!, row(2, 'Petty', 4)];
        return json(
          {
            detail: 'The stock changed to 4 meanwhile (a sale?); check the count and save again.',
            stock: 4,
          },
          409,
        );
      },
      'PATCH /products/2/': () => json({ ...rows[1], price: '99.50' }),
    });
    await renderList();
    const stock = await screen.findByLabelText('Stock of Kiritsuke');
    expect(screen.queryByText('kiritsuke')).toBeNull();
    await userEvent.clear(stock);
    await userEvent.type(stock, '6{Enter}');
    expect(await screen.findByText('Saved: 6 in stock.')).toBeInTheDocument();
    expect(sent.find((r) => r.path === '/products/1/stock/')?.body).toEqual({
      mode: 'set',
      quantity: 6,
      expected_stock: 3,
      reason: 'correction',
    });
    // Leaving the field after Enter sends nothing more.
    fireEvent.blur(stock);
    expect(sent.filter((r) => r.path === '/products/1/stock/')).toHaveLength(1);

    const petty = screen.getByLabelText('Stock of Petty');
    await userEvent.clear(petty);
    await userEvent.type(petty, '9{Enter}');
    expect(
      await screen.findByText(
        'Not saved (9): The stock changed to 4 meanwhile (a sale?); check the count and save again.',
      ),
    ).toBeInTheDocument();
    // The refusal refreshes the list: the field shows the stock now, and a retry sends it.
    await waitFor(() => expect(petty).toHaveValue('4'));
    expect(stockAnswers).toBe(1);
    await userEvent.clear(petty);
    await userEvent.type(petty, '9{Enter}');
    expect(await screen.findByText('Saved: 9 in stock.')).toBeInTheDocument();
    expect(sent.filter((r) => r.path === '/products/2/stock/').map((r) => r.body)).toEqual([
      { mode: 'set', quantity: 9, expected_stock: 5, reason: 'correction' },
      { mode: 'set', quantity: 9, expected_stock: 4, reason: 'correction' },
    ]);

    const price = screen.getByLabelText('Price of Petty');
    await userEvent.clear(price);
    await userEvent.type(price, '99.5');
    fireEvent.blur(price);
    expect(await screen.findByText('Saved: £99.50.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ price: '99.50' });

    await userEvent.clear(price);
    await userEvent.type(price, 'lots{Enter}');
    expect(await screen.findByText(/Enter an amount like 45.00/)).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('sets the stock of the selected products in one request, saying what changed', async () => {
    const sent = fakeApi({
      'GET /products/': () =>
        json({
          count: 3,
          next: null,
          previous: null,
          results: [row(1, 'Kiritsuke', 3), row(2, 'Petty', 5), row(3, 'Nakiri', 1)],
        }),
      'GET /categories/': () => json([]),
      'POST /products/bulk/': () => json({ action: 'set_stock', product_ids: [1, 3], changed: 2 }),
    });
    await renderList();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Kiritsuke' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Nakiri' }));
    const bar = screen.getByRole('form', { name: 'Change the selected products' });
    expect(within(bar).getByText('2 products')).toBeInTheDocument();
    const live = screen.getByText('2 products selected');
    expect(live).toHaveAttribute('role', 'status');
    // A phone's cards have no header box: the bar offers the whole page.
    await userEvent.click(within(bar).getByRole('button', { name: 'Select all 3' }));
    expect(within(bar).getByText('3 products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Petty' }));
    await userEvent.type(within(bar).getByLabelText('Set stock to'), '1e9');
    await userEvent.click(within(bar).getByRole('button', { name: 'Set stock' }));
    expect(within(bar).getByText('Enter a whole number from 0 to 1000000.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.clear(within(bar).getByLabelText('Set stock to'));
    await userEvent.type(within(bar).getByLabelText('Set stock to'), '4');
    await userEvent.click(within(bar).getByRole('button', { name: 'Set stock' }));
    const done = await screen.findByText('Stock set to 4 for 2 products.');
    // The bar goes with the selection: the focus is on the result, and the count says none.
    await waitFor(() => expect(document.activeElement).toContainElement(done));
    expect(live).toBeInTheDocument();
    expect(live).toBeEmptyDOMElement();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'set_stock',
      product_ids: [1, 3],
      stock: 4,
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Change the selected products' })).toBeNull(),
    );
  });
});
