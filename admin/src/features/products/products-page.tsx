/**
 * The products list: status tabs (All, Active, Draft, Archived), a search by name, the
 * category and stock filters, newest first, 25 a page, and a "New product" link. Every filter
 * and the page live in the URL (search.ts). A table at desktop width, a card per product on a
 * phone (components/data-table.tsx).
 *
 * Edits without opening a product (issue 40): each row's stock and price are saved in place
 * (./inline-edits.tsx); rows are selected with their boxes (or all of the page's), and the
 * selection is archived, or its stock set to one count, in one all-or-nothing change
 * (`POST /products/bulk/`) whose result shows above the list.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { listColumns } from '../../components/data-table';
import { FilterForm, ListCount } from '../../components/filter-form';
import { FormField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { PagedTable } from '../../components/paged-list';
import { TabLink, Tabs } from '../../components/tabs';
import { MAX_STOCK } from '../stock/api';
import {
  PRODUCTS_PAGE_SIZE,
  productCategoriesQuery,
  productsQuery,
  useBulkChangeProducts,
  type AdminProductSummary,
} from './api';
import { InlinePrice, InlineStock } from './inline-edits';
import { STATUS_LABELS, STATUS_TONES, STOCK_FILTER_LABELS } from './labels';
import { PRODUCT_STATUSES, SEARCH_MAX, STOCK_FILTERS, type ProductsSearch } from './search';

/** The rows selected on the page shown, and the rows it shows (for "select all"). */
interface Selection {
  selected: ReadonlySet<number>;
  ids: readonly number[];
  toggle: (id: number) => void;
  setAll: (on: boolean) => void;
}
const SelectionContext = createContext<Selection>({
  selected: new Set(),
  ids: [],
  toggle: () => {},
  setAll: () => {},
});

/** A row's box: selects it for the bulk moves ("Select" shows beside it on a phone's card). */
function RowBox({ product }: { product: AdminProductSummary }) {
  const { selected, toggle } = useContext(SelectionContext);
  return (
    <label className="row-select">
      <input
        type="checkbox"
        checked={selected.has(product.id)}
        onChange={() => toggle(product.id)}
      />
      <span>
        <span className="row-select-word">Select</span>{' '}
        <span className="visually-hidden">{product.name}</span>
      </span>
    </label>
  );
}

/** The header's box: selects every row of the page, or none. */
function AllBox() {
  const { selected, ids, setAll } = useContext(SelectionContext);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <input
      type="checkbox"
      aria-label="Select every product on this page"
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = !all && ids.some((id) => selected.has(id));
      }}
      onChange={() => setAll(!all)}
    />
  );
}

