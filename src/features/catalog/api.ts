import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { toList } from '../../api/lists';
import type { components } from '../../../common/storefront-api';

export type Product = components['schemas']['Product'];
export type Category = components['schemas']['Category'];
export type Review = components['schemas']['Review'];
export {
  categoriesQuery,
  productSuggestionsQuery,
  SUGGESTION_MAX_LENGTH,
  SUGGESTION_MIN_LENGTH,
  type ProductSuggestion,
} from './header-queries';

/**
 * Filters of the product list (spec section 2, /products; with the sort, the price
 * bounds in dollars and the stock filter); all optional, page is 1-based.
 */
export interface ProductFilters {
  category?: string;
  search?: string;
  ordering?: components['schemas']['ProductOrdering'];
  min_price?: number;
  max_price?: number;
  in_stock?: boolean;
  page?: number;
  pageSize?: number;
}

/**
 * What list views show of a product: the card (spec section 2: name, price and old price,
 * stock or made-to-order badge, image, attribute tooltip; whether it is sold to adults only), the
 * home page's hero and tiles, /company-info's photos. List queries keep only these fields, so the
 * cache and the data a server-rendered list page carries for hydration hold no long descriptions or
 * image sets (they made /products carry 29 KB of inline script, evaluated before the page can
 * respond).
 */
export type ProductListItem = Pick<
  Product,
  | 'id'
  | 'slug'
  | 'name'
  | 'price'
  | 'price_before_discount'
  | 'sale'
  | 'delivery_from'
  | 'stock'
  | 'main_image'
  | 'attributes'
  | 'category'
  | 'average_rating'
  | 'review_count'
  | 'made_to_order'
  | 'age_restricted'
  | 'gift_card'
>;

/** The {@link ProductListItem} of a product: the same values, the other fields left out. */
export function toListItem(product: Product): ProductListItem {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    price: product.price,
    price_before_discount: product.price_before_discount,
    sale: product.sale,
    delivery_from: product.delivery_from,
    stock: product.stock,
    main_image: product.main_image,
    attributes: product.attributes,
    category: product.category,
    average_rating: product.average_rating,
    review_count: product.review_count,
    made_to_order: product.made_to_order,
    age_restricted: product.age_restricted,
    gift_card: product.gift_card,
  };
}

/**
 * One page of products as the SPA uses it, whatever shape the server answered with (spec
 * section 7). List queries hold {@link ProductListItem}s; `toProductPage` gives whole products.
 */
export interface ProductPage<Item = ProductListItem> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

/** One category by slug: `GET /products/categories/{slug}/`. Key `['categories','detail',slug]`. */
export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['categories', 'detail', slug] as const,
    queryFn: async ({ signal }): Promise<Category> => {
      const { data } = await api.GET('/products/categories/{slug}/', {
        params: { path: { slug } },
        signal,
      });
      return data as Category;
    },
    staleTime: 5 * 60_000,
  });

/**
 * Normalises a list answer (plain array or DRF page) into a page (spec section 7:
 * "List responses may be a plain array or an object with a results array").
 */
export function toProductPage(
  data: Product[] | (Partial<ProductPage<Product>> & { results: Product[] }),
): ProductPage<Product> {
  if (Array.isArray(data)) return { count: data.length, next: null, previous: null, results: data };
  const results = toList<Product>(data);
  return {
    count: data.count ?? results.length,
    next: data.next ?? null,
    previous: data.previous ?? null,
    results,
  };
}

/**
 * A page of active products: `GET /products/products/?is_active=true[&category__slug][&search]
 * [&ordering][&min_price][&max_price][&in_stock][&page][&page_size]`.
 * Key `['products','list',{category,search,ordering,min_price,max_price,in_stock,page,pageSize}]`
 * (undefined filters omitted, so equal filters share one entry). Throws `ApiError` on non-2xx
 * (a 400 for a bound the API refuses; the route's parser keeps those out of the URL).
 */
