import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ReviewForm } from '../reviews/review-form';
import { ProductDetail, ProductDetailError } from './product-detail-page';
import { makeProduct, makeReview } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import type { ApiCall } from '../../test/mock-api-client';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;
const post = api.POST as unknown as ApiCall;

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  // Site settings for the document title.
  get.mockResolvedValue({ data: { site_title: 'Ember & Oak Workshop' } });
});

function renderProduct(overrides: Parameters<typeof makeProduct>[0] = {}) {
  const product = makeProduct({ slug: 'gyuto-210', name: 'Gyuto 210', ...overrides });
  return {
    product,
    ...renderAsRootRoute(
      <ProductDetail
        product={product}
        reviewForm={(shown) => <ReviewForm productId={shown.id} slug={shown.slug} />}
      />,
      { path: '/products/gyuto-210' },
    ),
  };
}

describe('ProductDetail: facts', () => {
  it('shows name, category link, price with two decimals and the old price', async () => {
    renderProduct({
      price: '189.5',
      price_before_discount: '220',
      category: { name: 'Chef Knives', slug: 'chef-knives' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gyuto 210' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chef Knives' })).toHaveAttribute(
      'href',
      '/products?category=chef-knives',
    );
    // The price sits in the purchase panel, a chunk of its own.
    expect(await screen.findByText('$189.50')).toBeInTheDocument();
    expect(document.querySelector('s')).toHaveTextContent('$220.00');
  });

  it("puts the delivery under the price: '+ delivery from $9.50', or 'Free delivery'", async () => {
    const { unmount } = renderProduct({ price: '385.00', delivery_from: '9.50' });
    expect(await screen.findByText('+ delivery from $9.50')).toBeInTheDocument();
    unmount();
    renderProduct({ price: '340.00', delivery_from: '0.00' });
    expect(await screen.findByText('Free delivery')).toBeInTheDocument();
  });

  it('rounds the stars to half, shows the average to one decimal and links the count to #reviews', async () => {
    renderProduct({ average_rating: 3.74, review_count: 3 });
    await screen.findByRole('heading', { level: 1 });
    const summary = document.querySelector<HTMLElement>('.catalog-rating')!;
    expect(within(summary).getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(within(summary).getByText('3.7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 reviews' })).toHaveAttribute('href', '#reviews');
    // The reviews section repeats the average beside the form.
    const reviews = screen.getByRole('region', { name: 'Customer Reviews' });
    expect(within(reviews).getByText('Based on 3 reviews')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
  });

  it("says 'No reviews yet' beside the price when there are none", async () => {
    renderProduct({ average_rating: null, review_count: 0 });
    await screen.findByRole('heading', { level: 1 });
    // Once in the rating line, once in the reviews section.
    expect(screen.getAllByText('No reviews yet')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /^\d+ reviews?$/ })).toBeNull();
  });

  it('lists the attributes sorted by order', async () => {
    renderProduct({
      attributes: [
        { id: 1, key: 'Handle', value: 'Walnut', order: 3 },
        { id: 2, key: 'Steel', value: 'AEB-L', order: 1 },
        { id: 3, key: 'Blade length', value: '210 mm', order: 2 },
      ],
    });
    await screen.findByText('AEB-L');
    const terms = [...document.querySelectorAll('.catalog-attributes dt')].map(
      (dt) => dt.textContent,
    );
    expect(terms).toEqual(['Steel', 'Blade length', 'Handle']);
  });

  it("falls back to 'No description available.' and sanitizes the long description", async () => {
    renderProduct({
      description: '',
      long_html_description: '<h3>Care</h3><img src="x" onerror="alert(1)">',
    });
    expect(await screen.findByText('No description available.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Care' })).toBeInTheDocument();
    expect(document.querySelector('[onerror]')).toBeNull();
  });
});

