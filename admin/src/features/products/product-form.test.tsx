/**
 * The product editor's form and its one save (issue 40): a new product is sent with its stock,
 * its low-stock level and the photos chosen, in one request, and opens its page; a saved
 * product's fields and count are saved by one button; the server's refusal of a field shows
 * beside it; the web address waits behind "Advanced"; "Sold to adults only" follows the
 * category unless the owner chose; leaving with unsaved changes asks first.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { fakeApi, signIn } from '../../test/render';
import type { AdminProduct } from './api';
import { ProductForm } from './product-form';
import { SHOP_CURRENCY_QUERY_KEY } from '../../api/shop-currency';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const CATEGORIES = [
  {
    id: 1,
    slug: 'knives',
    name: 'Knives',
    description: '',
    position: 0,
    product_count: 3,
    adults_only: true,
  },
  {
    id: 2,
    slug: 'spoons',
    name: 'Spoons',
    description: '',
    position: 1,
    product_count: 1,
    adults_only: false,
  },
];

const PRODUCT: AdminProduct = {
  id: 7,
  name: 'Cherry spoon',
  slug: 'cherry-spoon',
  status: 'active',
  category: { id: 2, name: 'Spoons', slug: 'spoons' },
  price: '24.00',
  price_before_discount: null,
  stock: 4,
  low_stock_threshold: 2,
  attributes: [],
  description: 'A spoon.',
  long_html_description: '',
  options: [],
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
  discount: { shown: false, lowest_price_30_days: null, reason: null },
};

/** The form at `/products/new` or `/products/7`, with a link to the orders to leave by. */
async function renderForm(product: AdminProduct | null) {
  const root = createRootRoute({
    component: () => (
      <>
        <Link to="/orders">Orders</Link>
        <Outlet />
      </>
    ),
  });
  const form = createRoute({
    getParentRoute: () => root,
    path: product ? '/products/7' : '/products/new',
    component: () => <ProductForm product={product} />,
  });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/products/$productId',
    component: () => <p>Product page</p>,
  });
  const orders = createRoute({
    getParentRoute: () => root,
    path: '/orders',
    component: () => <p>The orders</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([form, page, orders]),
    history: createMemoryHistory({ initialEntries: [product ? '/products/7' : '/products/new'] }),
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

async function fillBasics() {
  fireEvent.change(await screen.findByLabelText('Name'), {
    target: { value: 'Kiritsuke 240 mm' },
  });
  await screen.findByRole('option', { name: 'Spoons' });
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'Knives');
  fireEvent.change(screen.getByLabelText('Price'), { target: { value: '245' } });
  fireEvent.change(screen.getByLabelText('Starting stock'), { target: { value: '3' } });
}

/** A file the fake API can read as JSON (it parses every body). */
const photoFile = (name: string) => new File(['1'], name, { type: 'image/jpeg' });

describe('the new product form', () => {
  it(
    'sends the product with its stock, low-stock level and three photos in one save, and opens its page',
    { timeout: 20_000 },
    async () => {
      let upload = 20;
      const sent = fakeApi({
        'GET /categories/': { status: 200, body: CATEGORIES },
        'POST /media/uploads/': () => {
          upload += 1;
          return Promise.resolve(
            new Response(
              JSON.stringify({
                id: upload,
                url: `/u/${upload}.webp`,
                thumb_url: `/u/${upload}-thumb.webp`,
                width: 800,
                height: 533,
              }),
              { status: 201, headers: { 'Content-Type': 'application/json' } },
            ),
          );
        },
        'POST /products/': { status: 201, body: { ...PRODUCT, id: 42 } },
      });
      const router = await renderForm(null);
      await fillBasics();
      fireEvent.change(screen.getByLabelText('Low stock at'), { target: { value: '1' } });
      await userEvent.upload(screen.getByLabelText('Add photos'), [
        photoFile('a.jpg'),
        photoFile('b.jpg'),
        photoFile('c.jpg'),
      ]);
      const chosen = await screen.findByRole('list', {
        name: 'New photos, saved with the product',
      });
      await waitFor(() => expect(within(chosen).getAllByLabelText('Alt text')).toHaveLength(3));
      const third = within(chosen).getAllByLabelText('Alt text')[2]!;
      await userEvent.clear(third);
      await userEvent.type(third, 'The tip');
      // One button saves everything: no other save on the page.
      const saves = screen.getAllByRole('button', { name: /save|create/i });
      expect(saves.map((b) => b.textContent)).toEqual(['Create product']);
      await userEvent.click(saves[0]!);

      await waitFor(() => expect(router.state.location.pathname).toBe('/products/42'));
      const posts = sent.filter((r) => r.method === 'POST' && r.path === '/products/');
      expect(posts).toHaveLength(1);
      expect(posts[0]!.body).toMatchObject({
        name: 'Kiritsuke 240 mm',
        slug: '',
        category_id: 1,
        price: '245.00',
        stock: 3,
        low_stock_threshold: 1,
        status: 'draft',
        age_restricted: true,
        photos: [
          { upload_id: 21, alt_text: 'Kiritsuke 240 mm, photo 1' },
          { upload_id: 22, alt_text: 'Kiritsuke 240 mm, photo 2' },
          { upload_id: 23, alt_text: 'The tip' },
        ],
      });
    },
  );

  it(
    'keeps the web address behind a closed "Advanced", opened by a refusal inside it',
    { timeout: 20_000 },
    async () => {
      fakeApi({
        'GET /categories/': { status: 200, body: CATEGORIES },
        'POST /products/': {
          status: 400,
          body: { slug: ['Another product of the shop has this slug.'] },
        },
      });
      await renderForm(null);
      const advanced = (await screen.findByText('Advanced')).closest('details')!;
      expect(advanced).not.toHaveAttribute('open');
      expect(within(advanced).getByLabelText('Web address')).toBeInTheDocument();
      expect(screen.queryByText(/slug/i)).toBeNull();
      expect(screen.queryByLabelText('Key')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
      expect(await screen.findByText('Give the product a name.')).toBeInTheDocument();
      expect(screen.getByText('Choose a category.')).toBeInTheDocument();
      expect(screen.getByText('Nothing was saved: check the fields marked.')).toBeInTheDocument();

      await fillBasics();
      fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'kiritsuke' } });
      await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
      expect(
        await screen.findByText('Another product of the shop has this slug.'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Web address')).toHaveAttribute('aria-invalid', 'true');
      expect(advanced).toHaveAttribute('open');
    },
  );

  it('ticks "Sold to adults only" for a category sold to adults only, unless the owner chose', async () => {
    fakeApi({ 'GET /categories/': { status: 200, body: CATEGORIES } });
    await renderForm(null);
    await screen.findByRole('option', { name: 'Knives' });
    const adults = screen.getByRole('checkbox', { name: /Sold to adults only/ });
    expect(adults).not.toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Knives');
    expect(adults).toBeChecked();
    expect(
      screen.getByText('Knives are sold to adults only unless you untick this.'),
    ).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Spoons');
    expect(adults).not.toBeChecked();
    // The owner's own choice stands when the category changes again.
    await userEvent.click(adults);
    expect(adults).toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Knives');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Spoons');
    expect(adults).toBeChecked();
  });
});

