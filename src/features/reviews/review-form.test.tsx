import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { clearTokens, setTokens } from '../../api/token-storage';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import { productQuery, type Product, type Review } from '../catalog/api';
import { makeProduct, makeReview } from '../../test/catalog-fixtures';
import { withNewReview } from './api';
import { ReviewForm } from './review-form';
import { reviewSchema } from './schemas';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const post = api.POST as unknown as ReturnType<typeof vi.fn>;
const get = api.GET as unknown as ReturnType<typeof vi.fn>;

const BUYER = { can_review: true, reason: null, detail: null };
const NOT_A_BUYER = {
  can_review: false,
  reason: 'not_a_buyer',
  detail: 'Only customers who bought this piece can review it.',
};

beforeEach(() => {
  post.mockReset();
  get.mockReset();
  // A signed-in customer here bought the piece unless a test says otherwise (decision 085).
  get.mockResolvedValue({ data: BUYER });
});

async function renderForm(product: Product | null = makeProduct({ id: 7, slug: 'gyuto-210' })) {
  const queryClient = createTestQueryClient();
  if (product) queryClient.setQueryData(productQuery(product.slug).queryKey, product);
  const result = await renderWithRouter(
    <ReviewForm productId={product?.id} slug={product?.slug ?? 'gyuto-210'} />,
    { path: '/products/gyuto-210', queryClient },
  );
  return { ...result, product };
}

const logIn = () => act(() => setTokens('access', 'refresh'));
const comment = () => screen.getByLabelText('Your review');
const submit = () => screen.getByRole('button', { name: 'Submit Review' });

describe('review schema (spec section 5)', () => {
  it("refuses a blank comment with 'Please enter your review comment.' and trims it", () => {
    const blank = reviewSchema.safeParse({ rating: 5, comment: '  \n ' });
    expect(blank.error?.issues[0]?.message).toBe('Please enter your review comment.');
    expect(reviewSchema.parse({ rating: 4, comment: ' Sharp. ' })).toEqual({
      rating: 4,
      comment: 'Sharp.',
    });
  });

  it('accepts whole ratings from 1 to 5 only', () => {
    for (const rating of [1, 5])
      expect(reviewSchema.safeParse({ rating, comment: 'x' }).success).toBe(true);
    for (const rating of [0, 6, 4.5]) {
      expect(reviewSchema.safeParse({ rating, comment: 'x' }).success).toBe(false);
    }
  });
});

describe('withNewReview (spec section 4)', () => {
  it('puts the review first and recomputes the count and the average', () => {
    const old = makeReview({ id: 1, rating: 4 });
    const product = makeProduct({ reviews: [old], review_count: 2, average_rating: 4 });
    const next = withNewReview(product, makeReview({ id: 2, rating: 1 }));
    expect(next.reviews!.map((r) => r.id)).toEqual([2, 1]);
    expect(next.review_count).toBe(3);
    expect(next.average_rating).toBe(3);
  });

  it('starts the average at the first rating', () => {
    const next = withNewReview(
      makeProduct({ average_rating: null, review_count: 0 }),
      makeReview({ rating: 4 }),
    );
    expect(next).toMatchObject({ review_count: 1, average_rating: 4 });
  });
});

