/**
 * The orders list: status tabs with their counts, filters (search, payment method, days placed,
 * open cancellation requests), newest first, 25 a page. Every filter and the page live in the URL
 * (search.ts), so a list can be bookmarked, shared and gone back to. A table at desktop width, a
 * card per order on a phone (components/data-table.tsx).
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

      <PagedTable
        query={orders}
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

/** The search, payment method and days placed filters; applied to the URL on submit. */
function Filters({ search }: { search: OrdersSearch }) {
  const navigate = useNavigate();
  const form = useForm<FiltersValues>({
    resolver: zodResolver(filtersSchema),
    defaultValues: filtersFromSearch(search),
  });
  const { InputField, SelectField } = fieldsOf(form);

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
    <FilterForm
      label="Filter orders"
      onSubmit={submit}
      noValidate
      clear={filtered ? { to: '/orders', search: { status: search.status } } : undefined}
    >
      <FormFields form={form} idPrefix="filter">
        <InputField
          name="search"
          label="Search"
          type="search"
          placeholder="Order number, name or e-mail"
        />
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
