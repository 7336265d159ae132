/**
 * The VAT of an order with gift cards in it (decision 090; Council Directive (EU) 2016/1065,
 * HMRC VAT Notice 700/7), on top of ./vat.ts `orderVat`:
 *
 * - a line that SELLS a multi-purpose voucher (MPV) carries no VAT: the goods it will buy carry
 *   theirs when it is spent;
 * - a line that sells a single-purpose voucher (SPV) carries the order's VAT like any piece;
 * - an order PAID partly by gift cards keeps its total and its goods' VAT when the cards are
 *   MPVs (a card is a means of payment, not a discount); what SPV cards paid already carried
 *   its VAT when the card was sold, so it is not charged again: each line's and the shipping's
 *   VAT is computed on its share of the total less what SPVs paid (shares floored to the cent;
 *   the last figure with a positive amount takes the remainder, so the shares add up).
 * Which line sells an MPV and what SPVs paid of an order are read by server/orders/voucher-vat.ts,
 * for every place that shows an order's VAT; server/orders/sales-rules.ts `ORDER_VAT_CENTS` is
 * this rule's total in SQL.
 * Money is integer cents; rates basis points.
 */
import { includedVatCents, type OrderVat } from './vat.ts';

/** What an invoice and an e-mail say of a gift card line, by its voucher kind. */
export const VOUCHER_NOTES = {
  spv: 'Single-purpose voucher: its VAT is charged now.',
  mpv: 'Multi-purpose voucher: VAT is charged when it is spent.',
} as const;

/** A line as the rule reads it: its gross total and whether it sells an MPV. */
export interface VoucherLine {
  cents: number;
  sellsMpv: boolean;
}

/**
 * The order's VAT (see the module comment); null when the rate is null (no VAT charged).
 * @param spvPaidCents what single-purpose gift cards paid of the order (0 for none).
 */
export function voucherOrderVat(
  lines: readonly VoucherLine[],
  shippingCents: number,
  rateBp: number | null,
  spvPaidCents: number,
): OrderVat | null {
  if (rateBp === null) return null;
  const gross = lines.map((line) => (line.sellsMpv ? 0 : line.cents));
  const taxableTotal = gross.reduce((sum, cents) => sum + cents, shippingCents);
  const spv = Math.min(Math.max(0, spvPaidCents), taxableTotal);
  // Each figure's share of what is taxed now, in cents that add up to `taxableTotal - spv`.
  const shares = [...gross, shippingCents];
  if (spv > 0 && taxableTotal > 0) {
    const keep = taxableTotal - spv;
    let given = 0;
    let lastTaxed = -1;
    for (let i = 0; i < shares.length; i++) if (shares[i]! > 0) lastTaxed = i;
    for (let i = 0; i < shares.length; i++) {
      if (i === lastTaxed) {
        shares[i] = keep - given;
      } else {
        // Floored, so the remainder the last one takes is never negative.
        shares[i] = Math.floor((shares[i]! * keep) / taxableTotal);
        given += shares[i]!;
      }
    }
  }
  const vatLines = shares.slice(0, -1).map((cents) => includedVatCents(cents, rateBp));
  const shipping = includedVatCents(shares[shares.length - 1]!, rateBp);
  return {
    lines: vatLines,
    shipping,
    total: vatLines.reduce((sum, cents) => sum + cents, shipping),
  };
}
