/**
 * Customers: every customer account of the shop (never an erased one), who bought most recently
 * first, 25 a page, with a search by name or e-mail, run as the member types
 * (components/filter-form.tsx). The search and the page live in the URL.
 * A table at desktop width, a card per customer on a phone (components/data-table.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { listColumns } from '../../components/data-table';
import { FilterForm, ListCount } from '../../components/filter-form';
import { Amount, formatDate } from '../../components/format';
import { PagedTable } from '../../components/paged-list';
import { CUSTOMERS_PAGE_SIZE, customersQuery, type CustomerSummary } from './api';
import { CUSTOMER_SEARCH_MAX_LENGTH } from './schemas';

const column = listColumns<CustomerSummary>();
const COLUMNS = column.columns([
  column.accessor('name', {
    header: 'Customer',
    meta: { cell: 'cell-title' },
    cell: (info) => (
      <>
        <Link to="/customers/$customerId" params={{ customerId: String(info.row.original.id) }}>
          {info.getValue()}
        </Link>
        <br />
        <span className="muted break small">{info.row.original.email}</span>
      </>
    ),
  }),
  column.accessor('orders', { header: 'Orders', meta: { cell: 'cell-end' } }),
  column.accessor('total_spent', {
    header: 'Spent',
    meta: { cell: 'cell-end' },
    cell: (info) => <Amount amount={info.getValue()} />,
  }),
  column.accessor('last_order_at', {
    header: 'Last order',
    cell: (info) => formatDate(info.getValue()) || <span className="muted">None yet</span>,
  }),
  column.accessor('joined_at', {
    header: 'Joined',
    cell: (info) => formatDate(info.getValue()),
  }),
]);

export function CustomersPage() {
  const search = useSearch({ from: '/_auth/_shell/customers/' });
  const customers = useQuery(customersQuery(search));
  const navigate = useNavigate();

  return (
    <>
      <title>Customers · Back office</title>
      <div className="page-head">
        <h1>Customers</h1>
        <ListCount count={customers.data?.count} one="customer" many="customers" />
      </div>
      <FilterForm
        label="Search customers"
        onSubmit={(event, text) => {
          event.preventDefault();
          void navigate({ to: '/customers', search: { search: text || undefined } });
        }}
        submitLabel="Search"
        noValidate
        search={{
          id: 'customers-search',
          label: 'Name or e-mail',
          maxLength: CUSTOMER_SEARCH_MAX_LENGTH,
          applied: search.search ?? '',
          apply: (text) =>
            void navigate({
              to: '/customers',
              search: { search: text || undefined },
              replace: true,
            }),
        }}
        clear={search.search ? { to: '/customers', search: {} } : undefined}
      />
      <p className="small muted">
        Spent counts paid orders that are not canceled, less refunds. Accounts are the
        customers&rsquo; own: they change them from the shop.
      </p>
      <PagedTable
        query={customers}
        loading="Loading customers…"
        pager={{ link: { to: '/customers', search }, pageSize: CUSTOMERS_PAGE_SIZE }}
        table={{
          caption: 'Customers, most recent buyers first',
          columns: COLUMNS,
          rowId: (customer) => String(customer.id),
          empty: search.search ? 'No customer matches this search.' : 'No customers yet.',
        }}
      />
    </>
  );
}
