import { Link, useNavigate } from '@tanstack/react-router';
import { useId, type ChangeEvent, type FormEvent } from 'react';
import {
  hasProductFilters,
  inStockParam,
  priceParam,
  PRODUCT_SORTS,
  type ProductListSearch,
  type ProductSort,
} from '../../../common/product-list-search';

/** The sort select's labels, in the order shown; the first (no `ordering`) is the shop's own. */
export const SORT_LABELS: Record<ProductSort | '', string> = {
  '': 'Featured',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  '-created_at': 'Newest',
  '-average_rating': 'Best rated',
  name: 'Name: A to Z',
};

/** "12.5" for 12.5; the empty string for no bound (what a number input shows). */
function boundText(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

/**
 * The search params of /products after one control changed: the category and the search term
 * are kept, the page goes back to 1 ("changing a control resets page to 1").
 */
export function withControls(
  search: ProductListSearch,
  change: Pick<ProductListSearch, 'ordering' | 'min_price' | 'max_price' | 'in_stock'>,
): ProductListSearch {
  const next: ProductListSearch = { ...search, ...change, page: undefined };
  if (
    next.min_price !== undefined &&
    next.max_price !== undefined &&
    next.min_price > next.max_price
  ) {
    [next.min_price, next.max_price] = [next.max_price, next.min_price];
  }
  return next;
}

/** The price filter's two bounds: the field's label and its placeholder (no bound). */
const PRICE_BOUNDS = {
  min: { label: 'Min price ($)', placeholder: '0' },
  max: { label: 'Max price ($)', placeholder: 'Any' },
} as const;

/**
 * One bound of the price filter, `min_price` or `max_price`: a labelled number input in
 * dollars, filled from the URL's value and left to the shopper until the form applies.
 */
function PriceField({
  formId,
  bound,
  value,
}: {
  /** The form's `useId`, which the input's id extends. */
  formId: string;
  bound: keyof typeof PRICE_BOUNDS;
  value: number | undefined;
}) {
  const id = `${formId}-${bound}`;
  return (
    <div className="catalog-filters__field">
      <label htmlFor={id}>{PRICE_BOUNDS[bound].label}</label>
      <input
        id={id}
        name={`${bound}_price`}
        type="number"
        inputMode="decimal"
        min="0"
        max="1000000"
        step="0.01"
        placeholder={PRICE_BOUNDS[bound].placeholder}
        defaultValue={boundText(value)}
      />
    </div>
  );
}

/**
 * Sort and filter controls of /products, with the product count between them: a collapsible
 * "Filters" panel (price from/to in dollars, in stock only) and a sort select. Everything lives in
 * the URL, so a view can be shared, bookmarked and rendered on the server. It is a plain `GET
 * /products` form, so it works before hydration and without JavaScript (Apply / the `<noscript>`
 * Sort button); with JavaScript the sort and the checkbox apply at once and the prices on Apply or
 * Enter, through the router. Every change goes back to page 1. The panel is a `<details>`, open on
 * the first render when a filter is active (known from the URL, so the server renders it the same);
 * open, it takes its own row above the grid, never covering a product.
 */
export function ProductListControls({
  search,
  count,
}: {
  search: ProductListSearch;
  /** Products matching the view; null leaves the count out (an empty list has its message). */
  count: number | null;
}) {
  const navigate = useNavigate();
  const id = useId();
  const active = hasProductFilters(search);
  const filterCount =
    (search.min_price !== undefined || search.max_price !== undefined ? 1 : 0) +
    (search.in_stock ? 1 : 0);

  function go(change: Parameters<typeof withControls>[1]) {
    void navigate({ to: '/products', search: withControls(search, change) });
  }

  // A select or checkbox applies the whole form, so prices typed but not yet applied count too.
  function applyNow(event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) {
    event.currentTarget.form?.requestSubmit();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ordering = String(form.get('ordering') ?? '');
    go({
      ordering: (PRODUCT_SORTS as readonly string[]).includes(ordering)
        ? (ordering as ProductSort)
        : undefined,
      min_price: priceParam(form.get('min_price')),
      max_price: priceParam(form.get('max_price')),
      in_stock: inStockParam(form.get('in_stock')),
    });
  }

  // The filter fields are uncontrolled, keyed by the URL's values: Back or a shared link shows
  // the view it opens, while typing stays free until the form applies. The sort is controlled
  // (its change applies at once), so a new sort leaves an open panel open.
  const formKey = [search.min_price, search.max_price, search.in_stock].join('|');

  return (
    <form
      key={formKey}
      className="catalog-controls"
      method="get"
      action="/products"
      onSubmit={onSubmit}
      aria-label="Sort and filter products"
    >
      {search.category ? <input type="hidden" name="category" value={search.category} /> : null}
      {search.search ? <input type="hidden" name="search" value={search.search} /> : null}
      <details className="catalog-filters" open={active}>
        <summary className="catalog-filters__toggle">
          Filters{filterCount > 0 ? ` (${filterCount})` : ''}
        </summary>
        <div className="catalog-filters__panel">
          <PriceField formId={id} bound="min" value={search.min_price} />
          <PriceField formId={id} bound="max" value={search.max_price} />
          <label className="catalog-filters__check">
            <input
              type="checkbox"
              name="in_stock"
              value="true"
              defaultChecked={search.in_stock === true}
              onChange={applyNow}
            />
            In stock only
          </label>
          <div className="catalog-filters__actions">
            <button type="submit" className="button-primary catalog-controls__button">
              Apply
            </button>
            {active ? (
              <Link
                to="/products"
                search={withControls(search, {
                  min_price: undefined,
                  max_price: undefined,
                  in_stock: undefined,
                })}
                className="catalog-filters__clear"
              >
                Clear filters
              </Link>
            ) : null}
          </div>
        </div>
      </details>
      <p className="catalog-list__count" aria-live="polite">
        {count === null ? null : `${count} ${count === 1 ? 'product' : 'products'}`}
      </p>
      <div className="catalog-controls__sort">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} name="ordering" value={search.ordering ?? ''} onChange={applyNow}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button-secondary catalog-controls__button">
            Sort
          </button>
        </noscript>
      </div>
    </form>
  );
}
