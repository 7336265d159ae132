import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ProductDetail } from './product-detail-page';
import { makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import type { ApiCall } from '../../test/mock-api-client';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;
const post = api.POST as unknown as ApiCall;

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockResolvedValue({ data: { site_title: 'Ember & Oak Workshop' } });
});

const variant = (id: number, values: string[], price: string, stock: number) => ({
  id,
  sku: `O1-${id}`,
  values,
  label: values.join(' / '),
  price,
  stock,
  weight_grams: 160,
  image_id: null,
});

/** The mock's O1 knife: two axes, 100 mm / Micarta sold out, 120 mm / Micarta not sold. */
function renderKnife() {
  const product = makeProduct({
    slug: 'o1-bushcraft-knife',
    name: 'O1 Bushcraft Knife',
    price: '175.00',
    stock: 14,
    variant_axes: ['Blade length', 'Handle'],
    variants: [
      variant(101, ['100 mm', 'Curly birch'], '175.00', 6),
      variant(102, ['100 mm', 'Micarta'], '185.00', 0),
      variant(103, ['120 mm', 'Curly birch'], '195.00', 2),
    ],
  });
  return {
    product,
    ...renderAsRootRoute(<ProductDetail product={product} />, { path: '/products/o1' }),
  };
}

const shownPrice = () =>
  document.querySelector('.catalog-price--large .catalog-price__now')?.textContent;

describe('ProductDetail: variants', () => {
  it('offers a radio group per axis: an unsold combination disabled, a sold-out one chosen to ask for it', async () => {
    const user = userEvent.setup();
    renderKnife();
    const length = await screen.findByRole('group', { name: 'Blade length' });
    const handle = screen.getByRole('group', { name: 'Handle' });
    expect(within(length).getByRole('radio', { name: '100 mm' })).toBeChecked();
    expect(within(handle).getByRole('radio', { name: 'Curly birch' })).toBeChecked();
    expect(shownPrice()).toBe('$175.00');
    expect(screen.getByText('SKU')).toHaveTextContent('SKU O1-101');
    // Sold out, not disabled: choosing it says so and offers the e-mail when it is back.
    const soldOut = within(handle).getByRole('radio', { name: 'Micarta (sold out)' });
    expect(soldOut).toBeEnabled();
    await user.click(soldOut);
    expect(shownPrice()).toBe('$185.00');
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(
      await screen.findByRole('region', { name: 'E-mail me when it is back' }),
    ).toBeInTheDocument();
    await user.click(within(handle).getByRole('radio', { name: 'Curly birch' }));

    await user.click(within(length).getByRole('radio', { name: '120 mm' }));
    expect(shownPrice()).toBe('$195.00');
    expect(screen.getByText('Only 2 left in stock')).toBeInTheDocument();
    expect(within(handle).getByRole('radio', { name: 'Micarta (unavailable)' })).toBeDisabled();
  });

  it('adds the chosen variant, naming it in the cart payload and the message', async () => {
    const user = userEvent.setup();
    localStorage.setItem('authToken', 'token');
    post.mockResolvedValue({ data: { id: 1, items: [], total_items: 1, total_price: '195.00' } });
    const { product } = renderKnife();
    await user.click(await screen.findByRole('radio', { name: '120 mm' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Added 1 × O1 Bushcraft Knife (120 mm / Curly birch) to your cart.',
    );
    expect(post).toHaveBeenCalledWith('/orders/cart/add-item/', {
      body: { product_id: product.id, quantity: 1, customization: {}, variant_id: 103 },
    });
  });
});
