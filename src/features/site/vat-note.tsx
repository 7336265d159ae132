/**
 * Whether the prices include VAT, said wherever a total is shown (issue 29: the cart's and the
 * checkout's summaries, the order pages; E-Commerce Regulations 2002 reg. 6(c), prices "clear
 * and unambiguous" and whether they include tax): "Prices include VAT at 20%." for a
 * VAT-registered shop, "No VAT is charged." for one that is not. An order says what it was
 * charged at its own rate (kept when it was placed), whatever the shop's rate is now.
 */
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../common/storefront-api';
import { formatPrice } from '../../../common/money';
import { siteSettingsQuery } from './api';

type Seller = components['schemas']['Seller'];

/** A percent string as a shopper reads it: "20.00" -> "20%", "17.50" -> "17.5%". */
export function percentOf(rate: string): string {
  return `${Number(rate)}%`;
}

/** The shop's VAT sentence; '' while the settings (or the seller) are unknown. */
export function vatSentence(seller: Seller | undefined): string {
  if (!seller) return '';
  return seller.vat_registered && seller.vat_rate
    ? `Prices include VAT at ${percentOf(seller.vat_rate)}.`
    : 'No VAT is charged.';
}

/**
 * An order's VAT sentence: "Includes VAT at 20%: £79.17." (in the shop's `currency`, ISO 4217;
 * null while unknown: no symbol) or "No VAT is charged.".
 */
export function orderVatSentence(
  order: { vat_rate: string | null; vat_total: string | null },
  currency: string | null,
): string {
  return order.vat_rate && order.vat_total
    ? `Includes VAT at ${percentOf(order.vat_rate)}: ${formatPrice(order.vat_total, currency)}.`
    : 'No VAT is charged.';
}

/** The shop's VAT sentence as a paragraph (nothing while the settings are unknown). */
export function VatNote({ className }: { className?: string }) {
  // Reads what the frame loaded (inlined at start-up, or the footer's fetch): no request of
  // its own beside the summaries it sits in.
  const { data } = useQuery({ ...siteSettingsQuery(), enabled: false });
  const sentence = vatSentence(data?.seller);
  return sentence ? (
    <p className={className ? `vat-note ${className}` : 'vat-note'} data-testid="vat-note">
      {sentence}
    </p>
  ) : null;
}
