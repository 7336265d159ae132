/**
 * A saved product's page: its fields in the form, Archive (the status field follows, the rest
 * of the form is kept) and Duplicate (the copy's page opens).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, signIn } from '../../test/render';
import type { AdminProduct } from './api';
import { EditProductPage } from './product-page';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const PRODUCT: AdminProduct = {
  id: 7,
  name: 'Cherry spoon',
  slug: 'cherry-spoon',
  status: 'active',
  category: { id: 2, name: 'Spoons', slug: 'spoons' },
  price: '24.00',
  price_before_discount: '30.00',
  stock: 4,
  low_stock_threshold: 2,
  attributes: [{ name: 'Wood', value: 'Cherry' }],
  description: 'A spoon.',
  long_html_description: '<p>Carved by hand.</p>',
  options: [
    {
      key: 'finish',
      label: 'Finish',
      kind: 'choice',
      required: true,
      values: [{ value: 'oil', label: 'Oil', price_delta: '0.00' }],
      max_length: null,
      price_delta: '0.00',
    },
  ],
  made_to_order: false,
  lead_time_days_min: null,
  lead_time_days_max: null,
  age_restricted: false,
  cancellation_exempt: false,
  images: [],
  storefront_path: '/products/cherry-spoon',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  archived_at: null,
  discount: {
    shown: false,
    lowest_price_30_days: '20.00',
    reason:
      'The shop shows no discount: the price before discount ($30.00) is above the lowest price of the 30 days before this price ($20.00).',
  },
};

async function renderPage() {
  const root = createRootRoute();
  const auth = createRoute({ getParentRoute: () => root, id: '_auth' });
  const shell = createRoute({ getParentRoute: () => auth, id: '_shell' });
  const page = createRoute({
    getParentRoute: () => shell,
    path: 'products/$productId',
    component: EditProductPage,
  });
  const router = createRouter({
    routeTree: root.addChildren([auth.addChildren([shell.addChildren([page])])]),
    history: createMemoryHistory({ initialEntries: ['/products/7'] }),
  });
  await router.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SHOP_CURRENCY_QUERY_KEY, 'USD');
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("a product's page", () => {
  it('shows the product in the form, archives it and keeps what is being typed', async () => {
    const sent = fakeApi({
      'GET /products/7/': { status: 200, body: PRODUCT },
      'GET /categories/': {
        status: 200,
        body: [
          { id: 2, slug: 'spoons', name: 'Spoons', description: '', position: 0, product_count: 1 },
        ],
      },
      'PATCH /products/7/': {
        status: 200,
        body: { ...PRODUCT, status: 'archived', archived_at: '2026-11-27T10:00:00Z' },
      },
    });
    await renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Cherry spoon', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Cherry spoon');
    // Its own category, whichever of the product and the categories arrived first.
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('2'));
    expect(screen.getByLabelText('Price before discount')).toHaveValue('30.00');
    expect(screen.getByLabelText('Attribute 1 value')).toHaveValue('Cherry');
    expect(screen.getByRole('group', { name: /Option 1: Finish/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View in the shop' })).toHaveAttribute(
      'href',
      '/products/cherry-spoon',
    );

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cherry spoon, large' } });
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'archived' });
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('archived'));
    expect(screen.getByLabelText('Name')).toHaveValue('Cherry spoon, large');
  });

  it('says why the price before discount is not shown, or that it is', async () => {
    fakeApi({
      'GET /products/7/': { status: 200, body: PRODUCT },
      'GET /categories/': { status: 200, body: [] },
    });
    await renderPage();
    const pricing = (await screen.findByRole('heading', { name: 'Pricing' })).closest('section')!;
    await waitFor(() =>
      expect(pricing).toHaveTextContent(
        'The shop shows no discount: the price before discount ($30.00) is above the lowest price of the 30 days before this price ($20.00).',
      ),
    );
  });

  it('says the discount shows when it is honest', async () => {
    fakeApi({
      'GET /products/7/': {
        status: 200,
        body: {
          ...PRODUCT,
          discount: { shown: true, lowest_price_30_days: '30.00', reason: null },
        },
      },
      'GET /categories/': { status: 200, body: [] },
    });
    await renderPage();
    expect(
      await screen.findByText(/The shop shows this discount: .*\(\$30\.00\)\./),
    ).toBeInTheDocument();
  });

  it('duplicates into a copy and opens it', async () => {
    const copy = {
      ...PRODUCT,
      id: 8,
      name: 'Cherry spoon (copy)',
      slug: 'cherry-spoon-copy',
      status: 'draft',
    };
    fakeApi({
      'GET /products/7/': { status: 200, body: PRODUCT },
      'GET /products/8/': { status: 200, body: copy },
      'GET /categories/': { status: 200, body: [] },
      'POST /products/7/duplicate/': { status: 201, body: copy },
    });
    const router = await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/8'));
    expect(
      await screen.findByRole('heading', { name: 'Cherry spoon (copy)', level: 1 }),
    ).toBeInTheDocument();
  });

  it('sets the exemption from the 14-day cancellation right, saying made-to-order pieces are exempt anyway', async () => {
    const sent = fakeApi({
      'GET /products/7/': { status: 200, body: PRODUCT },
      'GET /categories/': {
        status: 200,
        body: [
          { id: 2, slug: 'spoons', name: 'Spoons', description: '', position: 0, product_count: 1 },
        ],
      },
      'PATCH /products/7/': { status: 200, body: { ...PRODUCT, cancellation_exempt: true } },
    });
    await renderPage();
    const box = await screen.findByRole('checkbox', {
      name: "Exempt from the 14-day cancellation right (made to the buyer's specification or personalised)",
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Made-to-order pieces are exempt anyway/);
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('2'));
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
        cancellation_exempt: true,
      }),
    );
  });
});
