import { screen, waitFor } from '@testing-library/react';
import { api } from '../../api/client';
import { CartStep } from '../cart/cart-view';
import { ProductDetail } from '../catalog/product-detail-page';
import { ReviewForm } from '../reviews/review-form';
import { cartOf, line } from '../../test/cart-fixtures';
import { makeProduct } from '../../test/catalog-fixtures';
import type { ApiCall } from '../../test/mock-api-client';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import { onCheckout, setUpCartCalls } from '../../test/render-cart-step';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import { HolidayBanner } from './holiday-banner';

/*
 * A shop on holiday (issue 38): its pages browse as usual, the owner's words stand in a banner
 * at the top, and the buttons that would order wait with the same words beside them.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCartCalls();
const get = api.GET as unknown as ApiCall;

const MESSAGE = 'Away at the Bovey Tracey craft fair until 14 June.';
const onHoliday = (closed_message: string | null = MESSAGE) => ({
  site_title: 'Ember & Oak Workshop',
  currency: 'USD',
  status: 'holiday',
  closed_message,
});

function queryClientWith(settings: object) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['site-settings'], settings);
  return queryClient;
}

describe('a shop on holiday', () => {
  it("shows the owner's words in a banner, and the storefront's own when they left none", async () => {
    const { unmount } = await renderWithRouter(<HolidayBanner />, {
      queryClient: queryClientWith(onHoliday()),
    });
    expect(screen.getByRole('region', { name: 'The shop is on holiday' })).toHaveTextContent(
      MESSAGE,
    );
    unmount();
    await renderWithRouter(<HolidayBanner />, { queryClient: queryClientWith(onHoliday(null)) });
    expect(screen.getByRole('region', { name: 'The shop is on holiday' })).toHaveTextContent(
      'The shop is closed for a holiday and is not taking orders.',
    );
  });

  it('shows no banner while the shop sells', async () => {
    await renderWithRouter(<HolidayBanner />, {
      queryClient: queryClientWith({ site_title: 'Ember & Oak Workshop', status: 'open' }),
    });
    expect(screen.queryByRole('region', { name: 'The shop is on holiday' })).toBeNull();
  });

  it('keeps the cart but holds Proceed to Checkout, saying why', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({ data: cartOf(line({ id: 1, price: '120.00' })) });
    await renderWithRouter(<CartStep onCheckout={onCheckout} />, {
      path: '/cart',
      queryClient: queryClientWith(onHoliday()),
    });
    const checkout = await screen.findByRole('button', { name: 'Proceed to Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(MESSAGE);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$120.00');
  });

  it("holds Add to Cart on a product's page, saying why", async () => {
    get.mockResolvedValue({ data: onHoliday() });
    const product = makeProduct({ slug: 'gyuto-210', name: 'Gyuto 210', stock: 3 });
    renderAsRootRoute(
      <ProductDetail
        product={product}
        reviewForm={(shown) => <ReviewForm productId={shown.id} slug={shown.slug} />}
      />,
      { path: '/products/gyuto-210', queryClient: queryClientWith(onHoliday()) },
    );
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    // The words come with the holiday's own script, loaded when the shop first shows them.
    await waitFor(() => expect(add).toHaveAccessibleDescription(MESSAGE));
  });
});