describe("a saved product's form", () => {
  it('saves the fields and the new count with one button, the count checked against the one seen', async () => {
    const sent = fakeApi({
      'GET /categories/': { status: 200, body: CATEGORIES },
      'GET /products/7/photos/': { status: 200, body: [] },
      'PATCH /products/7/': { status: 200, body: { ...PRODUCT, price: '26.00' } },
      'POST /products/7/stock/': {
        status: 200,
        body: {
          product_id: 7,
          slug: 'cherry-spoon',
          name: 'Cherry spoon',
          stock: 6,
          low_stock_threshold: 1,
          is_low: false,
          made_to_order: false,
          movements: { count: 0, next: null, previous: null, results: [] },
        },
      },
    });
    await renderForm(PRODUCT);
    await screen.findByRole('option', { name: 'Spoons' });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '26' } });
    fireEvent.change(screen.getByLabelText('In stock'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Low stock at'), { target: { value: '1' } });
    await userEvent.selectOptions(screen.getByLabelText('Why it changed'), 'received');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /threshold|save stock/i })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));

    expect(await screen.findByText('Product saved, 6 in stock.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      price: '26.00',
      low_stock_threshold: 1,
    });
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      mode: 'set',
      quantity: 6,
      expected_stock: 4,
      reason: 'received',
    });
    expect(screen.getByText('Everything is saved')).toBeInTheDocument();
  });

  it(
    'adds the photos chosen on a saved product with the same save, after its saved ones',
    {
      timeout: 20_000,
    },
    async () => {
      const sent = fakeApi({
        'GET /categories/': { status: 200, body: CATEGORIES },
        'GET /products/7/photos/': {
          status: 200,
          body: [
            {
              id: 3,
              image: '/u/3.webp',
              thumbnail: '/u/3-thumb.webp',
              alt_text: 'The bowl of the spoon',
              position: 1,
            },
          ],
        },
        'POST /media/uploads/': {
          status: 201,
          body: {
            id: 31,
            url: '/u/31.webp',
            thumb_url: '/u/31-thumb.webp',
            width: 800,
            height: 533,
          },
        },
        'PATCH /products/7/': {
          status: 200,
          body: {
            ...PRODUCT,
            images: [{ id: 3, image: '/u/3.webp', thumbnail: '/u/3-thumb.webp', alt_text: 'x' }],
          },
        },
        'POST /products/7/photos/': { status: 201, body: [] },
      });
      await renderForm(PRODUCT);
      await screen.findByText('1 of 10');
      await userEvent.upload(await screen.findByLabelText('Add photos'), photoFile('handle.jpg'));
      const chosen = await screen.findByRole('list', {
        name: 'New photos, saved with the product',
      });
      expect(await within(chosen).findByLabelText('Alt text')).toHaveValue('Cherry spoon, photo 2');
      expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Save product' }));
      expect(await screen.findByText('Product saved, 1 photo added.')).toBeInTheDocument();
      expect(
        sent.find((r) => r.method === 'POST' && r.path === '/products/7/photos/')?.body,
      ).toEqual({ upload_id: 31, alt_text: 'Cherry spoon, photo 2' });
      expect(screen.queryByRole('list', { name: 'New photos, saved with the product' })).toBeNull();
      expect(screen.getByText('Everything is saved')).toBeInTheDocument();
    },
  );

  it('shows a count refused because a sale moved the stock beside the count', async () => {
    fakeApi({
      'GET /categories/': { status: 200, body: CATEGORIES },
      'GET /products/7/photos/': { status: 200, body: [] },
      'PATCH /products/7/': { status: 200, body: { ...PRODUCT, stock: 3 } },
      'POST /products/7/stock/': {
        status: 409,
        body: {
          detail: 'The stock changed to 3 meanwhile (a sale?); check the count and save again.',
          stock: 3,
        },
      },
    });
    await renderForm(PRODUCT);
    await screen.findByRole('option', { name: 'Spoons' });
    fireEvent.change(screen.getByLabelText('In stock'), { target: { value: '9' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await screen.findByText(
        'Product saved; the stock was not changed: The stock changed to 3 meanwhile (a sale?); check the count and save again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('In stock')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('In stock')).toHaveValue('9');
    // The refused count is not saved, and the bar says so.
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('counts a refused file as nothing to save: after a save, everything is saved and leaving asks nothing', async () => {
    fakeApi({
      'GET /categories/': { status: 200, body: CATEGORIES },
      'GET /products/7/photos/': { status: 200, body: [] },
      'PATCH /products/7/': { status: 200, body: { ...PRODUCT, price: '31.00' } },
    });
    const router = await renderForm(PRODUCT);
    await screen.findByRole('option', { name: 'Spoons' });
    await userEvent.upload(
      await screen.findByLabelText('Add photos'),
      new File(['1'], 'notes.txt', { type: 'text/plain' }),
      { applyAccept: false },
    );
    expect(await screen.findByText(/Choose a JPEG, PNG or WebP image/)).toBeInTheDocument();
    expect(screen.getByText('Everything is saved')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '31' } });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Product saved.')).toBeInTheDocument();
    expect(screen.getByText('Everything is saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before leaving with an unsaved price, and stays or leaves as told', async () => {
    fakeApi({
      'GET /categories/': { status: 200, body: CATEGORIES },
      'GET /products/7/photos/': { status: 200, body: [] },
    });
    const router = await renderForm(PRODUCT);
    await screen.findByRole('option', { name: 'Spoons' });
    // Nothing typed: leaving asks nothing.
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '31' } });
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/products/7');
    expect(screen.getByLabelText('Price')).toHaveValue('31');

    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('leaves without asking when nothing changed', async () => {
    fakeApi({
      'GET /categories/': { status: 200, body: CATEGORIES },
      'GET /products/7/photos/': { status: 200, body: [] },
    });
    const router = await renderForm(PRODUCT);
    await screen.findByRole('option', { name: 'Spoons' });
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