describe('ProductDetail: reviews', () => {
  it("shows each review with 'Anonymous User' and whether it is a verified purchase (decision 085)", async () => {
    renderProduct({
      review_count: 2,
      average_rating: 4.5,
      reviews: [
        makeReview({
          user: null,
          rating: 4,
          comment: 'Holds an edge.',
          is_verified_purchase: true,
        }),
        makeReview({ user: { username: 'tom' }, rating: 5, comment: 'Stunning.' }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Customer Reviews' });
    expect(section).toHaveAttribute('id', 'reviews');
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Anonymous User');
    expect(items[0]).toHaveTextContent('Verified purchase');
    expect(items[0]).not.toHaveTextContent('Not a verified purchase');
    expect(items[0]).toHaveTextContent('Holds an edge.');
    expect(within(items[0]!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('tom');
    expect(items[1]).toHaveTextContent('Not a verified purchase');
    expect(within(section).queryByTestId('review-incentivised')).toBeNull();
  });

  it('labels an incentivised review above its text and links the review policy (decision 085)', async () => {
    renderProduct({
      review_count: 1,
      average_rating: 4,
      reviews: [
        makeReview({
          rating: 4,
          comment: 'Sent to me to try.',
          is_verified_purchase: true,
          incentivised: true,
        }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Customer Reviews' });
    const [item] = within(section).getAllByRole('listitem');
    expect(within(item!).getByTestId('review-incentivised')).toHaveTextContent(
      'Incentivised review: the reviewer received something in return (a free piece, a discount or a payment).',
    );
    expect(within(section).getByRole('link', { name: 'How we check reviews' })).toHaveAttribute(
      'href',
      '/review-policy',
    );
  });

  it("shows the shop's reply under its review, with the shop's name", async () => {
    renderProduct({
      review_count: 1,
      average_rating: 5,
      reviews: [
        makeReview({
          comment: 'Sharp.',
          shop_reply: {
            shop_name: 'Ember & Oak Workshop',
            content: 'Thank you, enjoy it!',
            created_at: '2026-05-04T09:00:00Z',
          },
        }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Customer Reviews' });
    const reply = within(section).getByTestId('shop-reply');
    expect(reply).toHaveTextContent('Ember & Oak Workshop Shop reply');
    expect(reply).toHaveTextContent('Thank you, enjoy it!');
  });

  it('asks visitors to log in to write a review, linking back to the reviews', async () => {
    renderProduct();
    expect(
      await screen.findByText(
        /Only customers who bought this piece can review it\. You must be logged in to write a review\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/products/gyuto-210%23reviews',
    );
  });
});

describe('ProductDetail: quantity and Add to Cart', () => {
  it('hides the quantity selector unless stock is above 1', async () => {
    const { unmount } = renderProduct({ stock: 1 });
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    unmount();
    renderProduct({ stock: 2 });
    expect(await screen.findByLabelText('Quantity')).toHaveValue(1);
  });

  it("bounds the quantity to 1..stock with 'Only {n} items available.'", async () => {
    renderProduct({ stock: 4 });
    const input = await screen.findByLabelText('Quantity');
    fireEvent.change(input, { target: { value: '9' } });
    expect(input).toHaveValue(4);
    expect(screen.getByText('Only 4 items available.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '0' } });
    expect(input).toHaveValue(1);
    expect(screen.queryByText('Only 4 items available.')).toBeNull();
    fireEvent.change(input, { target: { value: '-3' } });
    expect(input).toHaveValue(1);
  });

  it('steps the quantity with the + and − buttons within bounds', async () => {
    const user = userEvent.setup();
    renderProduct({ stock: 2 });
    const input = await screen.findByLabelText('Quantity');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input).toHaveValue(2);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input).toHaveValue(1);
  });

  it("says 'Sold Out' on a disabled button at stock 0", async () => {
    renderProduct({ stock: 0 });
    const button = await screen.findByRole('button', { name: 'Sold Out' });
    expect(button).toBeDisabled();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it('goes to /login?redirect=/products/{slug} when logged out, without calling the cart', async () => {
    const user = userEvent.setup();
    const { router } = renderProduct();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/products/gyuto-210' });
    expect(post).not.toHaveBeenCalled();
  });

  it('remembers the choice when logged out and adds it once the shopper is back logged in', async () => {
    const user = userEvent.setup();
    const first = renderProduct({ stock: 5 });
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '3' } });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    first.unmount();

    // Back from /login with a token: the product page adds the remembered item once.
    localStorage.setItem('authToken', 'token');
    post.mockResolvedValue({ data: { id: 1, items: [], total_items: 3, total_price: '135.00' } });
    const { unmount } = renderProduct({ id: first.product.id, stock: 5 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Added 3 × Gyuto 210 to your cart.',
    );
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/orders/cart/add-item/', {
      body: { product_id: first.product.id, quantity: 3, customization: {} },
    });
    unmount();
    renderProduct({ id: first.product.id, stock: 5 });
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('adds the chosen quantity when logged in and shows the success message for 3 s', async () => {
    localStorage.setItem('authToken', 'token');
    const cart = { id: 1, items: [], total_items: 2, total_price: '90.00' };
    post.mockResolvedValue({ data: cart });
    const { product, queryClient } = renderProduct({ stock: 5 });
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '2' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByRole('status', {}, { timeout: 2000 })).toHaveTextContent(/added/i);
      expect(post).toHaveBeenCalledWith('/orders/cart/add-item/', {
        body: { product_id: product.id, quantity: 2, customization: {} },
      });
      expect(queryClient.getQueryData(['cart'])).toEqual(cart);
      await act(() => vi.advanceTimersByTimeAsync(3100));
      expect(screen.queryByText(/added/i)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's detail, else 'Could not add item to cart.', for 5 s", async () => {
    localStorage.setItem('authToken', 'token');
    post.mockRejectedValueOnce(new ApiError(501, { detail: 'Not implemented yet.' }));
    renderProduct();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Not implemented yet.');
      await act(() => vi.advanceTimersByTimeAsync(3500));
      expect(screen.getByRole('alert')).toHaveTextContent('Not implemented yet.');
      await act(() => vi.advanceTimersByTimeAsync(1600));
      expect(screen.queryByRole('alert')).toBeNull();

      post.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not add item to cart.');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ProductDetail: made to order, dispatch and age', () => {
  const TO_ORDER = {
    made_to_order: true,
    stock: 0,
    lead_time_days_min: 15,
    lead_time_days_max: 20,
    dispatch: { made_to_order: true, earliest: '2026-12-14', latest: '2026-12-21' },
  };

  it('can be ordered at stock 0 when made to order: no Sold Out, the quantity shown, the lead time said', async () => {
    renderProduct(TO_ORDER);
    const button = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(button).toBeEnabled();
    expect(screen.queryByText('Sold Out')).toBeNull();
    expect(screen.queryByText('Out of stock')).toBeNull();
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(screen.getByText('Made to order: ships in 3–4 weeks')).toBeInTheDocument();
    expect(screen.getByText(/^Estimated dispatch: /)).toBeInTheDocument();
    expect(screen.queryByText(/^Ready to ship/)).toBeNull();
  });

  it("bounds a made-to-order quantity to 1..10 with 'You can order up to 10 at a time.'", async () => {
    const user = userEvent.setup();
    renderProduct(TO_ORDER);
    const input = await screen.findByLabelText('Quantity');
    expect(input).toHaveAttribute('max', '10');
    fireEvent.change(input, { target: { value: '15' } });
    expect(input).toHaveValue(10);
    expect(screen.getByText('You can order up to 10 at a time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '9' } });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input).toHaveValue(10);
  });

  it('adds a made-to-order piece at stock 0 when logged in', async () => {
    localStorage.setItem('authToken', 'token');
    post.mockResolvedValue({ data: { id: 1, items: [], total_items: 2, total_price: '380.00' } });
    const { product } = renderProduct(TO_ORDER);
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Added 2 × Gyuto 210 to your cart.',
    );
    expect(post).toHaveBeenCalledWith('/orders/cart/add-item/', {
      body: { product_id: product.id, quantity: 2, customization: {} },
    });
  });

  it("says when a ready piece in stock is dispatched, beside 'In stock'", async () => {
    renderProduct({ stock: 6 });
    expect(await screen.findByText('In stock')).toBeInTheDocument();
    expect(screen.getByText(/^Ready to ship: dispatched by /)).toBeInTheDocument();
    expect(screen.queryByText(/^Made to order/)).toBeNull();
  });

  it('notes an age-restricted piece beside its price, with the minimum age once known', async () => {
    get.mockImplementation(async (path: string) =>
      path === '/shipping/options/'
        ? { data: { countries: [], minimum_age: 18, age_attestation_text: 'I am 18 or over.' } }
        : { data: { site_title: 'Ember & Oak Workshop' } },
    );
    renderProduct({ age_restricted: true });
    expect(
      await screen.findByText(
        'Sold to adults only: you must be 18 or over to buy this, and an adult must sign for the parcel.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of age, and asks nothing, for a piece that is not restricted', async () => {
    renderProduct({ age_restricted: false });
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByText(/^Sold to adults only/)).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/shipping/options/', expect.anything());
  });
});

describe('ProductDetailError', () => {
  it("shows 'Product not found.' on 404", async () => {
    renderAsRootRoute(<ProductDetailError error={new ApiError(404, { detail: 'Not found.' })} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found.');
  });

  it("shows the server's detail, else 'Failed to load product details.'", async () => {
    const { unmount } = renderAsRootRoute(
      <ProductDetailError error={new ApiError(500, { detail: 'Database is down.' })} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down.');
    unmount();
    renderAsRootRoute(<ProductDetailError error={new TypeError('Failed to fetch')} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load product details.');
  });
});
