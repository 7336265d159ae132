/**
 * How amounts, dates and times read in the back office. Amounts come from the contract as
 * decimal strings ("45.00") in the shop's currency and are shown with common/money.ts
 * `formatPrice` in it (`useFormatPrice`, `Amount`); dates in the browser's time zone, British
 * English order (the shops are in the UK).
 */
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../../common/money';
import { shopCurrencyQuery } from '../api/shop-currency';

export { formatPrice };

/** The shop's ISO 4217 code ("GBP"), null while it loads or when it cannot be read. */
export function useShopCurrency(): string | null {
  return useQuery(shopCurrencyQuery()).data ?? null;
}

/**
 * `formatPrice` in the shop's currency: "45" -> "£45.00" for a shop in pounds; the amount
 * without a symbol ("45.00") while the currency is unknown.
 */
export function useFormatPrice(): (amount: string | number | null | undefined) => string {
  const currency = useShopCurrency();
  return (amount) => formatPrice(amount, currency);
}

/** An amount as text in the shop's currency ("£45.00"), for a table cell or a sentence. */
export function Amount({ amount }: { amount: string | null | undefined }): string {
  return useFormatPrice()(amount);
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "3 Mar 2026, 14:05"; empty for a missing or unreadable value. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/**
 * "3 Mar 2026". A bare date ("2026-03-03") is read as that calendar day, not as midnight UTC
 * (which would show the day before west of Greenwich).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = bare
    ? new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

/**
 * An ISO time as a `datetime-local` input shows it ("2026-03-03T14:05"), in the browser's time
 * zone, to the minute; empty for none. A form sends it back with `new Date(value).toISOString()`.
 */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** `payer_reference` or `mark_paid` -> "Payer reference", "Mark paid". */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
