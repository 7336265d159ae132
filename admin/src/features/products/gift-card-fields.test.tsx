/**
 * The product form's Gift card section (decision 090): a saved gift card shows its amounts and
 * custom range; an amount that is not money is refused beside its field and nothing is sent;
 * a valid save sends the contract's `gift_card` (ProductGiftCard) exactly, and an ordinary
 * product sends `gift_card: null`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';
import { clearTokens } from '../../api/tokens';
import { fakeApi, signIn } from '../../test/render';
import type { AdminProduct } from './api';
import { ProductForm } from './product-form';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const CATEGORIES = [
  {
    id: 4,
    slug: 'gifts',
    name: 'Gifts',
    description: '',
    position: 0,
    product_count: 1,
    adults_only: false,
  },
];

const CARD: AdminProduct = {
  id: 7,
  name: 'Ember & Oak gift card',
  slug: 'ember-oak-gift-card',
  status: 'active',
  category: { id: 4, name: 'Gifts', slug: 'gifts' },
  price: '50.00',
  price_before_discount: null,
  stock: 0,
  low_stock_threshold: null,
  attributes: [],
  description: 'A gift card.',
  long_html_description: '',
  options: [],
  made_to_order: false,
  lead_time_days_min: null,
  lead_time_days_max: null,
  age_restricted: false,
  cancellation_exempt: false,
  gift_card: { amounts: ['50.00', '100.00', '200.00'], min_amount: '25.00', max_amount: '500.00' },
  images: [],
  storefront_path: '/products/ember-oak-gift-card',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  archived_at: null,
  discount: { shown: false, lowest_price_30_days: null, reason: null },
};

/** The form of `product` at `/products/7`. */
async function renderForm(product: AdminProduct) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const form = createRoute({
    getParentRoute: () => root,
    path: '/products/7',
    component: () => <ProductForm product={product} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([form]),
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
}

const answers = (saved: AdminProduct) => ({
  'GET /categories/': { status: 200, body: CATEGORIES },
  'GET /products/7/photos/': { status: 200, body: [] },
  'PATCH /products/7/': { status: 200, body: saved },
});

describe("the product form's Gift card section", () => {
  it('shows a saved gift card with its amounts and custom range, and no stock to count', async () => {
    fakeApi(answers(CARD));
    await renderForm(CARD);
    expect(await screen.findByLabelText('Sold as a gift card')).toBeChecked();
    expect(screen.getByLabelText('Amounts')).toHaveValue('50.00, 100.00, 200.00');
    expect(screen.getByLabelText('Custom amount from')).toHaveValue('25.00');
    expect(screen.getByLabelText('Custom amount to')).toHaveValue('500.00');
    expect(
      screen.getByText(/A gift card takes no stock and is never discounted\./),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('In stock')).toBeNull();
  });

  it('refuses an amount that is not money beside its field and sends nothing', async () => {
    const sent = fakeApi(answers(CARD));
    await renderForm(CARD);
    fireEvent.change(await screen.findByLabelText('Amounts'), {
      target: { value: '50.00, ten, 200' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));

    expect(
      await screen.findByText(
        'Enter amounts above 0 like 25.00, 50.00, 100.00, separated by commas (at most 10).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing was saved: check the fields marked.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('refuses a custom range whose lowest is above its highest', async () => {
    const sent = fakeApi(answers(CARD));
    await renderForm(CARD);
    fireEvent.change(await screen.findByLabelText('Custom amount from'), {
      target: { value: '600' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));

    expect(
      await screen.findByText('Give the lowest and the highest custom amount, the lowest first.'),
    ).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("makes an ordinary product a gift card, sending the contract's gift_card exactly", async () => {
    const ordinary: AdminProduct = { ...CARD, gift_card: null, stock: 3 };
    const sent = fakeApi(answers(CARD));
    await renderForm(ordinary);
    const box = await screen.findByLabelText('Sold as a gift card');
    expect(box).not.toBeChecked();
    expect(screen.queryByLabelText('Amounts')).toBeNull();
    await userEvent.click(box);
    fireEvent.change(screen.getByLabelText('Amounts'), { target: { value: '50, 100.5,200.00' } });
    fireEvent.change(screen.getByLabelText('Custom amount from'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Custom amount to'), { target: { value: '500' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));

    expect(await screen.findByText('Product saved.')).toBeInTheDocument();
    const writes = sent.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /products/7/']);
    expect((writes[0]!.body as { gift_card: unknown }).gift_card).toEqual({
      amounts: ['50.00', '100.50', '200.00'],
      min_amount: '25.00',
      max_amount: '500.00',
    });
  });

  it('sends gift_card null when the box is unticked (an ordinary product again)', async () => {
    const sent = fakeApi(answers({ ...CARD, gift_card: null }));
    await renderForm(CARD);
    await userEvent.click(await screen.findByLabelText('Sold as a gift card'));
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));

    expect(await screen.findByText(/^Product saved/)).toBeInTheDocument();
    const patch = sent.find((r) => r.method === 'PATCH')!;
    expect((patch.body as { gift_card: unknown }).gift_card).toBeNull();
  });
});
