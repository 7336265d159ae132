/**
 * The product editor's "Product safety" section and its recalls (EU GPSR arts 16, 19 and 35-37,
 * issue 41): each empty field says what the shop's default is; the product's own values are
 * sent with the one save, and a refusal shows beside its field; the owner publishes a recall
 * after a confirmation and sees it open; staff see no form to publish one.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';
import { fakeApi, signIn } from '../../test/render';
import type { AdminProduct, ProductRecall } from './api';
import { EditProductPage } from './product-page';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const EMPTY = {
  manufacturer_name: '',
  manufacturer_address: '',
  manufacturer_contact: '',
  responsible_person_name: '',
  responsible_person_address: '',
  responsible_person_contact: '',
  model: '',
  batch_or_serial: '',
  warnings: '',
  pictogram: null,
};

const PRODUCT: AdminProduct = {
  id: 7,
  name: 'Bushcraft knife',
  slug: 'bushcraft-knife',
  status: 'active',
  category: { id: 2, name: 'Knives', slug: 'knives' },
  price: '160.00',
  price_before_discount: null,
  stock: 4,
  low_stock_threshold: 2,
  attributes: [],
  description: 'A knife.',
  long_html_description: '',
  options: [],
  made_to_order: false,
  lead_time_days_min: null,
  lead_time_days_max: null,
  age_restricted: true,
  cancellation_exempt: false,
  images: [],
  storefront_path: '/products/bushcraft-knife',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  archived_at: null,
  discount: { shown: false, lowest_price_30_days: null, reason: null },
  safety: { ...EMPTY, model: 'EO-BK-26' },
  safety_default: {
    ...EMPTY,
    manufacturer_name: 'Ember & Oak Workshop Ltd',
    responsible_person_name: 'Liffey Product Compliance Ltd',
    pictogram: 'sharp_edge',
  },
  open_recall: null,
};

const RECALL: ProductRecall = {
  id: 3,
  product_id: 7,
  title: 'Handles may come loose',
  problem: 'The handle can come loose.',
  action: 'Stop using the knife.',
  off_sale: true,
  recipients: 2,
  published_by: 'Maya Hart',
  published_at: '2026-11-29T10:00:00Z',
  withdrawn_at: null,
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
}

const ME = (role: 'owner' | 'staff') => ({
  status: 200,
  body: { id: 1, email: 'maya@example.com', name: 'Maya Hart', role, totp_enabled: true },
});

describe("a product's safety section", () => {
  it("says what each empty field shows, and saves the product's own values with the product", async () => {
    const sent = fakeApi({
      'GET /me/': ME('staff'),
      'GET /products/7/': { status: 200, body: PRODUCT },
      'GET /products/7/recalls/': { status: 200, body: { results: [] } },
      'GET /categories/': { status: 200, body: [] },
      'PATCH /products/7/': {
        status: 400,
        body: {
          'safety.manufacturer_contact': [
            'Enter an e-mail address or a web address starting with https://.',
          ],
        },
      },
    });
    await renderPage();
    const section = await screen.findByRole('region', { name: 'Product safety' });
    const name = within(section).getByLabelText('Manufacturer’s name');
    expect(name).toHaveAccessibleDescription(
      "Empty: the shop's default, “Ember & Oak Workshop Ltd”.",
    );
    expect(within(section).getByLabelText('Pictogram')).toHaveAccessibleDescription(
      "None chosen: the shop's default, “Warning: sharp edge”.",
    );
    expect(
      within(section).getByRole('img', { name: 'Preview: Warning: sharp edge' }),
    ).toBeVisible();
    expect(
      within(section).getByText(/Needed when the manufacturer is outside the EU/),
    ).toBeVisible();
    expect(within(section).getByLabelText('Type or model')).toHaveValue('EO-BK-26');
    // Staff edit the product's fields; the recall is the owner's.
    expect(
      await screen.findByText('No open recall. Only the owner can publish one.'),
    ).toBeVisible();

    fireEvent.change(within(section).getByLabelText('Warnings'), {
      target: { value: 'Very sharp blade.\nKeep away from children.' },
    });
    fireEvent.change(within(section).getByLabelText('Manufacturer’s e-mail or web address'), {
      target: { value: 'call us' },
    });
    await userEvent.selectOptions(within(section).getByLabelText('Pictogram'), 'Not a toy');
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await within(section).findByText(
        'Enter an e-mail address or a web address starting with https://.',
      ),
    ).toBeVisible();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      safety: {
        warnings: 'Very sharp blade.\nKeep away from children.',
        manufacturer_contact: 'call us',
        manufacturer_name: '',
        model: 'EO-BK-26',
        pictogram: 'not_a_toy',
      },
    });
  });

  it('lets the owner publish a recall after a confirmation, then shows it open', async () => {
    let published = false;
    const sent = fakeApi({
      'GET /me/': ME('owner'),
      'GET /products/7/': () =>
        Promise.resolve(
          new Response(JSON.stringify(published ? { ...PRODUCT, open_recall: RECALL } : PRODUCT), {
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      'GET /products/7/recalls/': { status: 200, body: { results: [] } },
      'GET /categories/': { status: 200, body: [] },
      'POST /products/7/recalls/': () => {
        published = true;
        return Promise.resolve(
          new Response(JSON.stringify(RECALL), {
            status: 201,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      },
    });
    await renderPage();
    const panel = await screen.findByRole('region', { name: 'Recall' });
    fireEvent.change(await within(panel).findByLabelText('Title'), {
      target: { value: RECALL.title },
    });
    fireEvent.change(within(panel).getByLabelText('What is wrong'), {
      target: { value: RECALL.problem },
    });
    fireEvent.change(within(panel).getByLabelText('What buyers should do'), {
      target: { value: RECALL.action },
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Publish recall' }));
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Publish this recall?' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Publish and e-mail buyers' }),
    );
    expect(
      await screen.findByText(
        'The recall is published on the product page and e-mailed to 2 buyers.',
      ),
    ).toBeVisible();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      title: RECALL.title,
      problem: RECALL.problem,
      action: RECALL.action,
      off_sale: true,
    });
    expect(
      await screen.findByRole('heading', { name: 'Open recall: Handles may come loose' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Withdraw recall' })).toBeVisible();
  });
});
