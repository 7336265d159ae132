/**
 * How a piece's dispatch reads to a shopper (contract: Dispatch), shared by the product page,
 * the cart, the checkout, the confirmation and the order history.
 *
 * Dates are plain calendar dates (`2026-12-14`): they are formatted in UTC, so a shopper west
 * of Greenwich never sees the day before; the month name follows `locale` (en-US on the server
 * and while hydrating, the shopper's own afterwards: see ./local-dates.ts).
 */

/** Working days in a week, for the "weeks" of a lead time. */
const WORKING_DAYS_A_WEEK = 5;

/**
 * 'Made to order: ships in 3–4 weeks' for a lead time of 15–20 working days; below two weeks
 * the days themselves ('ships in 5–8 working days'); one number when both ends agree.
 */
export function madeToOrderPhrase(minDays: number, maxDays: number): string {
  const range = (a: number, b: number, unit: string) =>
    a === b ? `${a} ${unit}` : `${a}–${b} ${unit}`;
  if (maxDays < 2 * WORKING_DAYS_A_WEEK) {
    return `Made to order: ships in ${range(minDays, maxDays, maxDays === 1 ? 'working day' : 'working days')}`;
  }
  const weeks = (days: number) => Math.max(1, Math.round(days / WORKING_DAYS_A_WEEK));
  return `Made to order: ships in ${range(weeks(minDays), weeks(maxDays), 'weeks')}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: string | undefined, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale ?? ''}:${withYear}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * '14–21 Dec 2026' (or 'Dec 14 – 21, 2026' in en-US), one date when both agree, '' when a date
 * does not parse. `locale` undefined: the shopper's own. Spaces are plain (U+0020) whatever the
 * runtime's ICU uses, so the server's text and the browser's agree.
 */
export function dispatchRange(
  dispatch: { earliest: string; latest: string },
  locale?: string,
): string {
  const earliest = new Date(`${dispatch.earliest}T00:00:00Z`);
  const latest = new Date(`${dispatch.latest}T00:00:00Z`);
  if (Number.isNaN(earliest.getTime()) || Number.isNaN(latest.getTime())) return '';
  if (dispatch.earliest === dispatch.latest) return dayFormat(locale, true).format(latest);
  // ICU versions space a range differently (Node 20: thin spaces around the dash; Chromium
  // 156: plain ones), which would break the hydration of a server-rendered page: plain spaces.
  return dayFormat(locale, true)
    .formatRange(earliest, latest)
    .replace(/[\u2009\u202f]/g, ' ');
}
