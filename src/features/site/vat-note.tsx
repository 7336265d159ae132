/**
 * Whether the prices include VAT, said wherever a total is shown (issue 29: the cart's and the
 * checkout's summaries, the order pages; E-Commerce Regulations 2002 reg. 6(c), prices "clear
 * and unambiguous" and whether they include tax): "Prices include VAT at 20%." for a
 * VAT-registered shop, "No VAT is charged." for one that is not. An order says what it was
 * charged at its own rate (kept when it was placed), whatever the shop's rate is now.
 *
 * Where the buyer is (issue 41, decision 087): a shop charging VAT at destination says so under
 * its prices, which include its own rate; once the checkout knows the country, the quote's rate
 * and country replace it ("Prices include VAT at 20% (France).", "Export: no VAT charged."), and
 * an order names the country it was taxed in when it is not the shop's. The server's rule is
 * common/destination-vat.ts; these words match its sentences without carrying its rates table
 * into the storefront's scripts (country names: Intl, ../../components/countries.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../common/storefront-api';
import { formatPrice } from '../../../common/money';
import { siteSettingsQuery } from './api';
import { countryName } from '../../components/countries';

type Seller = components['schemas']['Seller'];

/** A percent string as a shopper reads it: "20.00" -> "20%", "17.50" -> "17.5%". */
export function percentOf(rate: string): string {
  return `${Number(rate)}%`;
}

/** The shop's VAT sentence; '' while the settings (or the seller) are unknown. */
export function vatSentence(seller: Seller | undefined): string {
  if (!seller) return '';
  if (!seller.vat_registered || !seller.vat_rate) return 'No VAT is charged.';
  return seller.vat_mode === 'destination'
    ? `Prices include VAT at ${percentOf(seller.vat_rate)}; the checkout applies the VAT of the country you have your order delivered to.`
    : `Prices include VAT at ${percentOf(seller.vat_rate)}.`;
}

/** The VAT a quote or an order was taxed at, as the contract answers it. */
interface Taxed {
  vat_rate?: string | null;
  vat_country?: string | null;
  vat_export?: boolean;
}

/** Whether `taxed` is an export at 0 % (no VAT charged), as opposed to a shop charging none. */
function isExport(taxed: Taxed, shopCountry: string | null | undefined): boolean {
  return (
    taxed.vat_export === true ||
    (taxed.vat_rate != null &&
      Number(taxed.vat_rate) === 0 &&
      !!taxed.vat_country &&
      taxed.vat_country !== shopCountry)
  );
}

/** " (France)" when taxed in another country than the shop's, else ''. */
function countryOf(taxed: Taxed, shopCountry: string | null | undefined): string {
  return taxed.vat_country && shopCountry && taxed.vat_country !== shopCountry
    ? ` (${countryName(taxed.vat_country)})`
    : '';
}

/**
 * The sentence under a quoted total, at the quote's rate and country: "Prices include VAT at
 * 20% (France).", "Prices include VAT at 23%." at home, "Export: no VAT charged.", "No VAT is
 * charged."; null when the quote says no rate (an older API): the shop's sentence stands.
 */
export function quoteVatSentence(quote: Taxed, seller: Seller | undefined): string | null {
  if (quote.vat_rate === undefined || !seller) return null;
  if (!seller.vat_registered || quote.vat_rate == null) return 'No VAT is charged.';
  if (isExport(quote, seller.vat_country)) return 'Export: no VAT charged.';
  return `Prices include VAT at ${percentOf(quote.vat_rate)}${countryOf(quote, seller.vat_country)}.`;
}

/**
 * An order's VAT sentence: "Includes VAT at 20%: £79.17." (in the shop's `currency`, ISO 4217;
 * null while unknown: no symbol), "Includes VAT at 20% (France): €14.67." when taxed in another
 * country than the shop's (`shopCountry`), "Export: no VAT charged." or "No VAT is charged.".
 */
export function orderVatSentence(
  order: { vat_rate: string | null; vat_total: string | null; vat_country?: string | null },
  currency: string | null,
  shopCountry?: string | null,
): string {
  if (!order.vat_rate || !order.vat_total) return 'No VAT is charged.';
  if (isExport(order, shopCountry)) return 'Export: no VAT charged.';
  return `Includes VAT at ${percentOf(order.vat_rate)}${countryOf(order, shopCountry)}: ${formatPrice(order.vat_total, currency)}.`;
}

/**
 * The shop's VAT sentence as a paragraph (nothing while the settings are unknown); with a
 * `quote` (the checkout, once the country is known), the quote's rate and country instead.
 */
export function VatNote({ className, quote }: { className?: string; quote?: Taxed }) {
  // Reads what the frame loaded (inlined at start-up, or the footer's fetch): no request of
  // its own beside the summaries it sits in.
  const { data } = useQuery({ ...siteSettingsQuery(), enabled: false });
  const sentence =
    (quote ? quoteVatSentence(quote, data?.seller) : null) ?? vatSentence(data?.seller);
  return sentence ? (
    <p className={className ? `vat-note ${className}` : 'vat-note'} data-testid="vat-note">
      {sentence}
    </p>
  ) : null;
}
