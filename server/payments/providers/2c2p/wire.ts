/**
 * 2C2P's values on the wire and ours: amounts (integer minor units <-> the JSON number in major
 * units 2C2P reads and writes), invoice numbers per attempt, transaction times, and a verified
 * notification's or inquiry's fields read into a ProviderPaymentReport, with 2C2P's result
 * codes mapped to our payment states. Nothing here talks to 2C2P or holds a key.
 */
import type { ProviderPaymentReport, ProviderPaymentState } from '../../provider.ts';

/**
 * The largest amount sent or read (minor units): 15 decimal digits. A decimal of at most 15
 * significant digits survives the trip through a double and back unchanged, which is what
 * makes the JSON number 2C2P reads exactly our cents (and its number exactly its cents).
 */
const MAX_AMOUNT_MINOR = 999_999_999_999_999;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A field of a verified payload that is not 2C2P's shape; its message names the field. */
export class ShapeError extends Error {}

/**
 * A notification's or inquiry's fields as a report (without eventId). `expectedInvoice` is
 * the invoice asked about, which an inquiry answer may omit but must not contradict.
 */
export function readReport(
  fields: Record<string, unknown>,
  expectedInvoice: string | null,
): Omit<ProviderPaymentReport, 'eventId'> {
  const invoiceNo = fields.invoiceNo ?? expectedInvoice;
  if (typeof invoiceNo !== 'string' || !/^[A-Za-z0-9]{1,50}$/.test(invoiceNo)) {
    throw new ShapeError("invoiceNo is missing or not 2C2P's shape.");
  }
  if (expectedInvoice !== null && invoiceNo !== expectedInvoice) {
    throw new ShapeError('invoiceNo is another invoice.');
  }
  const { respCode } = fields;
  if (typeof respCode !== 'string' || !/^\d{4}$/.test(respCode)) {
    throw new ShapeError('respCode is missing or not four digits.');
  }
  const amountMinor = optional(fields.amount, () => toMinorAmount(fields.amount));
  const currency = optional(fields.currencyCode, () => {
    const code = fields.currencyCode;
    if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code)) return null;
    return code.toUpperCase();
  });
  if (amountMinor === undefined) throw new ShapeError('amount is not an amount of money.');
  if (currency === undefined) throw new ShapeError('currencyCode is not a currency code.');
  const state = stateOf(respCode);
  if (state === 'succeeded' && (amountMinor === null || currency === null)) {
    // The order module checks what was paid against what was asked; it cannot without these.
    throw new ShapeError('successful payment has no amount or currency.');
  }
  const paymentId = nonEmpty(fields.userDefined1);
  const description = nonEmpty(fields.respDesc);
  return {
    providerRef: invoiceNo,
    paymentId: paymentId !== null && UUID.test(paymentId) ? paymentId.toLowerCase() : null,
    state,
    amountMinor,
    currency,
    transactionRef: nonEmpty(fields.tranRef) ?? nonEmpty(fields.referenceNo),
    errorMessage:
      state === 'failed'
        ? (description ?? 'The card payment was declined.')
        : state === 'canceled'
          ? (description ?? 'The card payment was cancelled.')
          : null,
  };
}

/**
 * Absent (undefined, null or "") -> null; present -> `read(value)`, where `read`'s null means
 * "present but not valid", returned as undefined for the caller to refuse.
 */
function optional<T>(value: unknown, read: () => T | null): T | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  return read() ?? undefined;
}

/** 2C2P's transaction result code as a state; anything unlisted is a failure. */
export function stateOf(respCode: string): ProviderPaymentState {
  switch (respCode) {
    case '0000':
      return 'succeeded';
    case '0001':
    case '2001':
      return 'pending';
    case '0003':
      return 'canceled';
    case '2002':
      return 'open';
    default:
      return 'failed';
  }
}

/**
 * Integer minor units -> the JSON number 2C2P reads in major units (47500 -> 475, i.e.
 * 475.00). The decimal is built as text, so no float arithmetic touches the cents.
 * @throws RangeError unless 1 <= amountMinor <= MAX_AMOUNT_MINOR, an integer.
 */
export function toMajorAmount(amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1 || amountMinor > MAX_AMOUNT_MINOR) {
    throw new RangeError('amountMinor must be a positive integer of at most 15 digits.');
  }
  const digits = String(amountMinor).padStart(3, '0');
  return Number(`${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/**
 * 2C2P's amount (a JSON number in major units) -> integer minor units, or null when it is not
 * a finite, non-negative number with at most 2 decimals and at most 15 digits. It reads the
 * number's shortest decimal text, which is the JSON text 2C2P wrote for such amounts.
 */
function toMinorAmount(amount: unknown): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "yyyyMMddHHmmss" read as UTC -> epoch ms, or null when it is not a real moment. */
export function parseTransactionTime(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{14}$/.test(value)) return null;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(8, 10)}:${value.slice(10, 12)}:${value.slice(12, 14)}.000Z`;
  const ms = Date.parse(iso);
  // The round trip refuses what Date would roll over (a 31st of February, hour 24).
  return Number.isNaN(ms) || new Date(ms).toISOString() !== iso ? null : ms;
}

/**
 * The invoice number of an attempt: the order number's letters and digits, "A", the attempt.
 * The attempt has no letter, so the last "A" splits it back and two attempts never collide.
 * @throws RangeError for an attempt below 1 or an invoice longer than 2C2P's 50 characters.
 */
export function invoiceNumber(orderNumber: string, attempt: number): string {
  if (!Number.isSafeInteger(attempt) || attempt < 1) {
    throw new RangeError('attempt must be a positive integer.');
  }
  const order = orderNumber.replace(/[^A-Za-z0-9]/g, '');
  const invoiceNo = `${order}A${attempt}`;
  if (order === '' || invoiceNo.length > 50) {
    throw new RangeError(
      'The order number does not make a 2C2P invoice number (1 to 50 characters).',
    );
  }
  return invoiceNo;
}

/** `value` parsed as a URL, or null when it is not one. */
export function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A string with something other than spaces, trimmed; null for anything else. */
export function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
