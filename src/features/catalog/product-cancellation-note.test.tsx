import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ProductDetail } from './product-detail-page';
import { ENGRAVING, HANDLE, makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import type { ApiCall } from '../../test/mock-api-client';

/*
 * The product page's note on the 14-day right (issue 29; Consumer Contracts Regulations 2013
 * reg 28(1)(b)): beside Add to Cart, linking /cancellation, worded for the piece and, with an
 * engraving, for what the shopper typed.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue({ data: { site_title: 'Ember & Oak Workshop' } });
});

function renderProduct(overrides: Parameters<typeof makeProduct>[0]) {
  const product = makeProduct({ slug: 'piece', name: 'Piece', ...overrides });
  return renderAsRootRoute(<ProductDetail product={product} />, { path: '/products/piece' });
}

const note = () => screen.findByTestId('cancellation-note');

describe('product page: the cancellation note', () => {
  it('a stocked piece may be cancelled within 14 days of delivery, and the note links /cancellation', async () => {
    renderProduct({ made_to_order: false, cancellation_exempt: false, stock: 3 });
    expect(await note()).toHaveTextContent(
      /^You may cancel within 14 days of delivery\. Cancellation rights$/,
    );
    expect(screen.getByRole('link', { name: 'Cancellation rights' })).toHaveAttribute(
      'href',
      '/cancellation',
    );
  });

  it('a made-to-order piece is made for the buyer and cannot be cancelled once ordered', async () => {
    renderProduct({ made_to_order: true, cancellation_exempt: true, stock: 0 });
    expect(await note()).toHaveTextContent(
      'Made to order for you, so it cannot be cancelled once ordered.',
    );
  });

  it('a piece the owner flagged exempt says so', async () => {
    renderProduct({ made_to_order: false, cancellation_exempt: true });
    expect(await note()).toHaveTextContent(
      'Made to your specification, so it cannot be cancelled once ordered.',
    );
  });

  it('with an engraving option: cancellable without it, exempt as soon as a text is typed', async () => {
    renderProduct({
      made_to_order: false,
      cancellation_exempt: false,
      options: [HANDLE, ENGRAVING],
    });
    expect(await note()).toHaveTextContent(
      'You may cancel within 14 days of delivery. With an engraving it is personalised and cannot be cancelled once ordered.',
    );
    await userEvent.type(screen.getByLabelText(/^Engraving/), 'A.L.');
    expect(await note()).toHaveTextContent(
      'Personalised with your engraving, so it cannot be cancelled once ordered. Without it, you may cancel within 14 days of delivery.',
    );
    await userEvent.clear(screen.getByLabelText(/^Engraving/));
    expect(await note()).toHaveTextContent(/^You may cancel within 14 days of delivery\. With/);
  });
});
