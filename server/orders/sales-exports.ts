/**
 * The accountant's exports (`GET /sales/exports/{kind}/`, owner only): a range of UTC days'
 * orders, payments or refunds as a CSV file, in the shop's currency.
 *
 * The file (csv-stringify): RFC 4180, comma-separated, CRLF line ends, a header row, UTF-8 with
 * a byte order mark. The mark is what makes Excel read the file as UTF-8 (without it, "Zoë" and
 * "£" come out garbled on Windows); LibreOffice recognises and skips it. Amounts are decimals
 * with a point and two decimals (`1234.50`), never formatted, with the ISO currency code in a
 * column of its own, so a spreadsheet reads them as numbers. A shop whose spreadsheet expects
 * a semicolon (a comma-decimal locale) opens it through the import dialog.
 *
 * Formula injection (OWASP "CSV Injection"): every text cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is written with a leading `'`, so Excel and LibreOffice show
 * it as text instead of running it (a shopper can name themselves `=HYPERLINK(...)`). Amounts
 * are the only cells that may start with `-`, and are written by the server from integers.
 *
 * Bounded memory: the rows are read a thousand orders (or payments, or refunds) at a time, by
 * keyset in the order written, and streamed out as they are read, so a range of 100,000 orders
 * holds one page at a time, and a slow download waits for the reader (the stream's
 * back-pressure pauses the reading).
 *
 * - `orders`: each counted order of ./sales-rules.ts (paid, not canceled) paid in the range:
 *   one row per line, one for its shipping (when charged), one for what was refunded of it
 *   (negative), each with its VAT at the order's rate as ./sales-rules.ts counts it: a line's
 *   and the shipping's as the order's answer and invoice have them (decision 090,
 *   common/gift-card-vat.ts `voucherOrderVat` with ./voucher-vat.ts's facts: no VAT on a line
 *   that sells a multi-purpose gift card, what single-purpose cards paid not taxed again), so
 *   an order's rows add up to its VAT. The `amount` column adds up to the sales view's revenue
 *   of the same days, `vat` to its VAT.
 * - `payments`: card payments that succeeded, by the day captured (whether the order kept the
 *   money, and what became of money it could not keep), then money received by hand, by the
 *   day received.
 * - `refunds`: refunds not failed, by the day made, with the VAT included in each at the
 *   order's rate, and how each went back: the card provider, by hand, or the gift card (by the
 *   last four characters of its code) it was put back on.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { toDecimal } from '../../common/money.ts';
import { includedVatCents, rateToPercent } from '../../common/vat.ts';
import type { Database } from '../platform/db/database.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { type DayRange, dayRange } from './sales-days.ts';
import { voucherOrderVat } from '../../common/gift-card-vat.ts';
import { spvPaidOf, voucherLines } from './voucher-vat.ts';
import { shopMoneyFacts } from './sales-report.ts';

export type SalesExportKind = 'orders' | 'payments' | 'refunds';

/** Rows read per query. */
export const EXPORT_PAGE_SIZE = 1000;

/** The first characters a spreadsheet reads as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` as a text cell a spreadsheet never runs as a formula (see the module comment). */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const day = (value: Date | string) => toIsoString(value).slice(0, 10);
const rate = (bp: number | null) => rateToPercent(bp ?? 0);

type Row = (string | number)[];

/** Each export's header row, in its columns' order: what the accountant's spreadsheet gets. */
export const EXPORT_COLUMNS: Record<SalesExportKind, string[]> = {
  orders: [
    'order_number',
    'paid_on',
    'placed_on',
    'customer',
    'country',
    'row',
    'description',
    // The line's variant's SKU (issue 42); empty for other rows and pieces without variants.
    'sku',
    'quantity',
    'unit_price',
    'amount',
    'vat_rate',
    'vat',
    'amount_excluding_vat',
    'currency',
    'status',
    'payment_method',
  ],
  payments: [
    'received_on',
    'order_number',
    'customer',
    'payment_method',
    'provider',
    'reference',
    'amount',
    'currency',
    'kept_by_order',
    'refund_status',
  ],
  refunds: [
    'refunded_on',
    'order_number',
    'customer',
    'amount',
    'vat_rate',
    'vat',
    'amount_excluding_vat',
    'currency',
    'status',
    'refunded_through',
    'reference',
    'reason',
  ],
};

