/**
 * How the e-mails write money and time. Money arrives as decimal strings and is only
 * formatted, never computed with (architecture guide, "Money"); times are shown in UTC, in
 * words, because the e-mail is written before anyone knows where it will be read.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A decimal string as the shopper reads it: ("475.00", "USD") -> "$475.00",
 * ("1250.5", "GBP") -> "£1,250.50". Intl formats the string itself, so no float is involved.
 * @param amount decimal string, as in the e-mail data
 * @param currency ISO 4217 code, "USD" when absent
 * @throws RangeError for an amount that is not a decimal string or an unknown currency code
 */
export function formatMoney(amount: string, currency = 'USD'): string {
  if (!DECIMAL.test(amount)) throw new RangeError(`Not a money amount: "${amount}".`);
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount as Intl.StringNumericLiteral);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

function toDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO 8601 date-time: "${iso}".`);
  return date;
}

/**
 * The UTC day of an ISO date-time in words: "2026-11-23T14:05:00Z" -> "23 November 2026".
 * @throws RangeError when `iso` is not a date-time
 */
export function formatDate(iso: string): string {
  return dateFormat.format(toDate(iso));
}

/**
 * Day and time in UTC, for deadlines and the shop's records:
 * "2026-11-25T09:30:00Z" -> "25 November 2026, 09:30 UTC".
 * @throws RangeError when `iso` is not a date-time
 */
export function formatDateTime(iso: string): string {
  const date = toDate(iso);
  return `${dateFormat.format(date)}, ${timeFormat.format(date)} UTC`;
}

const secondFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/**
 * Day and time to the second in UTC, for a moment the law asks the shop to record, such as when
 * a withdrawal was received (Directive 2011/83/EU art. 11a(3)):
 * "2026-11-25T09:30:15.250Z" -> "25 November 2026, 09:30:15 UTC".
 * @throws RangeError when `iso` is not a date-time
 */
export function formatDateTimeToSecond(iso: string): string {
  const date = toDate(iso);
  return `${dateFormat.format(date)}, ${secondFormat.format(date)} UTC`;
}

/**
 * The lines of a text the shop typed (bank details, instructions): split on any line break,
 * trailing blanks trimmed, leading and trailing empty lines dropped, inner empty lines kept
 * (they separate paragraphs).
 */
export function splitLines(value: string): string[] {
  const lines = value.split(/\r\n|\r|\n/).map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Collapses line breaks and runs of blanks to single spaces: subjects and preheaders are one line. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** One part of words that name values: text as it is, or the name of a value to put there. */
export type WordPart = { text: string } | { value: string };

/**
 * Splits words that name values in braces (such as the order e-mails'
 * server/orders/emails/payment-texts.ts) into their parts:
 * "Please transfer {total} to this account:" -> text "Please transfer ", value "total", text
 * " to this account:". Empty text between two values is left out.
 */
export function wordParts(words: string): WordPart[] {
  return words
    .split(/\{(\w+)\}/)
    .map((part, index): WordPart => (index % 2 === 1 ? { value: part } : { text: part }))
    .filter((part) => !('text' in part) || part.text !== '');
}

/**
 * Words with their values filled in, as plain text (subjects, previews, headings):
 * ("Order {number} is paid", { number: "ORD-7K3F-9QXD" }) -> "Order ORD-7K3F-9QXD is paid". A
 * value's own braces are never read as names.
 * @throws Error when the words name a value that `values` lacks (a mistake in the words).
 */
export function fillWords(words: string, values: Readonly<Record<string, string>>): string {
  return wordParts(words)
    .map((part) => ('text' in part ? part.text : valueOf(words, values, part.value)))
    .join('');
}

/**
 * The value named `name` in `words`.
 * @throws Error when `values` has none.
 */
export function valueOf<T>(words: string, values: Readonly<Record<string, T>>, name: string): T {
  const value = Object.hasOwn(values, name) ? values[name] : undefined;
  if (value === undefined) throw new Error(`No value for {${name}} in "${words}".`);
  return value;
}
