import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiErrorMessage } from '../../api/errors';
import { SanitizedHtml } from '../../components/sanitized-html';
import { categoryQuery, productsQuery, type ProductPage } from './api';
import { emptyProductsMessage, productListTitle } from './list-text';
import { ProductGrid } from './product-grid';
import { ProductListControls } from './product-list-controls';
import type { ProductListSearch } from '../../../common/product-list-search';
import './catalog.css';

/** The server's default page size (contract: page_size default 12); used to show "Page 2 of 3". */
export const PRODUCT_PAGE_SIZE = 12;

/** The category's display name: the detail when loaded, else the name on a listed product, else the slug. */
function useCategory(slug: string | undefined, page: ProductPage | undefined) {
  const { data } = useQuery({ ...categoryQuery(slug ?? ''), enabled: Boolean(slug) });
  if (!slug) return { name: undefined, description: undefined };
  const fromProducts = page?.results.find((product) => product.category?.slug === slug)?.category
    .name;
  return { name: data?.name ?? fromProducts ?? slug, description: data?.description };
}

function ListHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="catalog-list__header">
      <h1 className="catalog-list__title">{title}</h1>
      {description ? (
        <SanitizedHtml className="catalog-list__description catalog-prose" html={description} />
      ) : null}
    </header>
  );
}

function Pagination({ search, page }: { search: ProductListSearch; page: ProductPage }) {
  if (!page.next && !page.previous) return null;
  const current = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(page.count / PRODUCT_PAGE_SIZE));
  const base = { ...search, page: undefined };
  return (
    <nav className="catalog-pagination" aria-label="Pagination">
      {page.previous ? (
        <Link
          to="/products"
          search={{ ...base, page: current - 1 > 1 ? current - 1 : undefined }}
          className="button-secondary"
          rel="prev"
        >
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="catalog-pagination__status">
        Page {current} of {Math.max(pages, current)}
      </span>
      {page.next ? (
        <Link
          to="/products"
          search={{ ...base, page: current + 1 }}
          className="button-secondary"
          rel="next"
        >
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * The /products screen (spec section 2): title, category description as sanitized HTML, the
 * count with the sort and filter controls, the product grid or the empty message,
 * and Previous/Next pagination that keeps the sort and filters. Suspends on the list query;
 * the route's loader has usually filled it already.
 */
export function ProductListPage({ search }: { search: ProductListSearch }) {
  const { data: page } = useSuspenseQuery(productsQuery(search));
  const category = useCategory(search.category, page);
  const title = productListTitle({ search: search.search, categoryName: category.name });

  return (
    <section className="page-container catalog-list">
      <ListHeader title={title} description={category.description} />
      <ProductListControls search={search} count={page.results.length === 0 ? null : page.count} />
      {page.results.length === 0 ? (
        <p className="catalog-empty">{emptyProductsMessage(search)}</p>
      ) : (
        <>
          <ProductGrid products={page.results} label="Products" headingLevel={2} />
          <Pagination search={search} page={page} />
        </>
      )}
    </section>
  );
}

/** Error state of /products: the server's detail or 'Failed to load products.' (spec section 8). */
export function ProductListError({ error, search }: { error: unknown; search: ProductListSearch }) {
  const { data: category } = useQuery({
    ...categoryQuery(search.category ?? ''),
    enabled: Boolean(search.category),
  });
  const title = productListTitle({
    search: search.search,
    categoryName: category?.name ?? search.category,
  });
  return (
    <section className="page-container catalog-list">
      <ListHeader title={title} />
      <p className="catalog-error" role="alert">
        {apiErrorMessage(error, 'Failed to load products.')}
      </p>
    </section>
  );
}
