/**
 * A product's stock history in the back office, under the product's form: the count with a
 * "Low stock" or "Sold out" badge, and the history (changes made in the form or from the
 * products list, sales, stock an order gave back), newest first, 20 a page. The count and the
 * low-stock level are edited in the product's one form (../products/product-form.tsx), which
 * sends a count with the stock the member saw (`expected_stock`): a sale made meanwhile is
 * never overwritten. A made-to-order piece takes no stock: the panel says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DataTable, listColumns, type ListColumns } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading } from '../../components/notice';
import { productStockQuery, type ProductStock, type StockMovement } from './api';
import { REASON_LABELS } from './schemas';

/** A history line with a key of its own (two sales of one order may look the same). */
type HistoryRow = StockMovement & { key: string };

const column = listColumns<HistoryRow>();

/** A signed change as the history shows it: "+5", "-2". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** What a history line was: its reason, or the sale or return with its order. */
export function movementLabel(m: StockMovement): string {
  if (m.kind === 'sale') return `Sold (order ${m.order_number ?? ''})`.replace(' ()', '');
  if (m.kind === 'return') return `Returned (order ${m.order_number ?? ''})`.replace(' ()', '');
  return m.reason ? (REASON_LABELS[m.reason] ?? m.reason) : 'Change';
}

/** The history line's variant and its SKU (issue 42), "240 mm (EO-DG-240)", or '–'. */
export function movementVariant(m: StockMovement): string {
  if (!m.variant_label) return '–';
  return m.sku ? `${m.variant_label} (${m.sku})` : m.variant_label;
}

const HISTORY_COLUMNS: ListColumns<HistoryRow> = [
  column.accessor('at', {
    header: 'When',
    cell: (info) => formatDateTime(info.getValue()),
    meta: { cell: 'cell-title' },
  }),
  column.accessor('change', {
    header: 'Change',
    cell: (info) => signed(info.getValue()),
    meta: { cell: 'cell-end' },
  }),
  column.accessor('stock_after', {
    header: 'Stock after',
    cell: (info) => info.getValue() ?? '–',
    meta: { cell: 'cell-end' },
  }),
  column.display({ id: 'what', header: 'What', cell: (info) => movementLabel(info.row.original) }),
  column.display({
    id: 'variant',
    header: 'Variant',
    cell: (info) => movementVariant(info.row.original),
  }),
  column.accessor('staff_name', { header: 'By', cell: (info) => info.getValue() ?? 'Customer' }),
  column.accessor('note', { header: 'Note', cell: (info) => info.getValue() || '–' }),
];

export function StockPanel({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const stock = useQuery(productStockQuery(productId, page));
  const titleId = useId();

  return (
    <section className="panel" aria-labelledby={titleId}>
      <div className="panel-head">
        <h2 id={titleId}>Stock history</h2>
      </div>
      {stock.isPending ? (
        <Loading label="Loading stock…" />
      ) : stock.isError ? (
        <ErrorNotice error={stock.error} onRetry={() => void stock.refetch()} />
      ) : (
        <>
          <StockSummary stock={stock.data} />
          {stock.data.made_to_order ? (
            <p className="muted">
              Made to order: each piece is made for its order, so it takes no stock.
            </p>
          ) : null}
          <StockHistory stock={stock.data} page={page} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The count now, with its badge. */
function StockSummary({ stock }: { stock: ProductStock }) {
  if (stock.made_to_order) return null;
  return (
    <p className="stock-summary">
      <strong>{stock.stock}</strong> in stock{' '}
      {stock.stock === 0 ? (
        <span className="badge badge-closed">Sold out</span>
      ) : stock.is_low ? (
        <span className="badge badge-attention">Low stock</span>
      ) : null}
      {stock.low_stock_threshold !== null ? (
        <span className="small muted"> (low at {stock.low_stock_threshold} or fewer)</span>
      ) : null}
      {stock.back_in_stock_waiting ? (
        <span className="small muted"> · {waitingWords(stock.back_in_stock_waiting)}</span>
      ) : null}
    </p>
  );
}

/** "1 shopper waits" / "3 shoppers wait" for an e-mail when it is back (issue 42). */
export function waitingWords(count: number): string {
  return count === 1
    ? '1 shopper waits for an e-mail when it is back'
    : `${count} shoppers wait for an e-mail when it is back`;
}

/** The history, newest first, with Previous and Next pages. */
function StockHistory({
  stock,
  page,
  onPage,
}: {
  stock: ProductStock;
  page: number;
  onPage: (page: number) => void;
}) {
  const id = useId();
  const { movements } = stock;
  return (
    <div aria-labelledby={`${id}-title`} role="region">
      <h3 id={`${id}-title`} className="visually-hidden">
        History
      </h3>
      <DataTable
        caption="Stock history, newest first"
        columns={HISTORY_COLUMNS}
        data={movements.results.map((m, i) => ({ ...m, key: `${page}-${i}` }))}
        rowId={(m) => m.key}
        empty="No changes yet."
      />
      {movements.next || movements.previous ? (
        <nav className="pagination" aria-label="Stock history pages">
          <button
            type="button"
            className="button button-small"
            disabled={!movements.previous}
            onClick={() => onPage(page - 1)}
          >
            Newer
          </button>
          <span className="small muted">
            Page {page} of {Math.max(1, Math.ceil(movements.count / 20))}
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={!movements.next}
            onClick={() => onPage(page + 1)}
          >
            Older
          </button>
        </nav>
      ) : null}
    </div>
  );
}
