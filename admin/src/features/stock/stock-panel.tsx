/**
 * A product's stock in the back office, embedded in the product page: the count with a "Low
 * stock" or "Sold out" badge, the form that sets the count ("Set stock": what the shelf holds
 * now) or adjusts it ("Adjust stock": +5 received, -1 broken) with a reason and an optional
 * note, the low-stock threshold, and the history (changes made here, sales, stock an order gave
 * back), newest first, 20 a page.
 *
 * A count is sent with the stock the member saw (`expected_stock`): when a sale moved it
 * meanwhile the server refuses (409) and says the stock now, the panel shows it, and the
 * member counts again. Taking away more than there is is refused the same way. A made-to-order
 * piece takes no stock: the panel says so instead of the forms.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DataTable, listColumns, type ListColumns } from '../../components/data-table';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, FormNotices, Loading } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  productStockQuery,
  useChangeStock,
  useSetThreshold,
  type ProductStock,
  type StockMovement,
} from './api';
import {
  REASON_LABELS,
  STOCK_REASONS,
  stockChangeSchema,
  thresholdSchema,
  type StockChangeInput,
  type StockChangeValues,
  type ThresholdInput,
  type ThresholdValues,
} from './schemas';

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
        <h2 id={titleId}>Stock</h2>
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
          ) : (
            <>
              <StockChangeForm stock={stock.data} />
              <ThresholdForm productId={productId} threshold={stock.data.low_stock_threshold} />
            </>
          )}
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
    </p>
  );
}

/** Set the count or adjust it, with a reason and a note. */
function StockChangeForm({ stock }: { stock: ProductStock }) {
  const change = useChangeStock(stock.product_id);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<StockChangeInput, unknown, StockChangeValues>({
    resolver: zodResolver(stockChangeSchema),
    defaultValues: { mode: 'adjust', quantity: '', reason: 'received', note: '' },
  });
  const { InputField, SelectField } = fieldsOf(form);
  const mode = useWatch({ control: form.control, name: 'mode' });
  const id = useId();
  const { submit, message } = useServerSubmit(
    form,
    ['quantity', 'reason', 'note'],
    async (values) => {
      setDone(null);
      const answer = await change.mutateAsync({
        mode: values.mode,
        quantity: values.quantity,
        reason: values.reason,
        ...(values.note ? { note: values.note } : {}),
        ...(values.mode === 'set' ? { expected_stock: stock.stock } : {}),
      });
      form.reset({ mode: values.mode, quantity: '', reason: values.reason, note: '' });
      setDone(`Stock saved: ${answer.stock} in stock now.`);
    },
  );

  return (
    <Form form={form} idPrefix={id} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Change the stock</h3>
      <FormNotices done={done} error={message} />
      <fieldset className="plain">
        <legend className="visually-hidden">How to change it</legend>
        <label className="check">
          <input type="radio" value="set" {...form.register('mode')} />
          <span>Set stock</span>
        </label>
        <label className="check">
          <input type="radio" value="adjust" {...form.register('mode')} />
          <span>Adjust stock</span>
        </label>
      </fieldset>
      <div className="form-inline">
        <InputField
          name="quantity"
          label="Quantity"
          hint={
            mode === 'set'
              ? `How many there are now (${stock.stock} recorded).`
              : 'How many came in (5) or went out (-2).'
          }
          type="text"
          inputMode="numeric"
          autoComplete="off"
        />
        <SelectField name="reason" label="Reason">
          {STOCK_REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </SelectField>
      </div>
      <InputField name="note" label="Note (optional)" type="text" maxLength={500} />
      <FormButtons busy={change.isPending} label="Save stock" />
    </Form>
  );
}

/** The low-stock threshold: empty for never. */
function ThresholdForm({ productId, threshold }: { productId: number; threshold: number | null }) {
  const save = useSetThreshold(productId);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const form = useForm<ThresholdInput, unknown, ThresholdValues>({
    resolver: zodResolver(thresholdSchema),
    defaultValues: { low_stock_threshold: threshold === null ? '' : String(threshold) },
  });
  const { InputField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['low_stock_threshold'], async (values) => {
    setDone(null);
    const answer = await save.mutateAsync(values.low_stock_threshold);
    const now = answer.low_stock_threshold;
    form.reset({ low_stock_threshold: now === null ? '' : String(now) });
    setDone(
      now === null
        ? 'This product will not be flagged as low.'
        : `Flagged as low at ${now} or fewer.`,
    );
  });
  return (
    <Form form={form} idPrefix={id} className="form form-inline" onSubmit={submit}>
      <InputField
        name="low_stock_threshold"
        id={`${id}-threshold`}
        label="Low-stock threshold"
        hint="Flag it as low at this many or fewer; empty for never."
        fieldClass="field-narrow"
        type="text"
        inputMode="numeric"
        autoComplete="off"
      />
      <FormButtons busy={save.isPending} label="Save threshold" className="button" />
      <FormNotices done={done} error={message} />
    </Form>
  );
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
      <h3 id={`${id}-title`}>History</h3>
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