/** The rows of the counted orders paid in `range`, a page of orders at a time. */
async function* orderRows(
  db: Kysely<Database>,
  tenantId: number,
  range: DayRange,
  currency: string,
): AsyncGenerator<Row> {
  let after: { paidAt: string; id: number } | null = null;
  for (;;) {
    const cursor: { paidAt: string; id: number } | null = after;
    const orders = await db
      .selectFrom('orders as o')
      .select([
        'o.id',
        'o.order_number',
        'o.paid_at',
        'o.created_at',
        'o.fullname',
        'o.country',
        'o.status',
        'o.payment_method',
        'o.total_cents',
        'o.shipping_cents',
        'o.refunded_cents',
        'o.vat_rate_bp',
      ])
      .where('o.tenant_id', '=', tenantId)
      .where('o.paid_at', 'is not', null)
      .where('o.status', '<>', 'canceled')
      .where('o.paid_at', '>=', range.startIso)
      .where('o.paid_at', '<', range.endIso)
      .$if(cursor !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('o.paid_at', '>', cursor!.paidAt),
            eb.and([eb('o.paid_at', '=', cursor!.paidAt), eb('o.id', '>', cursor!.id)]),
          ]),
        ),
      )
      .orderBy('o.paid_at')
      .orderBy('o.id')
      .limit(EXPORT_PAGE_SIZE)
      .execute();
    if (orders.length === 0) return;
    const ids = orders.map((o) => o.id);
    const [lines, spvPaid] = await Promise.all([
      db
        .selectFrom('order_items')
        .select([
          'order_id',
          'product_name',
          'variant_label',
          'sku',
          'quantity',
          'unit_price_cents',
          'line_total_cents',
          'discount_cents',
          'gift_card',
        ])
        .where('order_id', 'in', ids)
        .orderBy('order_id')
        .orderBy('id')
        .execute(),
      // What single-purpose gift cards paid of the page's orders, in one query.
      spvPaidOf(db, ids),
    ]);
    const linesOf = new Map<number, typeof lines>();
    for (const line of lines) {
      const list = linesOf.get(line.order_id) ?? [];
      list.push(line);
      linesOf.set(line.order_id, list);
    }
    for (const o of orders) {
      const bp = o.vat_rate_bp ?? 0;
      const head = [
        o.order_number,
        day(o.paid_at!),
        day(o.created_at),
        textCell(o.fullname),
        textCell(o.country),
      ];
      const tail = [currency, o.status, o.payment_method];
      const money = (cents: number, vat: number) => [
        toDecimal(cents),
        rate(o.vat_rate_bp),
        toDecimal(vat),
        toDecimal(cents - vat),
      ];
      const own = linesOf.get(o.id) ?? [];
      // What each line was paid (less its share of a discount code, decision 088), and the
      // order's VAT as its answer and invoice have it (decision 090): none on a line that
      // sells a multi-purpose gift card, and what single-purpose cards paid not taxed again.
      const charged = voucherLines(own);
      const vat = voucherOrderVat(charged, o.shipping_cents, bp, spvPaid.get(o.id) ?? 0)!;
      const orderVat = vat.total;
      for (const [index, line] of own.entries()) {
        const paid = charged[index]!.cents;
        yield [
          ...head,
          'line',
          textCell(
            line.variant_label ? `${line.product_name} (${line.variant_label})` : line.product_name,
          ),
          textCell(line.sku ?? ''),
          line.quantity,
          toDecimal(line.unit_price_cents),
          ...money(paid, vat.lines[index]!),
          ...tail,
        ];
      }
      if (o.shipping_cents > 0) {
        yield [
          ...head,
          'shipping',
          'Shipping',
          '',
          1,
          toDecimal(o.shipping_cents),
          ...money(o.shipping_cents, vat.shipping),
          ...tail,
        ];
      }
      const refunded = Math.min(o.refunded_cents, o.total_cents);
      if (refunded > 0) {
        const refundVat = refunded >= o.total_cents ? orderVat : includedVatCents(refunded, bp);
        yield [...head, 'refund', 'Refunded', '', '', '', ...money(-refunded, -refundVat), ...tail];
      }
    }
    const last: { id: number; paid_at: Date | string | null } = orders[orders.length - 1]!;
    after = { paidAt: toIsoString(last.paid_at!), id: last.id };
  }
}

