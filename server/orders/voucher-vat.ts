/**
 * The two facts of an order that the VAT rule of gift cards (decision 090,
 * ../../common/gift-card-vat.ts `voucherOrderVat`) reads, each written once for every place
 * that shows an order's VAT: the order's answer and invoice (./read-model.ts), the order
 * e-mail's VAT note (./order-email-parts.ts), the accountant's orders CSV (./sales-exports.ts),
 * and, as SQL, the sales view and the OSS return (./sales-rules.ts `ORDER_VAT_CENTS`).
 *
 * - **A line sells a multi-purpose voucher (MPV)** when it is a gift card line
 *   (`order_items.gift_card` set) whose stored choice does not say `"voucher":"spv"`: checkout
 *   writes the kind on every gift card line it places, and a line without one is an MPV, as the
 *   card it issued is (../giftcards/gift-card-issue.ts issues `voucher ?? 'mpv'`, ./order-paid.ts
 *   gives only an SPV the order's rate).
 * - **What single-purpose vouchers (SPV) paid of an order**: the `spent` less the `given_back`
 *   moves on the order of the cards whose `voucher` is `spv` (a later refund to a card does not
 *   change what the order was taxed at).
 *
 * Money in integer cents.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { VoucherLine } from '../../common/gift-card-vat.ts';
import { type GiftCardChoice, parseChoice } from '../cart/gift-card-choice.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether an order line with this stored gift card choice sells an MPV (no VAT on it; see the
 * module comment): false for a line that is no gift card (null).
 */
export function choiceSellsMpv(choice: GiftCardChoice | null): boolean {
  return choice !== null && choice.voucher !== 'spv';
}

/** {@link choiceSellsMpv} of a line's stored `order_items.gift_card` JSON text (null: none). */
export function sellsMpv(giftCard: string | null): boolean {
  return choiceSellsMpv(parseChoice(giftCard));
}

/**
 * The same rule as {@link sellsMpv} in SQL over the `gift_card` column of the order line
 * `alias` (SQLite and PostgreSQL): the JSON checkout stores has no spaces, and a `"` inside one
 * of its strings is escaped, so only the voucher key itself can read `"voucher":"spv"`.
 */
export function sellsMpvSql(alias: string): RawBuilder<boolean> {
  const column = sql.ref(`${alias}.gift_card`);
  return sql<boolean>`(${column} is not null and ${column} not like '%"voucher":"spv"%')`;
}

/**
 * The order lines as ../../common/gift-card-vat.ts reads them: what each was charged, and
 * whether it sells an MPV. A line was charged its total less its share of a discount code
 * (decision 088).
 */
export function voucherLines(
  items: readonly {
    line_total_cents: number;
    discount_cents?: number | string | null;
    gift_card?: string | null;
  }[],
): VoucherLine[] {
  return items.map((item) => ({
    cents: item.line_total_cents - Number(item.discount_cents ?? 0),
    sellsMpv: sellsMpv(item.gift_card ?? null),
  }));
}

/**
 * What single-purpose gift cards paid of each of `orderIds` (cents, spent less given back; see
 * the module comment), in one query however many orders; an order they paid nothing of has no
 * entry.
 */
export async function spvPaidOf(db: Db, orderIds: readonly number[]): Promise<Map<number, number>> {
  const paid = new Map<number, number>();
  if (orderIds.length === 0) return paid;
  const rows = await db
    .selectFrom('gift_card_moves as m')
    .innerJoin('gift_cards as g', 'g.id', 'm.gift_card_id')
    .select(['m.order_id', 'm.kind', 'm.amount_cents'])
    .where('m.order_id', 'in', [...orderIds])
    .where('g.voucher', '=', 'spv')
    .where('m.kind', 'in', ['spent', 'given_back'])
    .execute();
  for (const row of rows) {
    const sign = row.kind === 'spent' ? 1 : -1;
    paid.set(row.order_id!, (paid.get(row.order_id!) ?? 0) + sign * row.amount_cents);
  }
  return paid;
}

/**
 * {@link spvPaidOf} in SQL: what SPV cards paid of the order whose id is `orderId` (a column
 * such as `o.id`), a `bigint` (0 when none), for the sales view and the OSS return.
 */
export function spvPaidSql(orderId: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(select cast(coalesce(sum(case when m.kind = 'spent' then m.amount_cents else -m.amount_cents end), 0) as bigint)
    from gift_card_moves m inner join gift_cards g on g.id = m.gift_card_id
    where m.order_id = ${orderId} and g.voucher = 'spv' and m.kind in ('spent', 'given_back'))`;
}
