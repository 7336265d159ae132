/**
 * The One-Stop Shop return of a quarter (`GET /sales/oss/` and `GET /sales/exports/oss/`, owner
 * only; issue 41, decision 087): what an EU shop charging VAT at destination declares each
 * calendar quarter, in euros, for its distance sales of goods to consumers of other member
 * states (Council Directive 2006/112/EC art. 369f-369k, as amended by Directive (EU) 2017/2455
 * and 2019/1995, since 1 July 2021).
 *
 * - **Which orders**: those taxed in an EU member state other than the shop's own country, as
 *   each order kept it (`orders.vat_country`, `vat_rate_bp`, common/destination-vat.ts); an order
 *   placed in `single` mode was taxed at home and is not in the return.
 * - **Sales**: orders paid in the quarter (`paid_at`, UTC days: the chargeable event of a
 *   distance sale is the supply, and the shop records payment, not delivery), whatever became of
 *   them since; their gross total, their VAT as the invoice has it (each line's and the
 *   shipping's, ./sales-rules.ts `ORDER_VAT_CENTS`), and the taxable amount, the difference.
 * - **Refunds**: refunds made in the quarter (`refunds.created_at`; a failed one is left out) of
 *   such orders, whenever they were sold, each at most its order's total, subtracted: a
 *   correction of an earlier quarter's figure is made in a later return (Implementing
 *   Regulation (EU) No 282/2011 art. 61, as amended by Implementing Regulation (EU) 2019/2026).
 *   A refund of the whole order takes all of its VAT; a part refund the VAT included in it.
 * - **Currency**: the shop's. A shop in euros declares the figures as they are; any other shop
 *   converts them at the European Central Bank's rate of the quarter's last day (art. 369h(2)),
 *   which the report leaves to the owner and says so (`conversion_note`).
 *
 * Every figure is added up by the database in integer cents, on SQLite and PostgreSQL alike.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { type Kysely, sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { EU_VAT_RATES, euCountryName } from '../../common/eu-vat-rates.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';
import { rateToPercent } from '../../common/vat.ts';
import type { Database } from '../platform/db/database.ts';
import { toCount } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { OrderErrorCode } from './errors.ts';
import { textCell, type SalesExport } from './sales-exports.ts';
import { ORDER_VAT_CENTS, REFUND_VAT_OF_ROW } from './sales-rules.ts';

export type OssReport = Schemas['OssReport'];

/** The words of a refused quarter (400 on `quarter`), quoted by the tests and the contract. */
export const OSS_QUARTER_MESSAGES = {
  invalid: 'Enter a quarter such as 2026-Q4.',
  early: 'The One-Stop Shop began on 1 July 2021: choose 2021-Q3 or later.',
} as const;

/** A calendar quarter as UTC instants: `[startIso, endIso)`, and its first and last days. */
export interface Quarter {
  /** `2026-Q4`. */
  name: string;
  from: string;
  to: string;
  startIso: string;
  endIso: string;
}

/**
 * The quarter `YYYY-Qn` names, from 2021-Q3 (the OSS's first) to 2099-Q4.
 * @throws DomainError `invalid_order_input` (400, `{"quarter": [...]}`): anything else
 *   ({@link OSS_QUARTER_MESSAGES}`.invalid`), or a quarter before 2021-Q3 (`.early`).
 */
export function parseQuarter(value: unknown): Quarter {
  const match = typeof value === 'string' ? /^(20\d{2})-Q([1-4])$/.exec(value) : null;
  const refuse = (message: string) =>
    new DomainError<OrderErrorCode>('invalid_order_input', message, {
      fields: { quarter: [message] },
    });
  if (!match) throw refuse(OSS_QUARTER_MESSAGES.invalid);
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  if (year < 2021 || (year === 2021 && quarter < 3)) throw refuse(OSS_QUARTER_MESSAGES.early);
  const start = Date.UTC(year, (quarter - 1) * 3, 1);
  const end = Date.UTC(year, quarter * 3, 1);
  return {
    name: `${year}-Q${quarter}`,
    from: new Date(start).toISOString().slice(0, 10),
    to: new Date(end - 86_400_000).toISOString().slice(0, 10),
    startIso: new Date(start).toISOString(),
    endIso: new Date(end).toISOString(),
  };
}