describe('ReviewForm (spec sections 2, 4, 5 and 8)', () => {
  it('asks a visitor to log in, linking back to the reviews, and follows the login state', async () => {
    await renderForm();
    expect(
      screen.getByText(
        /Only customers who bought this piece can review it\. You must be logged in to write a review\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/products/gyuto-210%23reviews',
    );
    logIn();
    expect(await screen.findByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument();
    act(() => clearTokens());
    expect(
      await screen.findByText(/You must be logged in to write a review\./),
    ).toBeInTheDocument();
  });

  it('offers five star radios with 5 chosen, operable with the arrow keys', async () => {
    const user = userEvent.setup();
    await renderForm();
    logIn();
    const group = await screen.findByRole('radiogroup', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(group).toHaveTextContent('Excellent');
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(group).toHaveTextContent('Good');
  });

  it("refuses a blank comment with 'Please enter your review comment.' without a call", async () => {
    const user = userEvent.setup();
    await renderForm();
    logIn();
    await user.type(await screen.findByLabelText('Your review'), '   ');
    await user.click(submit());
    expect(await screen.findByText('Please enter your review comment.')).toBeInTheDocument();
    expect(comment()).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it("refuses without a product id: 'Product ID is required to submit a review.'", async () => {
    const user = userEvent.setup();
    await renderForm(null);
    logIn();
    await user.type(await screen.findByLabelText('Your review'), 'Lovely.');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Product ID is required to submit a review.',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it("posts {product, rating, comment}, says 'Review submitted successfully!' for 3 s, resets, and updates the product", async () => {
    const user = userEvent.setup();
    const existing = makeReview({ id: 1, rating: 5 });
    const { queryClient } = await renderForm(
      makeProduct({
        id: 7,
        slug: 'gyuto-210',
        reviews: [existing],
        review_count: 1,
        average_rating: 5,
      }),
    );
    logIn();
    const stored: Review = makeReview({ id: 2, rating: 3, comment: 'Good, a bit heavy.' });
    post.mockResolvedValue({ data: stored });
    await user.click(await screen.findByRole('radio', { name: '3 stars' }));
    await user.type(comment(), '  Good, a bit heavy. ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(submit());
      expect(await screen.findByRole('status')).toHaveTextContent('Review submitted successfully!');
      expect(post).toHaveBeenCalledWith('/products/reviews/', {
        body: { product: 7, rating: 3, comment: 'Good, a bit heavy.' },
      });
      expect(comment()).toHaveValue('');
      expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
      const product = queryClient.getQueryData<Product>(productQuery('gyuto-210').queryKey)!;
      expect(product.reviews!.map((r) => r.id)).toEqual([2, 1]);
      expect(product.review_count).toBe(2);
      expect(product.average_rating).toBe(4);
      await act(() => vi.advanceTimersByTimeAsync(3100));
      expect(screen.queryByText('Review submitted successfully!')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the shopper a review awaits approval instead of showing it', async () => {
    const { queryClient } = await renderForm(
      makeProduct({ id: 7, slug: 'gyuto-210', reviews: [], review_count: 0, average_rating: null }),
    );
    logIn();
    post.mockResolvedValue({ data: makeReview({ id: 9, is_approved: false }) });
    fireEvent.change(await screen.findByLabelText('Your review'), {
      target: { value: 'Lovely.' },
    });
    fireEvent.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you! Your review will appear once it has been approved.',
    );
    const product = queryClient.getQueryData<Product>(productQuery('gyuto-210').queryKey)!;
    expect(product.reviews).toEqual([]);
    expect(product.review_count).toBe(0);
  });

  it("shows a 409's detail, else the field errors, else 'Failed to submit review. Please try again.'", async () => {
    await renderForm();
    logIn();
    fireEvent.change(await screen.findByLabelText('Your review'), { target: { value: 'Again' } });

    post.mockRejectedValueOnce(
      new ApiError(409, { detail: 'You have already reviewed this product.' }),
    );
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already reviewed this product.',
    );
    expect(comment()).toHaveValue('Again');

    post.mockRejectedValueOnce(
      new ApiError(400, { rating: ['Ensure this value is less than or equal to 5.'] }),
    );
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'rating: Ensure this value is less than or equal to 5.',
      ),
    );

    post.mockRejectedValueOnce(new ApiError(500, null));
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to submit review. Please try again.',
      ),
    );
  });

  it('tells a signed-in customer who did not buy the piece why there is no form (decision 085)', async () => {
    get.mockResolvedValue({ data: NOT_A_BUYER });
    await renderForm();
    logIn();
    expect(await screen.findByTestId('review-refusal')).toHaveTextContent(
      'Only customers who bought this piece can review it.',
    );
    expect(screen.queryByRole('radiogroup', { name: 'Your rating' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
    expect(get).toHaveBeenCalledWith('/products/reviews/eligibility/', {
      params: { query: { product: 7 } },
      signal: expect.anything(),
    });
  });

  it('tells a customer who already reviewed the piece so, instead of the form', async () => {
    get.mockResolvedValue({
      data: {
        can_review: false,
        reason: 'already_reviewed',
        detail: 'You have already reviewed this product.',
      },
    });
    await renderForm();
    logIn();
    expect(await screen.findByTestId('review-refusal')).toHaveTextContent(
      'You have already reviewed this product.',
    );
  });

  it('sends incentivised: true only when the buyer ticks that they received something in return', async () => {
    const user = userEvent.setup();
    await renderForm();
    logIn();
    post.mockResolvedValue({ data: makeReview({ id: 3, incentivised: true }) });
    const tick = await screen.findByRole('checkbox', {
      name: 'I received something in return for this review (a free piece, a discount)',
    });
    expect(tick).not.toBeChecked();
    await user.click(tick);
    await user.type(comment(), 'Sent to me to try.');
    await user.click(submit());
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/products/reviews/', {
        body: { product: 7, rating: 5, comment: 'Sent to me to try.', incentivised: true },
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Review submitted successfully!');
    expect(tick).not.toBeChecked();
  });

  it('posts natively, so a submit before the scripts run never puts the review in the URL', async () => {
    await renderForm();
    logIn();
    const rating = await screen.findByRole('radiogroup', { name: 'Your rating' });
    expect(rating.closest('form')).toHaveAttribute('method', 'post');
  });
});
