/**
 * The products list: status tabs (All, Active, Draft, Archived), a search by name or slug, the
 * category and stock filters, newest first, 25 a page, and a "New product" link. Every filter
 * and the page live in the URL (search.ts). A table at desk width, a card per product on a
 * phone (components/data-table.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { DataTable, listColumns } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { formatPrice } from '../../components/format';
import { ErrorNotice, Loading } from '../../components/notice';
import { Pager } from '../../components/pager';
import {
  PRODUCTS_PAGE_SIZE,
  productCategoriesQuery,
  productsQuery,
  type AdminProductSummary,
} from './api';
import { STATUS_LABELS, STATUS_TONES, STOCK_FILTER_LABELS, STOCK_STATE_LABELS } from './labels';
import { PRODUCT_STATUSES, SEARCH_MAX, STOCK_FILTERS, type ProductsSearch } from './search';

const column = listColumns<AdminProductSummary>();
const COLUMNS = column.columns([
  column.accessor('name', {
    header: 'Product',
    meta: { cell: 'cell-title' },
    cell: (info) => (
      <span className="product-cell">
        {info.row.original.thumbnail ? (
          <img src={info.row.original.thumbnail} alt="" width={40} height={40} loading="lazy" />
        ) : null}
        <span>
          <Link to="/products/$productId" params={{ productId: String(info.row.original.id) }}>
            {info.getValue()}
          </Link>
          <br />
          <span className="muted small mono">{info.row.original.slug}</span>
        </span>
      </span>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <span className={`badge badge-${STATUS_TONES[info.getValue()]}`}>
        {STATUS_LABELS[info.getValue()]}
      </span>
    ),
  }),
  column.accessor('category', { header: 'Category', cell: (info) => info.getValue().name }),
  column.accessor('stock', {
    header: 'Stock',
    meta: { cell: 'cell-end' },
    cell: (info) => {
      const state = info.row.original.stock_state;
      if (state === 'made_to_order') return STOCK_STATE_LABELS[state];
      return (
        <>
          {info.getValue()}
          {state === 'in_stock' ? null : (
            <>
              {' '}
              <span className={`badge badge-${state === 'sold_out' ? 'closed' : 'attention'}`}>
                {STOCK_STATE_LABELS[state]}
              </span>
            </>
          )}
        </>
      );
    },
  }),
  column.accessor('price', {
    header: 'Price',
    meta: { cell: 'cell-end' },
    cell: (info) => formatPrice(info.getValue()),
  }),
]);

export function ProductsPage() {
  const search = useSearch({ from: '/_auth/_shell/products/' });
  const products = useQuery(productsQuery(search));
  const pages = products.data
    ? Math.max(1, Math.ceil(products.data.count / PRODUCTS_PAGE_SIZE))
    : 1;
  const page = search.page ?? 1;

  return (
    <>
      <title>Products · Back office</title>
      <div className="page-head">
        <h1>Products</h1>
        <Link to="/products/new" className="button button-primary">
          New product
        </Link>
      </div>
      {products.data ? (
        <p className="muted" role="status">
          {products.data.count} {products.data.count === 1 ? 'product' : 'products'}
        </p>
      ) : null}

      <nav aria-label="Product status">
        <ul className="tabs">
          <StatusTab search={search} status={undefined} label="All" />
          {PRODUCT_STATUSES.map((status) => (
            <StatusTab key={status} search={search} status={status} label={STATUS_LABELS[status]} />
          ))}
        </ul>
      </nav>

      {/* Keyed by the URL's filters: back/forward or a tab shows what the list shows. */}
      <Filters key={`${search.search}|${search.category}|${search.stock}`} search={search} />

      {products.isPending ? (
        <Loading label="Loading products…" />
      ) : products.isError ? (
        <ErrorNotice error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <div className={products.isPlaceholderData ? 'is-refreshing' : undefined}>
          <DataTable
            caption="Products, newest first"
            columns={COLUMNS}
            data={products.data.results}
            rowId={(product) => String(product.id)}
            empty="No products match these filters."
          />
          <Pager
            link={{ to: '/products', search }}
            page={page}
            pages={pages}
            labels={{ previous: 'Previous page', next: 'Next page' }}
          />
        </div>
      )}
    </>
  );
}

function StatusTab({
  search,
  status,
  label,
}: {
  search: ProductsSearch;
  status: ProductsSearch['status'];
  label: string;
}) {
  return (
    <li>
      <Link
        to="/products"
        search={{ ...search, status, page: undefined }}
        aria-current={search.status === status ? 'page' : undefined}
        activeOptions={{ includeSearch: true, explicitUndefined: true }}
      >
        {label}
      </Link>
    </li>
  );
}

/** The search, category and stock filters; applied to the URL on submit. */
function Filters({ search }: { search: ProductsSearch }) {
  const navigate = useNavigate();
  const categories = useQuery(productCategoriesQuery());
  const [text, setText] = useState(search.search ?? '');
  const [category, setCategory] = useState(search.category ? String(search.category) : '');
  const [stock, setStock] = useState<string>(search.stock ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({
      to: '/products',
      search: {
        status: search.status,
        search: text.trim().slice(0, SEARCH_MAX) || undefined,
        category: category ? Number(category) : undefined,
        stock: (STOCK_FILTERS as readonly string[]).includes(stock)
          ? (stock as ProductsSearch['stock'])
          : undefined,
      },
    });
  };
  const filtered = Boolean(search.search || search.category || search.stock);

  return (
    <form className="panel filters" role="search" aria-label="Filter products" onSubmit={submit}>
      <div className="form-inline">
        <FormField id="products-search" label="Search">
          <input
            id="products-search"
            type="search"
            maxLength={SEARCH_MAX}
            placeholder="Name or slug"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
        <FormField id="products-category" label="Category">
          <select
            id="products-category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">Any</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="products-stock" label="Stock">
          <select
            id="products-stock"
            value={stock}
            onChange={(event) => setStock(event.target.value)}
          >
            <option value="">Any</option>
            {STOCK_FILTERS.map((value) => (
              <option key={value} value={value}>
                {STOCK_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary">
            Apply filters
          </button>
          {filtered ? (
            <Link to="/products" search={{ status: search.status }} className="button">
              Clear filters
            </Link>
          ) : null}
        </div>
      </div>
    </form>
  );
}