export const productsQuery = (filters: ProductFilters = {}) => {
  const key: ProductFilters = {};
  if (filters.category) key.category = filters.category;
  if (filters.search) key.search = filters.search;
  if (filters.ordering) key.ordering = filters.ordering;
  if (filters.min_price !== undefined) key.min_price = filters.min_price;
  if (filters.max_price !== undefined) key.max_price = filters.max_price;
  if (filters.in_stock !== undefined) key.in_stock = filters.in_stock;
  if (filters.page && filters.page > 1) key.page = filters.page;
  if (filters.pageSize) key.pageSize = filters.pageSize;
  return queryOptions({
    queryKey: ['products', 'list', key] as const,
    queryFn: async ({ signal }): Promise<ProductPage> => {
      const { data } = await api.GET('/products/products/', {
        params: {
          query: {
            is_active: true,
            ...(key.category ? { category__slug: key.category } : {}),
            ...(key.search ? { search: key.search } : {}),
            ...(key.ordering ? { ordering: key.ordering } : {}),
            ...(key.min_price !== undefined ? { min_price: key.min_price } : {}),
            ...(key.max_price !== undefined ? { max_price: key.max_price } : {}),
            ...(key.in_stock !== undefined ? { in_stock: key.in_stock } : {}),
            ...(key.page ? { page: key.page } : {}),
            ...(key.pageSize ? { page_size: key.pageSize } : {}),
          },
        },
        signal,
      });
      const page = toProductPage(data as Product[] | ProductPage<Product>);
      return { ...page, results: page.results.map(toListItem) };
    },
    staleTime: 60_000,
  });
};

/** One product with reviews: `GET /products/products/{slug}/`. Key `['products','detail',slug]`. 404 -> `ApiError` status 404. */
export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: ['products', 'detail', slug] as const,
    queryFn: async ({ signal }): Promise<Product> => {
      const { data } = await api.GET('/products/products/{slug}/', {
        params: { path: { slug } },
        signal,
      });
      return data as Product;
    },
    staleTime: 60_000,
  });

/** The largest page the API serves (contract: page_size max 100). */
export const MAX_PAGE_SIZE = 100;

/**
 * The first page of the maximum size of active products, without filters. Used by the home
 * page and /company-info, which show a few of them.
 */
export const allProductsQuery = () => productsQuery({ pageSize: MAX_PAGE_SIZE });

/** How many products the home page's strip shows. */
export const HOME_STRIP_SIZE = 8;

/**
 * What the home page asks for (only what it shows): the newest `HOME_STRIP_SIZE`
 * active products. The strip shows them, the hero's pictures and the category tiles' pictures
 * come from them (a category without a piece among them gets a tile without a picture).
 */
export const homeProductsQuery = () =>
  productsQuery({ pageSize: HOME_STRIP_SIZE, ordering: '-created_at' });

/** Most pages {@link everyProductQuery} reads (10 000 products): a bound, not a shop's size. */
export const MAX_GALLERY_PAGES = 100;

/**
 * Every active product, without filters (spec section 7: "The gallery lists products without
 * filters"; not only the first 100): pages of the maximum size read in order until
 * the API has no next page. Key `['products','every']`. Throws `ApiError` on non-2xx.
 */
export const everyProductQuery = () =>
  queryOptions({
    queryKey: ['products', 'every'] as const,
    queryFn: async ({ signal }): Promise<Product[]> => {
      const products: Product[] = [];
      for (let page = 1; page <= MAX_GALLERY_PAGES; page += 1) {
        const { data } = await api.GET('/products/products/', {
          params: {
            query: {
              is_active: true,
              ...(page > 1 ? { page } : {}),
              page_size: MAX_PAGE_SIZE,
            },
          },
          signal,
        });
        const answer = toProductPage(data as Product[] | ProductPage<Product>);
        products.push(...answer.results);
        if (!answer.next || answer.results.length === 0) break;
      }
      return products;
    },
    staleTime: 60_000,
  });