/** Card payments that succeeded in `range`, then money received by hand in it. */
async function* paymentRows(
  db: Kysely<Database>,
  tenantId: number,
  range: DayRange,
  currency: string,
): AsyncGenerator<Row> {
  let afterId = 0;
  for (;;) {
    const cards = await db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select([
        'p.id',
        'p.captured_at',
        'p.created_at',
        'o.order_number',
        'o.fullname',
        'p.provider',
        'p.provider_ref',
        'p.amount_cents',
        'p.currency',
        'p.refund_status',
      ])
      .where('p.tenant_id', '=', tenantId)
      .where('p.status', '=', 'succeeded')
      .where((eb) =>
        eb.and([
          eb(eb.fn.coalesce('p.captured_at', 'p.created_at'), '>=', range.startIso),
          eb(eb.fn.coalesce('p.captured_at', 'p.created_at'), '<', range.endIso),
        ]),
      )
      .where('p.id', '>', afterId)
      .orderBy('p.id')
      .limit(EXPORT_PAGE_SIZE)
      .execute();
    if (cards.length === 0) break;
    for (const p of cards) {
      yield [
        day(p.captured_at ?? p.created_at),
        p.order_number,
        textCell(p.fullname),
        'card',
        p.provider,
        textCell(p.provider_ref),
        toDecimal(p.amount_cents),
        p.currency,
        p.refund_status === null ? 'yes' : 'no',
        p.refund_status ?? '',
      ];
    }
    afterId = cards[cards.length - 1]!.id;
  }
  afterId = 0;
  for (;;) {
    const byHand = await db
      .selectFrom('manual_payments as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .select([
        'm.id',
        'm.received_at',
        'o.order_number',
        'o.fullname',
        'o.payment_method',
        'm.payer_reference',
        'm.amount_cents',
      ])
      .where('m.tenant_id', '=', tenantId)
      .where('m.received_at', '>=', range.startIso)
      .where('m.received_at', '<', range.endIso)
      .where('m.id', '>', afterId)
      .orderBy('m.id')
      .limit(EXPORT_PAGE_SIZE)
      .execute();
    if (byHand.length === 0) return;
    for (const m of byHand) {
      yield [
        day(m.received_at),
        m.order_number,
        textCell(m.fullname),
        m.payment_method,
        'by hand',
        textCell(m.payer_reference),
        toDecimal(m.amount_cents),
        currency,
        'yes',
        '',
      ];
    }
    afterId = byHand[byHand.length - 1]!.id;
  }
}

/** Refunds made in `range` that did not fail. */
async function* refundRows(
  db: Kysely<Database>,
  tenantId: number,
  range: DayRange,
  currency: string,
): AsyncGenerator<Row> {
  let afterId = 0;
  for (;;) {
    const refunds = await db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .leftJoin('payments as p', 'p.id', 'r.payment_id')
      .leftJoin('gift_cards as g', 'g.id', 'r.gift_card_id')
      .select([
        'r.id',
        'g.last_four',
        'r.created_at',
        'o.order_number',
        'o.fullname',
        'o.vat_rate_bp',
        'r.amount_cents',
        'r.status',
        'p.provider',
        'r.provider_ref',
        'r.reason',
      ])
      .where('r.tenant_id', '=', tenantId)
      .where('r.status', '<>', 'failed')
      .where('r.created_at', '>=', range.startIso)
      .where('r.created_at', '<', range.endIso)
      .where('r.id', '>', afterId)
      .orderBy('r.id')
      .limit(EXPORT_PAGE_SIZE)
      .execute();
    if (refunds.length === 0) return;
    for (const r of refunds) {
      const vat = includedVatCents(r.amount_cents, r.vat_rate_bp ?? 0);
      yield [
        day(r.created_at),
        r.order_number,
        textCell(r.fullname),
        toDecimal(r.amount_cents),
        rate(r.vat_rate_bp),
        toDecimal(vat),
        toDecimal(r.amount_cents - vat),
        currency,
        r.status,
        r.provider ?? (r.last_four === null ? 'by hand' : `gift card ending ${r.last_four}`),
        textCell(r.provider_ref),
        textCell(r.reason),
      ];
    }
    afterId = refunds[refunds.length - 1]!.id;
  }
}

/** An export ready to stream: its file name and its bytes. */
export interface SalesExport {
  /** `orders-2026-11-01-to-2026-11-30.csv`. */
  fileName: string;
  body: Readable;
}

/**
 * The `kind` export of the days from `from` to `to` (see the module comment). The range is
 * checked before anything is read; the rows are read as the stream is consumed.
 * @throws DomainError `invalid_order_input` (400, field errors on `from` and `to`) for a range
 *   that is not one (./sales-days.ts `dayRange`).
 */
export async function salesExport(
  db: Kysely<Database>,
  tenantId: number,
  kind: SalesExportKind,
  from: unknown,
  to: unknown,
): Promise<SalesExport> {
  const range = dayRange(from, to);
  const { currency } = await shopMoneyFacts(db, tenantId);
  const rows =
    kind === 'orders'
      ? orderRows(db, tenantId, range, currency)
      : kind === 'payments'
        ? paymentRows(db, tenantId, range, currency)
        : refundRows(db, tenantId, range, currency);
  const csv = stringify({
    bom: true,
    header: true,
    columns: EXPORT_COLUMNS[kind],
    record_delimiter: 'windows',
  });
  // pipeline, not pipe: a download aborted (the body destroyed) closes the generator too, and a
  // failed read destroys the body.
  pipeline(Readable.from(rows), csv, () => {});
  return { fileName: `${kind}-${range.from}-to-${range.to}.csv`, body: csv };
}
