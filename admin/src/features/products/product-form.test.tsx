/**
 * The product editor's form: a new product is sent with the fields as the contract words them
 * and opens its page; the server's refusal of a field shows beside that field.
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
import { clearTokens } from '../../api/tokens';
import { fakeApi, signIn } from '../../test/render';
import { ProductForm } from './product-form';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const CATEGORIES = [
  { id: 1, slug: 'knives', name: 'Knives', description: '', position: 0, product_count: 3 },
  { id: 2, slug: 'spoons', name: 'Spoons', description: '', position: 1, product_count: 1 },
];

async function renderNewProduct() {
  const root = createRootRoute();
  const form = createRoute({
    getParentRoute: () => root,
    path: '/products/new',
    component: () => <ProductForm product={null} />,
  });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/products/$productId',
    component: () => <p>Product page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([form, page]),
    history: createMemoryHistory({ initialEntries: ['/products/new'] }),
  });
  await router.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function fillBasics() {
  fireEvent.change(await screen.findByLabelText('Name'), {
    target: { value: 'Walnut chef knife' },
  });
  await screen.findByRole('option', { name: 'Spoons' });
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'Knives');
  fireEvent.change(screen.getByLabelText('Price'), { target: { value: '245' } });
  fireEvent.change(screen.getByLabelText('Starting stock'), { target: { value: '3' } });
}

describe('the new product form', () => {
  it('sends the product and opens its page', { timeout: 20_000 }, async () => {
    const sent = fakeApi({
      'GET /categories/': { status: 200, body: CATEGORIES },
      'POST /products/': { status: 201, body: { id: 42, name: 'Walnut chef knife' } },
    });
    const router = await renderNewProduct();
    await fillBasics();
    await userEvent.click(screen.getByRole('button', { name: 'Add an attribute' }));
    fireEvent.change(screen.getByLabelText('Attribute 1 name'), { target: { value: 'Steel' } });
    fireEvent.change(screen.getByLabelText('Attribute 1 value'), { target: { value: 'VG-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add a text' }));
    const option = screen.getByRole('group', { name: /Option 1/ });
    fireEvent.change(within(option).getByLabelText('Option name'), {
      target: { value: 'Engraving' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/products/42'));
    const body = sent.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Walnut chef knife',
      slug: '',
      category_id: 1,
      price: '245.00',
      price_before_discount: null,
      stock: 3,
      status: 'draft',
      attributes: [{ name: 'Steel', value: 'VG-10' }],
      options: [{ key: 'engraving', kind: 'text', max_length: 50, price_delta: '0.00' }],
      made_to_order: false,
      age_restricted: false,
    });
  });

  it(
    'shows its own checks and the server refusals beside their fields',
    { timeout: 20_000 },
    async () => {
      fakeApi({
        'GET /categories/': { status: 200, body: CATEGORIES },
        'POST /products/': {
          status: 400,
          body: { slug: ['Another product of the shop has this slug.'] },
        },
      });
      await renderNewProduct();
      await userEvent.click(await screen.findByRole('button', { name: 'Create product' }));
      expect(await screen.findByText('Give the product a name.')).toBeInTheDocument();
      expect(screen.getByText('Choose a category.')).toBeInTheDocument();
      expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

      await fillBasics();
      fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'walnut-knife' } });
      await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
      expect(
        await screen.findByText('Another product of the shop has this slug.'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    },
  );
});
