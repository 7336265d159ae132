/**
 * Sales (owners only): what the shop took today, in the last 7 or 30 days or over chosen days,
 * against as many days before, with each day's revenue as a chart (./sales-chart.tsx), the top
 * products and categories, the accountant's CSV exports of any days, and the quarter's EU
 * One-Stop Shop return (./oss-report.tsx).
 *
 * Which orders count is said on the screen as the server counts them (server/orders/
 * sales-rules.ts): paid and not canceled, on the UTC day paid, less refunds. Each change says
 * "up", "down" or "no change" in words (an arrow beside it is decoration, never the only
 * sign). The period lives in the address (`?period=&from=&to=`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { fieldsOf, FormFields } from '../../components/fields';
import { formatDate, useFormatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { QueryView } from '../../components/query-view';
import { TabLink, Tabs } from '../../components/tabs';
import {
  downloadSalesExport,
  salesQuery,
  type SalesChange,
  type SalesExportKind,
  type SalesPeriod,
  type SalesReport,
  type SalesSearch,
} from './api';
import { SalesChart } from './sales-chart';
import { OssPanel } from './oss-report';
import { rangeSchema, type RangeValues, type SalesRouteSearch } from './schemas';

const PERIODS: { period: SalesPeriod; label: string }[] = [
  { period: 'today', label: 'Today' },
  { period: 'last_7_days', label: 'Last 7 days' },
  { period: 'last_30_days', label: 'Last 30 days' },
  { period: 'range', label: 'Choose days' },
];

/** Today in UTC as `YYYY-MM-DD` (the days the server counts in). */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** The search the view asks the server for: a range needs both days, else the last 7 days. */
export function salesSearchOf(search: SalesRouteSearch): SalesSearch {
  const period = search.period ?? 'last_7_days';
  if (period !== 'range') return { period };
  const to = search.to ?? utcToday();
  return { period, from: search.from ?? to, to };
}

/** "Up 12.5 %", "Down 3.0 %", "No change", "New: nothing the days before". */
export function changeWords(change: SalesChange): string {
  if (change.direction === 'none') return 'New: nothing the days before';
  if (change.direction === 'same') return 'No change';
  return `${change.direction === 'up' ? 'Up' : 'Down'} ${change.percent} %`;
}

const ARROWS = { up: '▲', down: '▼', same: '', none: '' } as const;

export function SalesPage() {
  const routeSearch = useSearch({ from: '/_auth/_shell/sales' });
  const search = salesSearchOf(routeSearch);
  const report = useQuery(salesQuery(search));
  const tab = (period: SalesPeriod) =>
    ({
      link: {
        to: '/sales',
        search:
          period === 'range'
            ? { period, from: report.data?.from, to: report.data?.to }
            : { period: period === 'last_7_days' ? undefined : period },
      },
      current: search.period === period,
    }) as const;

  return (
    <>
      <title>Sales · Back office</title>
      <div className="page-head">
        <h1>Sales</h1>
      </div>
      <Tabs label="Period">
        {PERIODS.map(({ period, label }) => (
          <TabLink key={period} {...tab(period)}>
            {label}
          </TabLink>
        ))}
      </Tabs>
      {search.period === 'range' ? <RangeForm from={search.from!} to={search.to!} /> : null}
      <p className="small muted sales-rule">
        Counted: orders that are paid and not canceled, on the day they were paid, less what was
        refunded. An unpaid bank transfer counts once you mark it paid. Days are UTC days.
      </p>
      <QueryView query={report} loading="Adding up the sales…">
        {(data) => <SalesFigures report={data} refreshing={report.isPlaceholderData} />}
      </QueryView>
      {/* Another period on screen: its days, and no word left of a file of other days. */}
      <ExportPanel
        key={`${report.data?.from}-${report.data?.to}`}
        from={report.data?.from}
        to={report.data?.to}
      />
      {/* EU VAT where the buyer is: the quarter's One-Stop Shop return (issue 41). */}
      <OssPanel />
    </>
  );
}