/** What the owner converts, for a shop not in euros (art. 369h(2)); null in euros. */
export function conversionNote(currency: string, quarter: Quarter): string | null {
  if (currency === 'EUR') return null;
  const lastDay = new Date(`${quarter.to}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Amounts are in ${currency}. Convert them to euros at the European Central Bank's rate of ${lastDay} (art. 369h).`;
}

/** The orders of the return: taxed in another member state than the shop's (see the module). */
function taxedElsewhere(shopCountry: string | null) {
  const eu = sql.join(Object.keys(EU_VAT_RATES).map((code) => sql`${code}`));
  return shopCountry === null
    ? sql`o.vat_country in (${eu}) and o.vat_rate_bp is not null`
    : sql`o.vat_country in (${eu}) and o.vat_country <> ${shopCountry} and o.vat_rate_bp is not null`;
}

interface Sums {
  country: string;
  rate: number;
  orders: number;
  gross: number;
  vat: number;
}

/** The quarter's sales and refunds by country and rate, in cents (see the module comment). */
async function quarterSums(
  db: Kysely<Database>,
  tenantId: number,
  shopCountry: string | null,
  quarter: Quarter,
): Promise<{ sales: Sums[]; refunds: Sums[] }> {
  const elsewhere = taxedElsewhere(shopCountry);
  const sales = await sql<Record<string, unknown>>`
    select x.country, x.rate, count(*) as orders, sum(x.total) as gross, sum(x.order_vat) as vat
    from (
      select o.vat_country as country, o.vat_rate_bp as rate, o.total_cents as total,
        ${ORDER_VAT_CENTS} as order_vat
      from orders o
      where o.tenant_id = ${tenantId} and o.paid_at is not null
        and o.paid_at >= ${quarter.startIso} and o.paid_at < ${quarter.endIso} and ${elsewhere}
    ) x
    group by x.country, x.rate`.execute(db);
  const refunds = await sql<Record<string, unknown>>`
    select x.country, x.rate, 0 as orders, sum(x.refunded) as gross,
      sum(${REFUND_VAT_OF_ROW}) as vat
    from (
      select o.vat_country as country, o.vat_rate_bp as rate, o.total_cents as total,
        (case when r.amount_cents > o.total_cents then o.total_cents else r.amount_cents end)
          as refunded,
        ${ORDER_VAT_CENTS} as order_vat
      from refunds r
      inner join orders o on o.id = r.order_id
      where r.tenant_id = ${tenantId} and o.tenant_id = ${tenantId} and r.status <> 'failed'
        and r.created_at >= ${quarter.startIso} and r.created_at < ${quarter.endIso}
        and ${elsewhere}
    ) x
    group by x.country, x.rate`.execute(db);
  const sums = (rows: Record<string, unknown>[]): Sums[] =>
    rows.map((row) => ({
      country: String(row.country),
      rate: toCount(row.rate as number),
      orders: toCount(row.orders as number),
      gross: toCount(row.gross as number),
      vat: toCount(row.vat as number),
    }));
  return { sales: sums(sales.rows), refunds: sums(refunds.rows) };
}

/**
 * Shop `tenantId`'s OSS return of `quarter` (see the module comment).
 * @throws DomainError `invalid_order_input` (400 on `quarter`) for a quarter that is none
 *   ({@link parseQuarter}).
 */
export async function ossReport(
  db: Kysely<Database>,
  tenantId: number,
  quarterParam: unknown,
): Promise<OssReport> {
  const quarter = parseQuarter(quarterParam);
  const shop = await db
    .selectFrom('tenants as t')
    .leftJoin('site_settings as s', 's.tenant_id', 't.id')
    .select(['t.currency', 's.vat_country', 's.oss_number', 's.vat_mode'])
    .where('t.id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const shopCountry = shop.vat_country ?? null;
  const { sales, refunds } = await quarterSums(db, tenantId, shopCountry, quarter);
  const rows = new Map<string, OssTotals>();
  const rowOf = (country: string, rate: number) => {
    const key = `${country}:${String(rate).padStart(5, '0')}`;
    let row = rows.get(key);
    if (!row) {
      row = { country, rate, orders: 0, salesGross: 0, salesVat: 0, refundGross: 0, refundVat: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const s of sales) {
    const row = rowOf(s.country, s.rate);
    row.orders += s.orders;
    row.salesGross += s.gross;
    row.salesVat += s.vat;
  }
  for (const r of refunds) {
    const row = rowOf(r.country, r.rate);
    row.refundGross += r.gross;
    row.refundVat += r.vat;
  }
  const ordered = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => r);
  let taxable = 0;
  let vat = 0;
  const answerRows = ordered.map((r) => {
    const rowTaxable = r.salesGross - r.salesVat - (r.refundGross - r.refundVat);
    const rowVat = r.salesVat - r.refundVat;
    taxable += rowTaxable;
    vat += rowVat;
    return {
      country: r.country,
      country_name: euCountryName(r.country) ?? r.country,
      vat_rate: rateToPercent(r.rate),
      orders: r.orders,
      sales_taxable_amount: toDecimal(r.salesGross - r.salesVat),
      sales_vat: toDecimal(r.salesVat),
      refunds_taxable_amount: toDecimal(r.refundGross - r.refundVat),
      refunds_vat: toDecimal(r.refundVat),
      taxable_amount: toDecimal(rowTaxable),
      vat: toDecimal(rowVat),
    };
  });
  return {
    quarter: quarter.name,
    from: quarter.from,
    to: quarter.to,
    currency: shop.currency,
    shop_country: shopCountry,
    oss_number: shop.oss_number ?? null,
    vat_mode: shop.vat_mode === 'destination' ? 'destination' : 'single',
    rows: answerRows,
    taxable_amount: toDecimal(taxable),
    vat: toDecimal(vat),
    conversion_note: conversionNote(shop.currency, quarter),
  };
}

interface OssTotals {
  country: string;
  rate: number;
  orders: number;
  salesGross: number;
  salesVat: number;
  refundGross: number;
  refundVat: number;
}

/** The OSS export's header row, in its columns' order. */
export const OSS_EXPORT_COLUMNS = [
  'quarter',
  'country',
  'country_name',
  'vat_rate',
  'orders',
  'sales_taxable_amount',
  'sales_vat',
  'refunds_taxable_amount',
  'refunds_vat',
  'taxable_amount',
  'vat',
  'currency',
];

/**
 * The OSS return of `quarter` as a CSV file (the other exports' format, ./sales-exports.ts): a
 * row per member state and rate, then a `total` row; `oss-2026-Q4.csv`.
 * @throws DomainError `invalid_order_input` (400 on `quarter`), before anything is read.
 */
export async function ossExport(
  db: Kysely<Database>,
  tenantId: number,
  quarterParam: unknown,
): Promise<SalesExport> {
  const report = await ossReport(db, tenantId, quarterParam);
  const records: (string | number)[][] = report.rows.map((r) => [
    report.quarter,
    r.country,
    textCell(r.country_name),
    r.vat_rate,
    r.orders,
    r.sales_taxable_amount,
    r.sales_vat,
    r.refunds_taxable_amount,
    r.refunds_vat,
    r.taxable_amount,
    r.vat,
    report.currency,
  ]);
  const sum = (pick: (r: OssReport['rows'][number]) => string) =>
    toDecimal(report.rows.reduce((total, r) => total + (toMinorUnits(pick(r)) ?? 0), 0));
  records.push([
    report.quarter,
    'total',
    '',
    '',
    report.rows.reduce((n, r) => n + r.orders, 0),
    sum((r) => r.sales_taxable_amount),
    sum((r) => r.sales_vat),
    sum((r) => r.refunds_taxable_amount),
    sum((r) => r.refunds_vat),
    report.taxable_amount,
    report.vat,
    report.currency,
  ]);
  const csv = stringify({
    bom: true,
    header: true,
    columns: OSS_EXPORT_COLUMNS,
    record_delimiter: 'windows',
  });
  pipeline(Readable.from(records), csv, () => {});
  return { fileName: `oss-${report.quarter}.csv`, body: csv };
}
