/**
 * How amounts, dates and times read in the back office. Amounts come from the contract as
 * decimal strings ("45.00") and are shown with common/money.ts `formatPrice`; dates in the
 * browser's time zone, British English order (the shops are in the UK).
 */
import { formatPrice } from '../../../common/money';

export { formatPrice };

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

/** `payer_reference` or `mark_paid` -> "Payer reference", "Mark paid". */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