function SalesFigures({ report, refreshing }: { report: SalesReport; refreshing: boolean }) {
  const formatPrice = useFormatPrice();
  const { current, previous, changes } = report;
  const before = `${formatDate(report.previous_from)}${
    report.previous_from === report.previous_to ? '' : ` to ${formatDate(report.previous_to)}`
  }`;
  const cards = [
    {
      key: 'revenue',
      label: 'Revenue',
      value: formatPrice(current.revenue),
      was: formatPrice(previous.revenue),
      change: changes.revenue,
    },
    {
      key: 'orders',
      label: 'Orders',
      value: String(current.orders),
      was: String(previous.orders),
      change: changes.orders,
    },
    {
      key: 'average',
      label: 'Average order',
      value: formatPrice(current.average_order),
      was: formatPrice(previous.average_order),
      change: changes.average_order,
    },
  ];
  return (
    <div className={refreshing ? 'is-refreshing' : undefined}>
      <p className="sales-dates">
        {formatDate(report.from)}
        {report.from === report.to ? '' : ` to ${formatDate(report.to)}`}
        <span className="muted"> · compared with {before}</span>
      </p>
      <ul className="plain sales-cards" aria-label="Figures">
        {cards.map((card) => (
          <li key={card.key} className="panel sales-card" data-figure={card.key}>
            <span className="sales-card-label">{card.label}</span>
            <strong className="sales-card-value">{card.value}</strong>
            <span className={`sales-change is-${card.change.direction}`}>
              <span aria-hidden="true">{ARROWS[card.change.direction]} </span>
              {changeWords(card.change)}
            </span>
            <span className="small muted">Before: {card.was}</span>
          </li>
        ))}
      </ul>
      {report.vat_registered || current.vat !== '0.00' ? (
        <p className="sales-vat">
          Of the revenue, VAT is <strong>{formatPrice(current.vat)}</strong>; without VAT{' '}
          {formatPrice(current.revenue_excluding_vat)}.
        </p>
      ) : null}
      {current.refunded !== '0.00' ? (
        <p className="small muted">Already taken off: {formatPrice(current.refunded)} refunded.</p>
      ) : null}
      <SalesChart days={report.days} formatPrice={formatPrice} total={current.revenue} />
      <div className="sales-tops">
        <TopList
          id="top-products"
          title="Top products"
          empty="No products sold in these days."
          rows={report.top_products.map((p) => ({
            key: `${p.product_id ?? p.name}`,
            name: p.name,
            side: `${p.quantity} sold · ${formatPrice(p.revenue)}`,
          }))}
        />
        <TopList
          id="top-categories"
          title="Top categories"
          empty="No categories sold in these days."
          rows={report.top_categories.map((c) => ({
            key: `${c.category_id ?? 'none'}`,
            name: c.name,
            side: formatPrice(c.revenue),
          }))}
        />
      </div>
    </div>
  );
}

function TopList({
  id,
  title,
  empty,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  rows: { key: string; name: string; side: string }[];
}) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length ? (
        <ol className="plain task-list">
          {rows.map((row) => (
            <li key={row.key}>
              <span className="task-main">{row.name}</span>
              <span className="task-side">{row.side}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty">{empty}</p>
      )}
    </section>
  );
}

/** The first and last day of a range; applied to the address on "Show". */
function RangeForm({ from, to }: { from: string; to: string }) {
  const navigate = useNavigate();
  const form = useForm<RangeValues>({
    resolver: zodResolver(rangeSchema),
    defaultValues: { from, to },
  });
  const { InputField } = fieldsOf(form);
  useEffect(() => {
    form.reset({ from, to });
  }, [form, from, to]);
  const submit = form.handleSubmit((values) =>
    navigate({ to: '/sales', search: { period: 'range', ...values } }),
  );
  return (
    <form className="panel filters" aria-label="Choose days" onSubmit={submit} noValidate>
      <FormFields form={form} idPrefix="sales-range">
        <div className="form-inline">
          <InputField name="from" label="First day" type="date" fieldClass="field-date" />
          <InputField name="to" label="Last day" type="date" fieldClass="field-date" />
          <div className="button-row">
            <button type="submit" className="button button-primary">
              Show
            </button>
          </div>
        </div>
      </FormFields>
    </form>
  );
}

const EXPORTS: { kind: SalesExportKind; label: string }[] = [
  { kind: 'orders', label: 'Orders' },
  { kind: 'payments', label: 'Payments' },
  { kind: 'refunds', label: 'Refunds' },
];

/**
 * The accountant's exports: the days (those on screen unless changed) and one button per file.
 * What happened is said in a status line beside the buttons.
 */
function ExportPanel({ from, to }: { from?: string; to?: string }) {
  const form = useForm<RangeValues>({
    resolver: zodResolver(rangeSchema),
    defaultValues: { from: from ?? utcToday(), to: to ?? utcToday() },
  });
  const { InputField } = fieldsOf(form);
  const [busy, setBusy] = useState<SalesExportKind | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const download = (kind: SalesExportKind) =>
    form.handleSubmit(async (values) => {
      setBusy(kind);
      setResult(null);
      try {
        const name = await downloadSalesExport(kind, values.from, values.to);
        setResult({ tone: 'success', text: `Downloaded ${name}.` });
      } catch (error) {
        setResult({ tone: 'error', text: errorMessage(error) });
      } finally {
        setBusy(null);
      }
    })();
  return (
    <section className="panel sales-exports" aria-labelledby="sales-exports">
      <h2 id="sales-exports">For your accountant</h2>
      <p className="small muted">
        CSV files of any days (up to 366), in the shop&rsquo;s currency with VAT on every row. They
        open in Excel and LibreOffice; the orders file adds up to the revenue above for the same
        days.
      </p>
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        <FormFields form={form} idPrefix="sales-export">
          <div className="form-inline">
            <InputField name="from" label="From" type="date" fieldClass="field-date" />
            <InputField name="to" label="To" type="date" fieldClass="field-date" />
          </div>
        </FormFields>
        <div className="button-row">
          {EXPORTS.map(({ kind, label }) => (
            <button
              key={kind}
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void download(kind)}
            >
              {busy === kind ? `Preparing ${label.toLowerCase()}…` : `${label} (CSV)`}
            </button>
          ))}
        </div>
      </form>
      <div aria-live="polite">
        {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      </div>
    </section>
  );
}