const column = listColumns<AdminProductSummary>();
const COLUMNS = column.columns([
  column.display({
    id: 'select',
    header: () => <AllBox />,
    cell: (info) => <RowBox product={info.row.original} />,
    meta: { cell: 'cell-select' },
  }),
  column.accessor('name', {
    header: 'Product',
    meta: { cell: 'cell-title' },
    cell: (info) => (
      <span className="product-cell">
        {info.row.original.thumbnail ? (
          <img src={info.row.original.thumbnail} alt="" width={40} height={40} loading="lazy" />
        ) : null}
        <Link to="/products/$productId" params={{ productId: String(info.row.original.id) }}>
          {info.getValue()}
        </Link>
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
    cell: (info) => <InlineStock product={info.row.original} />,
  }),
  column.accessor('price', {
    header: 'Price',
    meta: { cell: 'cell-end' },
    cell: (info) => <InlinePrice product={info.row.original} />,
  }),
]);

export function ProductsPage() {
  const search = useSearch({ from: '/_auth/_shell/products/' });
  const products = useQuery(productsQuery(search));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const ids = (products.data?.results ?? []).map((p) => p.id);
  const selection: Selection = {
    selected,
    ids,
    toggle: (id) =>
      setSelected((now) => {
        const next = new Set(now);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    setAll: (on) => setSelected(on ? new Set(ids) : new Set()),
  };
  // Only rows shown can stay selected: another page, tab or filter starts afresh.
  const stale = selected.size > 0 && [...selected].some((id) => !ids.includes(id));
  if (stale && products.data && !products.isPlaceholderData) {
    setSelected(new Set([...selected].filter((id) => ids.includes(id))));
  }
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

      <BulkBar
        pageCount={ids.length}
        onSelectPage={() => selection.setAll(true)}
        selected={[...selected]}
        names={(products.data?.results ?? []).filter((p) => selected.has(p.id)).map((p) => p.name)}
        onDone={() => setSelected(new Set())}
      />

      <SelectionContext.Provider value={selection}>
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
      </SelectionContext.Provider>
    </>
  );
}

/**
 * The moves on the selected rows: "Archive" (after a confirm step) and "Set stock to N", each
 * one all-or-nothing request; the result, or the refusal (nothing changed), shows here.
 */
function BulkBar({
  pageCount,
  onSelectPage,
  selected,
  names,
  onDone,
}: {
  /** How many rows the page shows, and selecting them all (a phone's cards have no header box). */
  pageCount: number;
  onSelectPage: () => void;
  selected: number[];
  names: string[];
  onDone: () => void;
}) {
  const bulk = useBulkChangeProducts();
  const [stock, setStock] = useState('');
  const [stockError, setStockError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  // The result takes the focus: after a change the bar (and the button pressed) may be gone.
  useEffect(() => {
    if (result) resultBox.current?.focus();
  }, [result]);
  const count = selected.length;
  const pieces = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

  async function run(body: Parameters<typeof bulk.mutateAsync>[0], done: (n: number) => string) {
    setResult(null);
    try {
      const answer = await bulk.mutateAsync(body);
      setResult({ tone: 'success', text: done(answer.changed) });
      setStock('');
      onDone();
    } catch (error) {
      const fields = fieldErrors(error);
      const words = fields.stock?.join(' ') ?? fields.product_ids?.join(' ') ?? errorMessage(error);
      setResult({ tone: 'error', text: `Nothing was changed: ${words}` });
    }
  }

  function setAll(event: FormEvent) {
    event.preventDefault();
    const text = stock.trim();
    if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_STOCK) {
      setStockError(`Enter a whole number from 0 to ${MAX_STOCK}.`);
      return;
    }
    setStockError(null);
    void run({ action: 'set_stock', product_ids: selected, stock: Number(text) }, (n) =>
      n === 0
        ? `Every selected product already had ${text} in stock.`
        : `Stock set to ${text} for ${pieces(n)}.`,
    );
  }

  return (
    <>
      {result ? (
        <div ref={resultBox} tabIndex={-1} className="bulk-result">
          <Notice tone={result.tone}>{result.text}</Notice>
        </div>
      ) : null}
      {/* Always there (empty with nothing selected), so each change of the count is read out. */}
      <p className="visually-hidden" role="status">
        {count > 0 ? `${pieces(count)} selected` : ''}
      </p>
      {count > 0 ? (
        <form
          className="bulk-bar"
          aria-label="Change the selected products"
          onSubmit={setAll}
          noValidate
        >
          <p className="small" aria-hidden="true">
            <strong>{pieces(count)}</strong> selected
          </p>
          <div className="field">
            <label htmlFor="bulk-stock">Set stock to</label>
            <input
              id="bulk-stock"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={stock}
              aria-invalid={stockError ? true : undefined}
              aria-describedby={stockError ? 'bulk-stock-error' : undefined}
              onChange={(event) => setStock(event.target.value)}
            />
            {stockError ? (
              <p id="bulk-stock-error" className="field-error">
                {stockError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={bulk.isPending}>
            Set stock
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={bulk.isPending}
            onClick={() => setConfirming(true)}
          >
            Archive
          </button>
          {count < pageCount ? (
            <button type="button" className="button" onClick={onSelectPage}>
              Select all {pageCount}
            </button>
          ) : null}
          <button type="button" className="button" onClick={onDone}>
            Clear selection
          </button>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Archive ${pieces(count)}?`}
          confirmLabel="Archive"
          cancelLabel="Keep them"
          pending={bulk.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run({ action: 'archive', product_ids: selected }, (n) =>
              n === 0
                ? 'They were archived already.'
                : `${pieces(n)} archived: hidden from the shop.`,
            );
          }}
        >
          <p>
            {names.slice(0, 5).join(', ')}
            {names.length > 5 ? ` and ${names.length - 5} more` : ''} will be hidden from the shop.
            Each can be made a draft again from its page.
          </p>
        </ConfirmDialog>
      ) : null}
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
        placeholder: 'Name',
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
