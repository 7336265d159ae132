import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { ProductListSearch } from '../../../common/product-list-search';
import { ProductListError, ProductListPage } from './product-list-page';
import { makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import type { ApiCall } from '../../test/mock-api-client';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;

const paintings = {
  id: 3,
  slug: 'paintings',
  name: 'Paintings',
  description: '<p>Oil on <em>linen</em>.</p><script>x()</script>',
};

function answer({
  products = [makeProduct()],
  next = null as string | null,
  previous = null as string | null,
} = {}) {
  get.mockImplementation(async (path) => {
    if (path === '/products/categories/{slug}/') return { data: paintings };
    return { data: { count: products.length, next, previous, results: products } };
  });
}

function renderList(search: ProductListSearch) {
  return renderAsRootRoute(
    <Suspense fallback={<p>loading</p>}>
      <ProductListPage search={search} />
    </Suspense>,
  );
}

describe('ProductListPage', () => {
  beforeEach(() => get.mockReset());

  it("is titled 'Our Products' and lists cards, asking only for active products", async () => {
    answer({ products: [makeProduct({ name: 'Gyuto' }), makeProduct({ name: 'Vase' })] });
    renderList({});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our Products' }),
    ).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Products' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(get).toHaveBeenCalledWith(
      '/products/products/',
      expect.objectContaining({ params: { query: { is_active: true } } }),
    );
  });

  it('names the category in the title, shows its description as sanitized HTML and filters by slug', async () => {
    answer();
    renderList({ category: 'paintings' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Products in Paintings' }),
    ).toBeInTheDocument();
    const emphasis = await screen.findByText('linen');
    expect(emphasis.tagName).toBe('EM');
    expect(document.querySelector('script')).toBeNull();
    expect(get).toHaveBeenCalledWith(
      '/products/products/',
      expect.objectContaining({
        params: { query: { is_active: true, category__slug: 'paintings' } },
      }),
    );
  });

  it('titles a search, and a search inside a category', async () => {
    answer();
    const { unmount } = renderList({ search: 'damascus' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Results for "damascus"' }),
    ).toBeInTheDocument();
    unmount();
    renderList({ search: 'damascus', category: 'paintings' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Search Results for "damascus" in Paintings',
      }),
    ).toBeInTheDocument();
  });

  it.each([
    [{}, 'No products found.'],
    [{ search: 'zzzz' }, 'No products found matching "zzzz".'],
    [{ category: 'paintings' }, 'No products found in this category.'],
  ] as [ProductListSearch, string][])('shows the empty message for %o', async (search, message) => {
    answer({ products: [] });
    renderList(search);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
  });

  it('offers Previous and Next with the page in the URL when the server has more pages', async () => {
    answer({
      products: [makeProduct()],
      next: '/api/products/products/?page=3',
      previous: '/api/products/products/?page=1',
    });
    renderList({ search: 'oak', page: 2 });
    const next = await screen.findByRole('link', { name: /Next/ });
    expect(next.getAttribute('href')).toContain('page=3');
    expect(next.getAttribute('href')).toContain('search=oak');
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).not.toContain(
      'page=',
    );
  });

  it('asks the API for the sort and filters of the URL, and pages keep them', async () => {
    answer({ products: [makeProduct()], next: '/api/products/products/?page=2' });
    renderList({ ordering: '-average_rating', min_price: 10, max_price: 99.5, in_stock: true });
    const next = await screen.findByRole('link', { name: /Next/ });
    expect(get).toHaveBeenCalledWith(
      '/products/products/',
      expect.objectContaining({
        params: {
          query: {
            is_active: true,
            ordering: '-average_rating',
            min_price: 10,
            max_price: 99.5,
            in_stock: true,
          },
        },
      }),
    );
    expect(next.getAttribute('href')).toBe(
      '/products?ordering=-average_rating&min_price=10&max_price=99.5&in_stock=true&page=2',
    );
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Best rated');
  });

  it('keeps the controls on an empty filtered list, with the spec’s message', async () => {
    answer({ products: [] });
    renderList({ search: 'oak', max_price: 1 });
    expect(await screen.findByText('No products found matching "oak".')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('has no pagination on a single page', async () => {
    answer();
    renderList({});
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});

describe('ProductListError', () => {
  it("shows the server's detail, else 'Failed to load products.'", async () => {
    const { unmount } = renderAsRootRoute(
      <ProductListError error={new ApiError(503, { detail: 'Shop is closed.' })} search={{}} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Shop is closed.');
    unmount();
    renderAsRootRoute(<ProductListError error={new TypeError('Failed to fetch')} search={{}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load products.');
  });
});
