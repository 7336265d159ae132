import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { categoriesQuery, homeProductsQuery } from './api';
import { GalleryPage } from './gallery-page';
import { HomePage } from './home-page';
import { focalClasses } from './photo-framing';
import { wholeSize } from './photo-size';
import { ProductCard } from './product-card';
import { ProductGallery } from './product-gallery';
import { everyProductQuery } from './api';
import { makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import { withShopSettings } from '../../test/shop-settings';

/** A 3:2 photo of a 240 mm kiritsuke, its maker's mark right of centre (focal point set there). */
const kiritsuke = {
  image: '/api/media/demo/uploads/kiritsuke.webp',
  thumb_image: '/api/media/demo/uploads/kiritsuke-whole-thumb.webp',
  alt_text: 'A 240 mm kiritsuke, tip to handle',
  width: 800,
  height: 533,
  focal_x: 0.6,
  focal_y: 0.9,
  // Where a card of the shop's aspect shows it (the server's answer).
  card_x: 0.8,
  card_y: 0.5,
};

/** A query client holding the settings and answers a page reads, never refetching them. */
function clientWith(settings: Parameters<typeof withShopSettings>[1] = {}) {
  return withShopSettings(
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
    settings,
  );
}

describe("the product page's photos", () => {
  it('renders a 3:2 photo whole on the server: its own width and height, no square box, no style', () => {
    const html = renderToString(
      <ProductGallery
        product={{
          name: 'Kiritsuke',
          main_image: kiritsuke,
          images: [{ id: 1, order: 1, ...kiritsuke }],
        }}
      />,
    );
    const image = /<img[^>]*class="catalog-gallery__image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(image).toContain('width="800"');
    expect(image).toContain('height="533"');
    expect(image).not.toContain('style=');
    // The stage carries no aspect of its own: the photo's attributes give the box its 3:2.
    expect(html).not.toMatch(/style=/);
  });

  it('keeps each photo its own aspect in the gallery and its thumbnails', () => {
    const portrait = { ...kiritsuke, image: '/m/p.webp', width: 533, height: 800 };
    const html = renderToString(
      <ProductGallery
        product={{
          name: 'Kiritsuke',
          main_image: portrait,
          images: [
            { id: 2, order: 1, ...portrait },
            { id: 1, order: 2, ...kiritsuke },
          ],
        }}
      />,
    );
    expect(html).toMatch(/class="catalog-gallery__image"[^>]*width="533"[^>]*height="800"/);
  });

  it('reads an unknown size as the 800 x 800 square the seed draws, and rounds the focal point to 5 %', () => {
    expect(wholeSize({})).toEqual({ width: 800, height: 800 });
    expect(wholeSize(null)).toEqual({ width: 800, height: 800 });
    // No focal point (an older API): no rule matches, the stylesheet's centre applies.
    expect(focalClasses({})).toBe('focal-x-NaN focal-y-NaN');
    expect(focalClasses({ card_x: 0.333, card_y: 1 })).toBe('focal-x-35 focal-y-100');
  });
});

describe("a product card's photo", () => {
  it("fills the card around the photo's focal point, with no style attribute", async () => {
    // The card's aspect is the stylesheet's, from <html data-card-aspect> (the server's).
    renderAsRootRoute(<ProductCard product={makeProduct({ main_image: kiritsuke })} />, {
      queryClient: clientWith({ card_aspect: 'portrait' }),
    });
    const image = await screen.findByRole('img', { name: kiritsuke.alt_text });
    expect(image.parentElement).toHaveClass('catalog-card__media');
    expect(image).toHaveClass('catalog-card__image', 'focal-x-80', 'focal-y-50');
    expect(image).toHaveAttribute('src', kiritsuke.thumb_image);
    expect(image).not.toHaveAttribute('style');
  });
});

describe('the home page', () => {
  it('shows the chosen hero photo alone, and each category tile its own photo', async () => {
    const client = clientWith({ hero_images: [kiritsuke] });
    client.setQueryData(categoriesQuery().queryKey, [
      {
        id: 1,
        slug: 'chef-knives',
        name: 'Chef Knives',
        description: '',
        image: { ...kiritsuke, image: '/m/tile.webp', thumb_image: '/m/tile-t.webp' },
      },
      { id: 2, slug: 'ceramics', name: 'Ceramics', description: '', image: null },
    ]);
    // A newer product with a photo: it takes neither the hero nor the tile.
    const newest = makeProduct({
      name: 'Newest',
      category: { name: 'Chef Knives', slug: 'chef-knives' },
    });
    client.setQueryData(homeProductsQuery().queryKey, {
      count: 1,
      next: null,
      previous: null,
      results: [newest],
    });
    const { container } = renderAsRootRoute(<HomePage />, { queryClient: client });
    // The first render of the page loads its modules: slow on a busy machine.
    const tiles = await screen.findByRole('list', { name: 'Categories' }, { timeout: 10_000 });
    const hero = container.querySelectorAll('.catalog-hero__art img');
    expect(hero).toHaveLength(1);
    expect(hero[0]).toHaveAttribute('src', kiritsuke.image);
    expect(hero[0]).toHaveClass('catalog-hero__picture--1', 'focal-x-80', 'focal-y-50');
    const tile = within(tiles).getByRole('link', { name: /Chef Knives/ });
    expect(tile.querySelector('img')).toHaveAttribute('src', '/m/tile-t.webp');
    expect(tile.querySelector('img')).toHaveClass('focal-x-80', 'focal-y-50');
    expect(
      within(tiles)
        .getByRole('link', { name: /Ceramics/ })
        .querySelector('img'),
    ).toBeNull();
    expect(container.querySelector(`img[src="${newest.main_image!.image}"]`)).toBeNull();
  }, 15_000);

  it('shows the fallback photos as the collage when no hero is chosen', async () => {
    const pictures = [1, 2, 3].map((n) => ({ ...kiritsuke, image: `/m/${n}.webp` }));
    const client = clientWith({ hero_images: pictures });
    client.setQueryData(categoriesQuery().queryKey, []);
    client.setQueryData(homeProductsQuery().queryKey, {
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const { container } = renderAsRootRoute(<HomePage />, { queryClient: client });
    await screen.findByText('No categories found');
    const hero = [...container.querySelectorAll('.catalog-hero__art img')];
    expect(hero.map((img) => img.getAttribute('src'))).toEqual(pictures.map((p) => p.image));
    expect(hero[2]).toHaveClass('catalog-hero__picture--3');
  });
});

describe('the gallery page', () => {
  it('shows each photo whole, in its own aspect', () => {
    const client = clientWith();
    client.setQueryData(everyProductQuery().queryKey, [makeProduct({ main_image: kiritsuke })]);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <GalleryPage />
      </QueryClientProvider>,
    );
    expect(html).toMatch(
      /<img src="\/api\/media\/demo\/uploads\/kiritsuke-whole-thumb.webp"[^>]*width="800" height="533"/,
    );
  });
});
