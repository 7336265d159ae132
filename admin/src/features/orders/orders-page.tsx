/**
 * The orders list: status tabs with their counts, filters (search, payment method, days
 * placed, open cancellation requests), newest first, 25 a page. Every filter and the page live in the URL
 * (search.ts), so a list can be bookmarked, shared and gone back to. A table at desk width,
 * a card per order on a phone (components/data-table.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Pager } from '../../components/pager';
import { DataTable, listColumns } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { formatDateTime, formatPrice } from '../../components/format';
import { ErrorNotice, Loading } from '../../components/notice';
import { StatusBadge } from '../../components/order-status';
import { ORDERS_PAGE_SIZE, ordersQuery, type AdminOrderSummary } from './api';
import {
  filtersFromSearch,
  filtersSchema,
  searchFromFilters,
  type FiltersValues,
} from './filters-schema';
import { PAYMENT_METHOD_LABELS, TAB_LABELS } from './labels';
import { PAYMENT_METHODS, STATUS_FILTERS, type OrdersSearch } from './search';

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
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('customer_name', {
    header: 'Customer',
    cell: (info) => (
      <>
        {info.getValue()}
        <br />
        <span className="muted break">{info.row.original.email}</span>
      </>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
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
    cell: (info) => PAYMENT_METHOD_LABELS[info.getValue()],
  }),
  column.accessor('items', { header: 'Items', meta: { cell: 'cell-end' } }),
  column.accessor('total', {
    header: 'Total',
    meta: { cell: 'cell-end' },
    cell: (info) => formatPrice(info.getValue()),
  }),
]);

export function OrdersPage() {
  const search = useSearch({ from: '/_auth/_shell/orders/' });
  const orders = useQuery(ordersQuery(search));
  const counts = orders.data?.status_counts;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.count / ORDERS_PAGE_SIZE)) : 1;
  const page = search.page ?? 1;

  return (
    <>
      <title>Orders · Back office</title>
      <div className="page-head">
        <h1>Orders</h1>
        {orders.data ? (
          <p className="muted" role="status">
            {orders.data.count} {orders.data.count === 1 ? 'order' : 'orders'}
          </p>
        ) : null}
      </div>

      <nav aria-label="Order status">
        <ul className="tabs">
          <StatusTab search={search} status={undefined} label="All" count={all} />
          {STATUS_FILTERS.map((status) => (
            <StatusTab
              key={status}
              search={search}
              status={status}
              label={TAB_LABELS[status]}
              count={counts?.[status]}
            />
          ))}
        </ul>
      </nav>

      <Filters search={search} />
      <p>
        <Link
          to="/orders"
          search={{
            ...search,
            cancellation_request: search.cancellation_request ? undefined : 'open',
            page: undefined,
          }}
          className="button button-small"
        >
          {search.cancellation_request
            ? 'Show every order'
            : 'Only open cancellation requests (14-day right)'}
        </Link>
      </p>

      {orders.isPending ? (
        <Loading label="Loading orders…" />
      ) : orders.isError ? (
        <ErrorNotice error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <div className={orders.isPlaceholderData ? 'is-refreshing' : undefined}>
          <DataTable
            caption="Orders, newest first"
            columns={COLUMNS}
            data={orders.data.results}
            rowId={(order) => order.order_number}
            empty="No orders match these filters."
          />
          <Pager
            link={{ to: '/orders', search }}
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
  count,
}: {
  search: OrdersSearch;
  status: OrdersSearch['status'];
  label: string;
  count: number | undefined;
}) {
  const current = search.status === status;
  return (
    <li>
      <Link
        to="/orders"
        search={{ ...search, status, page: undefined }}
        aria-current={current ? 'page' : undefined}
        activeOptions={{ includeSearch: true, explicitUndefined: true }}
      >
        {label}
        {count !== undefined ? <span className="count">{count}</span> : null}
      </Link>
    </li>
  );
}

function Filters({ search }: { search: OrdersSearch }) {
  const navigate = useNavigate();
  const form = useForm<FiltersValues>({
    resolver: zodResolver(filtersSchema),
    defaultValues: filtersFromSearch(search),
  });
  const { errors } = form.formState;

  // Back/forward or a tab link changes the URL: the form shows what the list shows.
  const { search: text, payment_method, placed_from, placed_to } = search;
  useEffect(() => {
    form.reset(filtersFromSearch({ search: text, payment_method, placed_from, placed_to }));
  }, [form, text, payment_method, placed_from, placed_to]);

  const submit = form.handleSubmit((values) =>
    navigate({ to: '/orders', search: searchFromFilters(values, search.status) }),
  );
  const filtered = Boolean(text || payment_method || placed_from || placed_to);

  return (
    <form
      className="panel filters"
      role="search"
      aria-label="Filter orders"
      onSubmit={submit}
      noValidate
    >
      <div className="form-inline">
        <FormField id="filter-search" label="Search" error={errors.search?.message}>
          <input
            id="filter-search"
            type="search"
            placeholder="Order number, name or e-mail"
            {...form.register('search')}
          />
        </FormField>
        <FormField id="filter-payment" label="Payment method">
          <select id="filter-payment" {...form.register('payment_method')}>
            <option value="">Any</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="filter-from"
          className="field-date"
          label="Placed from"
          error={errors.placed_from?.message}
        >
          <input id="filter-from" type="date" {...form.register('placed_from')} />
        </FormField>
        <FormField
          id="filter-to"
          className="field-date"
          label="Placed to"
          error={errors.placed_to?.message}
        >
          <input id="filter-to" type="date" {...form.register('placed_to')} />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary">
            Apply filters
          </button>
          {filtered ? (
            <Link to="/orders" search={{ status: search.status }} className="button">
              Clear filters
            </Link>
          ) : null}
        </div>
      </div>
    </form>
  );
}
