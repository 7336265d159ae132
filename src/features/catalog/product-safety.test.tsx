import { screen, within } from '@testing-library/react';
import { api } from '../../api/client';
import { ProductDetail } from './product-detail-page';
import { makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import type { ApiCall } from '../../test/mock-api-client';

/*
 * The product page's "Product safety" block (EU GPSR art. 19, issue 41): open above the
 * purchase button, with the warnings and their pictogram (named for screen readers), the
 * manufacturer, the EU responsible person and the identifiers; and a recall's notice at the top
 * of the page, which keeps a piece taken off sale out of the cart.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue({ data: { site_title: 'Ember & Oak Workshop' } });
});

const SAFETY = {
  manufacturer: {
    name: 'Ember & Oak Workshop Ltd',
    address: 'The Old Boatyard, Quay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
    contact: 'safety@emberandoak.example',
  },
  responsible_person: {
    name: 'Liffey Product Compliance Ltd',
    address: '12 Ormond Quay Upper\nDublin 7, D07 X2F4\nIreland',
    contact: 'https://liffeycompliance.example/gpsr',
  },
  model: 'EO-DG210-26',
  batch_or_serial: 'Batch 2026-11',
  warnings: 'Very sharp blade.\nKeep out of reach of children.',
  pictogram: 'sharp_edge' as const,
  pictogram_label: 'Warning: sharp edge',
};

function renderProduct(overrides: Parameters<typeof makeProduct>[0]) {
  const product = makeProduct({ slug: 'piece', name: 'Piece', stock: 3, ...overrides });
  return renderAsRootRoute(<ProductDetail product={product} />, { path: '/products/piece' });
}

describe('product page: the safety block', () => {
  it('shows the warnings, pictogram, manufacturer, EU responsible person and identifiers above Add to Cart', async () => {
    renderProduct({ safety: SAFETY });
    const block = await screen.findByRole('region', { name: 'Product safety' });
    expect(within(block).getByRole('img', { name: 'Warning: sharp edge' })).toBeInTheDocument();
    expect(block).toHaveTextContent('Very sharp blade.');
    expect(block).toHaveTextContent('Keep out of reach of children.');
    expect(within(block).getByText('Manufacturer').nextElementSibling).toHaveTextContent(
      'Ember & Oak Workshop Ltd',
    );
    expect(within(block).getByRole('link', { name: 'safety@emberandoak.example' })).toHaveAttribute(
      'href',
      'mailto:safety@emberandoak.example',
    );
    expect(within(block).getByText('EU responsible person').nextElementSibling).toHaveTextContent(
      'Liffey Product Compliance Ltd',
    );
    expect(
      within(block).getByRole('link', { name: 'https://liffeycompliance.example/gpsr' }),
    ).toHaveAttribute('href', 'https://liffeycompliance.example/gpsr');
    expect(block).toHaveTextContent('EO-DG210-26');
    expect(block).toHaveTextContent('Batch 2026-11');
    const button = screen.getByRole('button', { name: /add to cart/i });
    // The block comes before the button in the page's order.
    expect(block.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing without safety information, and no responsible person when there is none', async () => {
    const { unmount } = renderProduct({});
    await screen.findByRole('button', { name: /add to cart/i });
    expect(screen.queryByRole('region', { name: 'Product safety' })).toBeNull();
    unmount();
    renderProduct({ safety: { ...SAFETY, responsible_person: null, pictogram: null } });
    const block = await screen.findByRole('region', { name: 'Product safety' });
    expect(within(block).queryByText('EU responsible person')).toBeNull();
    expect(within(block).queryByRole('img')).toBeNull();
  });

  it('shows a recall at the top of the page, and no Add to Cart while it keeps the piece off sale', async () => {
    renderProduct({
      safety: SAFETY,
      recall: {
        id: 1,
        title: 'Handles may come loose',
        problem: 'The handle of batch 2026-11 can come loose.',
        action: 'Stop using the knife and write to us.',
        off_sale: true,
        published_at: '2026-11-29T10:00:00Z',
      },
    });
    const notice = await screen.findByRole('region', {
      name: 'Safety recall: Handles may come loose',
    });
    expect(notice).toHaveTextContent('The handle of batch 2026-11 can come loose.');
    expect(notice).toHaveTextContent('Stop using the knife and write to us.');
    expect(notice).toHaveTextContent('Published 29 November 2026');
    expect(await screen.findByText('Not for sale: this piece is recalled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add to cart/i })).toBeNull();
  });
});
