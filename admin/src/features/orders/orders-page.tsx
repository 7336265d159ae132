/**
 * The orders list: status tabs with their counts, filters (search, payment method, days placed,
 * open cancellation requests), newest first, 25 a page. Every filter and the page live in the URL
 * (search.ts), so a list can be bookmarked, shared and gone back to; the search runs as the member
 * types. A table at desktop width; on a phone the filters fold behind "Filters" and each order
 * is a compact card of three lines (number and total; customer; status, payment, items, date),
 * so the first orders show on the first screen.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { listColumns } from '../../components/data-table';
import { fieldsOf, FormFields } from '../../components/fields';
import { FilterForm, ListCount } from '../../components/filter-form';
import { Amount, formatDateTime } from '../../components/format';
import { StatusBadge } from '../../components/order-status';
import { PagedTable } from '../../components/paged-list';
import { TabLink, Tabs } from '../../components/tabs';
import { ORDERS_PAGE_SIZE, ordersQuery, type AdminOrderSummary } from './api';
import {
  filtersFromSearch,
  filtersSchema,
  searchFromFilters,
  type FiltersValues,
} from './filters-schema';
import { PAYMENT_METHOD_LABELS, TAB_LABELS } from './labels';
import { PAYMENT_METHODS, SEARCH_MAX, STATUS_FILTERS, type OrdersSearch } from './search';

const column = listColumns<AdminOrderSummary>();
const COLUMNS = column.columns([
  column.accessor('order_number', {
    header: 'Order',
    meta: { cell: 'cell-title' },
    cell: (info) => (
      <Link to="/orders/$number" params={{ number: info.getValue() }} className="mono">
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('placed_at', {
    header: 'Placed',
    meta: { cell: 'order-placed' },
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('customer_name', {
    header: 'Customer',
    meta: { cell: 'order-customer' },
    cell: (info) => (
      <span className="order-who">
        <span>{info.getValue()}</span>{' '}
        {/* Cut with an ellipsis rather than broken mid-word; the whole address on hover and on the order. */}
        <span className="muted order-email" title={info.row.original.email}>
          {info.row.original.email}
        </span>
      </span>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    meta: { cell: 'order-status' },
    cell: (info) => (
      <>
        <StatusBadge status={info.getValue()} />
        {info.row.original.cancellation_request ? (
          <>
            <br />
            <span className="muted small">Asked to cancel</span>
          </>
        ) : null}
      </>
    ),
  }),
  column.accessor('payment_method', {
    header: 'Payment',
    meta: { cell: 'order-payment' },
    cell: (info) => PAYMENT_METHOD_LABELS[info.getValue()],
  }),
  column.accessor('items', {
    header: 'Items',
    meta: { cell: 'cell-end order-items' },
    cell: (info) => (
      <>
        {info.getValue()}
        <span className="phone-only">{info.getValue() === 1 ? ' item' : ' items'}</span>
      </>
    ),
  }),
  column.accessor('total', {
    header: 'Total',
    meta: { cell: 'cell-end order-total' },
    cell: (info) => <Amount amount={info.getValue()} />,
  }),
]);

export function OrdersPage() {
  const search = useSearch({ from: '/_auth/_shell/orders/' });
  const orders = useQuery(ordersQuery(search));
  const counts = orders.data?.status_counts;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const tab = (status: OrdersSearch['status']) =>
    ({
      link: { to: '/orders', search: { ...search, status, page: undefined } },
      current: search.status === status,
    }) as const;

  return (
    <>
      <title>Orders · Back office</title>
      <div className="page-head">
        <h1>Orders</h1>
        <ListCount count={orders.data?.count} one="order" many="orders" />
      </div>

      <Tabs label="Order status">
        <TabLink {...tab(undefined)} count={all}>
          All
        </TabLink>
        {STATUS_FILTERS.map((status) => (
          <TabLink key={status} {...tab(status)} count={counts?.[status]}>
            {TAB_LABELS[status]}
          </TabLink>
        ))}
      </Tabs>

      <Filters search={search} />

      <PagedTable
        query={orders}
        className="orders-list"
        loading="Loading orders…"
        pager={{ link: { to: '/orders', search }, pageSize: ORDERS_PAGE_SIZE }}
        table={{
          caption: 'Orders, newest first',
          columns: COLUMNS,
          rowId: (order) => order.order_number,
          empty: 'No orders match these filters.',
        }}
      />
    </>
  );
}

/**
 * The search (run as the member types) and the payment method, days placed and cancellation
 * request filters (applied to the URL on submit; folded behind "Filters" on a phone).
 */
function Filters({ search }: { search: OrdersSearch }) {
  const navigate = useNavigate();
  const form = useForm<FiltersValues>({
    resolver: zodResolver(filtersSchema),
    defaultValues: filtersFromSearch(search),
  });
  const { SelectField, InputField } = fieldsOf(form);

  // Back/forward or a tab link changes the URL: the form shows what the list shows.
  const { search: text, payment_method, placed_from, placed_to, cancellation_request } = search;
  useEffect(() => {
    form.reset(filtersFromSearch({ search: text, payment_method, placed_from, placed_to }));
  }, [form, text, payment_method, placed_from, placed_to]);

  const active = [payment_method, placed_from, placed_to, cancellation_request].filter(
    Boolean,
  ).length;
  const filtered = Boolean(text || active);

  return (
    <FilterForm
      label="Filter orders"
      onSubmit={(event, typed) =>
        void form.handleSubmit((values) =>
          navigate({
            to: '/orders',
            search: {
              ...searchFromFilters({ ...values, search: typed }, search.status),
              cancellation_request,
            },
          }),
        )(event)
      }
      noValidate
      search={{
        id: 'filter-search',
        label: 'Search',
        placeholder: 'Order number, name or e-mail',
        maxLength: SEARCH_MAX,
        applied: text ?? '',
        apply: (typed) =>
          void navigate({
            to: '/orders',
            search: { ...search, search: typed || undefined, page: undefined },
            replace: true,
          }),
      }}
      active={active}
      clear={filtered ? { to: '/orders', search: { status: search.status } } : undefined}
      after={
        <p className="filters-quick">
          <Link
            to="/orders"
            search={{
              ...search,
              cancellation_request: cancellation_request ? undefined : 'open',
              page: undefined,
            }}
            className="button button-small"
          >
            {cancellation_request
              ? 'Show every order'
              : 'Only open cancellation requests (14-day right)'}
          </Link>
        </p>
      }
    >
      <FormFields form={form} idPrefix="filter">
        <SelectField name="payment_method" label="Payment method">
          <option value="">Any</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <InputField name="placed_from" label="Placed from" fieldClass="field-date" type="date" />
        <InputField name="placed_to" label="Placed to" fieldClass="field-date" type="date" />
      </FormFields>
    </FilterForm>
  );
}
