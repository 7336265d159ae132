import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { featuredProducts, HomePage, htmlToText } from './home-page';
import { makeProduct } from '../../test/catalog-fixtures';
import { renderAsRootRoute } from '../../test/render-as-root-route';
import type { ApiCall } from '../../test/mock-api-client';

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
const get = api.GET as unknown as ApiCall;

const categories = [
  { id: 1, slug: 'chef-knives', name: 'Chef Knives', description: '<p>Forged <b>by hand</b>.</p>' },
  { id: 2, slug: 'ceramics', name: 'Ceramics', description: '' },
];

function answer(products: ReturnType<typeof makeProduct>[], categoryAnswer: unknown = categories) {
  get.mockImplementation(async (path) => {
    if (path === '/pages/site-settings/')
      return {
        data: {
          site_title: 'Ember & Oak Workshop',
          site_description: 'Knives and art, made by hand.',
        },
      };
    if (path === '/products/categories/') {
      if (categoryAnswer instanceof Error) throw categoryAnswer;
      return { data: categoryAnswer };
    }
    return { data: { count: products.length, next: null, previous: null, results: products } };
  });
}

describe('HomePage', () => {
  beforeEach(() => get.mockReset());

  it('shows the site title and description with a Shop now link', async () => {
    answer([makeProduct()]);
    // Settings not loaded yet: the page asks for them.
    renderAsRootRoute(<HomePage />, {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    });
    // The first render of the file loads the page's modules: on a busy CI machine that alone
    // can take longer than the default second.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Ember & Oak Workshop' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Knives and art, made by hand.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products');
  });

  it('asks only for the newest pieces it shows, not a page of 100', async () => {
    answer([makeProduct()]);
    renderAsRootRoute(<HomePage />);
    await screen.findByRole('list', { name: 'Featured products' });
    const productCalls = get.mock.calls.filter(([path]) => path === '/products/products/');
    expect(productCalls).toHaveLength(1);
    expect(productCalls[0]![1]).toMatchObject({
      params: { query: { is_active: true, ordering: '-created_at', page_size: 8 } },
    });
  });

  it('links each category tile to its filtered list', async () => {
    answer([makeProduct()]);
    renderAsRootRoute(<HomePage />);
    const tile = await screen.findByRole('link', { name: /Chef Knives/ });
    expect(tile).toHaveAttribute('href', '/products?category=chef-knives');
    expect(tile).toHaveTextContent('Forged by hand.');
    expect(screen.getByRole('link', { name: /Ceramics/ })).toHaveAttribute(
      'href',
      '/products?category=ceramics',
    );
  });

  it('shows a strip of 8 products', async () => {
    answer(Array.from({ length: 11 }, (_, index) => makeProduct({ name: `Piece ${index + 1}` })));
    renderAsRootRoute(<HomePage />);
    const strip = await screen.findByRole('list', { name: 'Featured products' });
    expect(within(strip).getAllByRole('listitem')).toHaveLength(8);
    expect(within(strip).getByText('Piece 1')).toBeInTheDocument();
    expect(within(strip).queryByText('Piece 9')).toBeNull();
  });

  it('keeps the products when the categories fail', async () => {
    answer([makeProduct({ name: 'Still here' })], new ApiError(500, {}));
    renderAsRootRoute(<HomePage />);
    expect(await screen.findByText('Failed to load categories.')).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });
});

describe('featuredProducts', () => {
  const knife = (n: number) =>
    makeProduct({ name: `Knife ${n}`, category: { name: 'Knives', slug: 'knives' } });
  const pot = (n: number) =>
    makeProduct({ name: `Pot ${n}`, category: { name: 'Ceramics', slug: 'ceramics' } });

  it('takes the list in order, one category at a time', () => {
    const list = [knife(1), knife(2), knife(3), pot(1), pot(2)];
    expect(featuredProducts(list, 4).map((p) => p.name)).toEqual([
      'Knife 1',
      'Pot 1',
      'Knife 2',
      'Pot 2',
    ]);
    expect(featuredProducts(list, 10)).toHaveLength(5);
    expect(featuredProducts([], 8)).toEqual([]);
  });
});

describe('htmlToText', () => {
  it('keeps only the text, without running anything', () => {
    expect(htmlToText('<p>Oil <em>on</em> linen</p><img src=x onerror="window.hit=1">')).toBe(
      'Oil on linen',
    );
    expect((window as unknown as { hit?: number }).hit).toBeUndefined();
    expect(htmlToText(null)).toBe('');
  });
});
