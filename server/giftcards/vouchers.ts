/**
 * Which kind of voucher a shop's gift card is, for VAT (decision 090; Council Directive (EU)
 * 2016/1065 arts 30a-30b, 73a; HMRC VAT Notice 700/7; UK VAT Act 1994 Sch 10A):
 *
 * - a single-purpose voucher (SPV) is one where the place of supply and the VAT due on what it
 *   buys are known when it is sold: its VAT is charged when it is sold (and on each transfer),
 *   and not again when it is spent;
 * - any other is a multi-purpose voucher (MPV): nothing is taxed when it is sold; the goods it
 *   pays for carry their VAT when it is spent.
 *
 * The shop decides from its own settings, when the card is sold: SPV when it charges one VAT
 * rate (`single` mode: this shop has one rate for every product and its shipping) and ships to
 * its own country only (so the country of supply is known); MPV otherwise: a shop charging VAT
 * at destination, one shipping abroad, or one not registered for VAT (no VAT either way: MPV
 * says only that nothing was charged at sale). The order line keeps the kind it was sold as,
 * whatever the settings become.
 */
import type { VatPolicy } from '../../common/destination-vat.ts';
import type { VoucherKind } from '../cart/gift-card-choice.ts';

/**
 * The voucher kind of a gift card sold now (see the module comment).
 * @param shipsTo every country the shop's shipping zones cover (ISO 3166-1 alpha-2).
 */
export function voucherKind(policy: VatPolicy, shipsTo: readonly string[]): VoucherKind {
  if (policy.rateBp === null || policy.mode !== 'single' || policy.country === null) return 'mpv';
  return shipsTo.every((country) => country === policy.country) ? 'spv' : 'mpv';
}
