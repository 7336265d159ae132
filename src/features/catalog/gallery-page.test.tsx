import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { api } from '../../api/client';
import { GalleryError, GalleryPage } from './gallery-page';
import { makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import type { ApiCall } from '../../test/mock-api-client';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;

async function openGallery() {
  get.mockResolvedValue({
    data: {
      count: 2,
      next: null,
      previous: null,
      results: [
        makeProduct({ name: 'Raku Bowl', slug: 'raku-bowl' }),
        makeProduct({ name: 'Skinner', slug: 'skinner' }),
      ],
    },
  });
  renderAsRootRoute(
    <Suspense fallback={null}>
      <GalleryPage />
    </Suspense>,
  );
  return screen.findByRole('button', { name: 'View Raku Bowl' });
}

describe('GalleryPage', () => {
  it('names a tile without a photo by the words it shows, "View" and the piece', async () => {
    get.mockReset().mockResolvedValueOnce({
      data: {
        count: 1,
        next: null,
        previous: null,
        results: [makeProduct({ name: 'Gift card', slug: 'gift-card', main_image: null })],
      },
    });
    renderAsRootRoute(
      <Suspense fallback={null}>
        <GalleryPage />
      </Suspense>,
    );
    const tile = await screen.findByRole('button', { name: 'View Gift card' });
    // No aria-label over the visible words (WCAG 2.5.3, label in name).
    expect(tile).not.toHaveAttribute('aria-label');
    expect(tile).toHaveTextContent('No image available');
  });

  it('lists every product without filters, in one large page', async () => {
    await openGallery();
    expect(get).toHaveBeenCalledWith(
      '/products/products/',
      expect.objectContaining({ params: { query: { is_active: true, page_size: 100 } } }),
    );
    expect(screen.getByRole('button', { name: 'View Skinner' })).toBeInTheDocument();
  });

  it('shows every product of a shop with more than one page of them', async () => {
    const pageOf = (page: number, size: number, next: boolean) => ({
      data: {
        count: 230,
        next: next ? `/api/products/products/?page=${page + 1}&page_size=100` : null,
        previous: null,
        results: Array.from({ length: size }, (_, index) =>
          makeProduct({ name: `Piece ${page}-${index}`, slug: `piece-${page}-${index}` }),
        ),
      },
    });
    get
      .mockReset()
      .mockResolvedValueOnce(pageOf(1, 100, true))
      .mockResolvedValueOnce(pageOf(2, 100, true))
      .mockResolvedValueOnce(pageOf(3, 30, false));
    renderAsRootRoute(
      <Suspense fallback={null}>
        <GalleryPage />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: 'View Piece 3-29' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^View Piece/ })).toHaveLength(230);
    expect(get).toHaveBeenCalledTimes(3);
    expect(get).toHaveBeenLastCalledWith(
      '/products/products/',
      expect.objectContaining({ params: { query: { is_active: true, page: 3, page_size: 100 } } }),
    );
  });

  it('opens the full image in a modal overlay with focus on Close, and closes it with ×', async () => {
    const user = userEvent.setup();
    const tile = await openGallery();
    await user.click(tile);
    const dialog = screen.getByRole('dialog', { name: 'Raku Bowl' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('img', { name: 'Photo of raku-bowl' })).toHaveAttribute(
      'src',
      '/api/media/raku-bowl-1.webp',
    );
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(tile).toHaveFocus();
  });

  it('closes when the backdrop is clicked, but not when the image is', async () => {
    const user = userEvent.setup();
    await user.click(await openGallery());
    await user.click(screen.getByRole('img', { name: 'Photo of raku-bowl' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    await user.click(await openGallery());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Failed to load products.' on error", async () => {
    renderAsRootRoute(<GalleryError />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load products.');
  });
});
