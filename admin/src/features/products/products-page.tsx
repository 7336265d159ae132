/**
 * The products list: status tabs (All, Active, Draft, Archived), a search by name or slug, the
 * category and stock filters, newest first, 25 a page, and a "New product" link. Every filter
 * and the page live in the URL (search.ts). A table at desktop width, a card per product on a
 * phone (components/data-table.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { listColumns } from '../../components/data-table';
import { FilterForm, ListCount } from '../../components/filter-form';
import { FormField } from '../../components/form-field';
import { Amount } from '../../components/format';
import { PagedTable } from '../../components/paged-list';
import { TabLink, Tabs } from '../../components/tabs';
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
    cell: (info) => <Amount amount={info.getValue()} />,
  }),
]);

export function ProductsPage() {
  const search = useSearch({ from: '/_auth/_shell/products/' });
  const products = useQuery(productsQuery(search));
  const tab = (status: ProductsSearch['status']) =>
    ({
      link: { to: '/products', search: { ...search, status, page: undefined } },
      current: search.status === status,
    }) as const;

  return (
    <>
      <title>Products · Back office</title>
      <div className="page-head">
        <h1>Products</h1>
        <Link to="/products/new" className="button button-primary">
          New product
        </Link>
      </div>
      <ListCount count={products.data?.count} one="product" many="products" />

      <Tabs label="Product status">
        <TabLink {...tab(undefined)}>All</TabLink>
        {PRODUCT_STATUSES.map((status) => (
          <TabLink key={status} {...tab(status)}>
            {STATUS_LABELS[status]}
          </TabLink>
        ))}
      </Tabs>

      {/* Keyed by the URL's filters: back/forward or a tab shows what the list shows. The search
          is not in the key: it follows the URL itself, and typing must keep the field. */}
      <Filters key={`${search.category}|${search.stock}`} search={search} />

      <PagedTable
        query={products}
        loading="Loading products…"
        pager={{ link: { to: '/products', search }, pageSize: PRODUCTS_PAGE_SIZE }}
        table={{
          caption: 'Products, newest first',
          columns: COLUMNS,
          rowId: (product) => String(product.id),
          empty: 'No products match these filters.',
        }}
      />
    </>
  );
}

/**
 * The search (run as the member types) and the category and stock filters (applied to the URL
 * on submit; folded behind "Filters" on a phone).
 */
function Filters({ search }: { search: ProductsSearch }) {
  const navigate = useNavigate();
  const categories = useQuery(productCategoriesQuery());
  const [category, setCategory] = useState(search.category ? String(search.category) : '');
  const [stock, setStock] = useState<string>(search.stock ?? '');

  const submit = (event: FormEvent, text: string) => {
    event.preventDefault();
    void navigate({
      to: '/products',
      search: {
        status: search.status,
        search: text.slice(0, SEARCH_MAX) || undefined,
        category: category ? Number(category) : undefined,
        stock: (STOCK_FILTERS as readonly string[]).includes(stock)
          ? (stock as ProductsSearch['stock'])
          : undefined,
      },
    });
  };
  const filtered = Boolean(search.search || search.category || search.stock);

  return (
    <FilterForm
      label="Filter products"
      onSubmit={submit}
      search={{
        id: 'products-search',
        label: 'Search',
        placeholder: 'Name or slug',
        maxLength: SEARCH_MAX,
        applied: search.search ?? '',
        apply: (text) =>
          void navigate({
            to: '/products',
            search: { ...search, search: text || undefined, page: undefined },
            replace: true,
          }),
      }}
      active={[search.category, search.stock].filter(Boolean).length}
      clear={filtered ? { to: '/products', search: { status: search.status } } : undefined}
    >
      <AnySelect
        id="products-category"
        label="Category"
        value={category}
        onChange={setCategory}
        options={(categories.data ?? []).map((c) => [String(c.id), c.name] as const)}
      />
      <AnySelect
        id="products-stock"
        label="Stock"
        value={stock}
        onChange={setStock}
        options={STOCK_FILTERS.map((value) => [value, STOCK_FILTER_LABELS[value]] as const)}
      />
    </FilterForm>
  );
}

/** A filter's select: "Any" (the empty value), then each `[value, label]` of `options`. */
function AnySelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <FormField id={id} label={label}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </FormField>
  );
}
