/**
 * The One-Stop Shop return on the sales screen (owners only; issue 41, decision 087): for a
 * quarter, the sales of an EU shop taxed in other member states, by country and rate, with the
 * taxable amount and the VAT to declare (Directive 2006/112/EC art. 369f-369k), refunds of the
 * quarter subtracted, and the same as a CSV file. The figures are the server's
 * (server/orders/oss-report.ts); a shop not in euros is told to convert at the ECB's rate of
 * the quarter's last day, and a shop that charges one rate, or is not in the EU, is told why the
 * return is empty.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { formatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { QueryView } from '../../components/query-view';
import { downloadOssExport, ossQuery, type OssReport } from './api';

/** The quarter `at` falls in, `YYYY-Qn` (UTC). */
export function quarterOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}

/**
 * The quarters an owner may pick, newest first: the current one (so far) and the `count - 1`
 * before it, none before 2021-Q3 (the OSS's first).
 */
export function recentQuarters(now: Date, count = 8): string[] {
  const quarters: string[] = [];
  let year = now.getUTCFullYear();
  let quarter = Math.floor(now.getUTCMonth() / 3) + 1;
  while (quarters.length < count && (year > 2021 || (year === 2021 && quarter >= 3))) {
    quarters.push(`${year}-Q${quarter}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return quarters;
}

/** The panel: a quarter (the last one ended, by default), its return and its file. */
export function OssPanel({ now = new Date() }: { now?: Date }) {
  const quarters = recentQuarters(now);
  const [quarter, setQuarter] = useState(quarters[1] ?? quarters[0]!);
  const report = useQuery(ossQuery(quarter));
  const selectId = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const download = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult({ tone: 'success', text: `Downloaded ${await downloadOssExport(quarter)}.` });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel sales-oss" aria-labelledby="sales-oss">
      <h2 id="sales-oss">EU VAT: One-Stop Shop return</h2>
      <p className="small muted">
        Sales to consumers in other EU countries taxed at their VAT, by country and rate, for the
        quarter&rsquo;s return. Orders count on the day they were paid; refunds on the day they were
        made, subtracted.
      </p>
      <div className="form-inline sales-oss-controls">
        <div className="field">
          <label htmlFor={selectId}>Quarter</label>
          <select
            id={selectId}
            value={quarter}
            onChange={(event) => {
              setQuarter(event.target.value);
              setResult(null);
            }}
          >
            {quarters.map((q, index) => (
              <option key={q} value={q}>
                {index === 0 ? `${q} (so far)` : q}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing the return…' : 'Return (CSV)'}
        </button>
      </div>
      <div aria-live="polite">
        {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      </div>
      <QueryView query={report} loading="Adding up the quarter…">
        {(data) => <OssFigures report={data} />}
      </QueryView>
    </section>
  );
}

/** Why a return holds nothing, when the settings say why; null otherwise. */
export function emptyReason(report: OssReport): string | null {
  if (report.vat_mode !== 'destination') {
    return 'The shop charges one VAT rate on every order (Settings → Site → VAT for buyers abroad): nothing is taxed in another EU country. An EU shop whose sales to other EU countries pass €10,000 a year charges their VAT and declares it here.';
  }
  return null;
}

function OssFigures({ report }: { report: OssReport }) {
  // In the currency the return is in (the shop's), as the server answers it.
  const money = (amount: string) => formatPrice(amount, report.currency);
  const reason = report.rows.length === 0 ? emptyReason(report) : null;
  return (
    <>
      <p className="sales-dates">
        {report.quarter}: {report.from} to {report.to}
        {report.oss_number ? ` · OSS number ${report.oss_number}` : ''}
      </p>
      {report.conversion_note ? <Notice tone="info">{report.conversion_note}</Notice> : null}
      {report.rows.length === 0 ? (
        <p className="muted">{reason ?? 'No sale taxed in another EU country this quarter.'}</p>
      ) : (
        <div className="sales-oss-scroll">
          <table className="sales-table" data-testid="oss-table">
            <caption className="visually-hidden">
              Taxable amounts and VAT by member state of consumption and rate
            </caption>
            <thead>
              <tr>
                <th scope="col">Country, rate</th>
                <th scope="col" className="cell-end">
                  Taxable amount
                </th>
                <th scope="col" className="cell-end">
                  VAT
                </th>
                <th scope="col" className="cell-end">
                  Orders
                </th>
                <th scope="col" className="cell-end">
                  Refunded (excl. VAT)
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={`${row.country}-${row.vat_rate}`}>
                  <th scope="row">
                    {row.country_name} ({row.country}), {Number(row.vat_rate)} %
                  </th>
                  <td className="cell-end">{money(row.taxable_amount)}</td>
                  <td className="cell-end">{money(row.vat)}</td>
                  <td className="cell-end">{row.orders}</td>
                  <td className="cell-end">{money(row.refunds_taxable_amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">To declare</th>
                <td className="cell-end" data-testid="oss-taxable">
                  {money(report.taxable_amount)}
                </td>
                <td className="cell-end" data-testid="oss-vat">
                  {money(report.vat)}
                </td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}
