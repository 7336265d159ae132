/**
 * Small hand-written validators for JSON data, for each noun's guard of its e-mails' data
 * (server/orders/emails/email-data-guard.ts, server/staff/emails/staff-email-data.ts), and the
 * error they throw. Hand-written rather than zod: the server does not load zod, and this code is
 * loaded into the API process on the first e-mail, where every megabyte stays. A check pushes a
 * message naming the field's path onto a list instead of throwing, so one pass reports every bad
 * field.
 */

/**
 * Data that is not what an e-mail's template expects (a noun's guard of its e-mails' data
 * throws it): `issues` names each bad field by its path. Permanent: the same data fails the
 * same way, so the outbox gives it up rather than retrying.
 */
export class EmailDataError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid e-mail data: ${issues.slice(0, 5).join('; ')}${issues.length > 5 ? '; …' : ''}`);
    this.name = 'EmailDataError';
    this.issues = issues;
  }
}

/** Checks one value at `path`, pushing a message per problem onto `issues`; never throws. */
export type Check = (value: unknown, path: string, issues: string[]) => void;

/** One check for every key of T, so adding a field to a type without checking it fails to compile. */
export type Shape<T> = { [K in keyof Required<T>]: Check };

/** A plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string with something other than spaces. */
export const text: Check = (value, path, issues) => {
  if (typeof value !== 'string' || value.trim() === '') issues.push(`${path}: a non-empty string`);
};

/** A string that may be empty (an address line of an order that is collected). */
export const maybeBlank: Check = (value, path, issues) => {
  if (typeof value !== 'string') issues.push(`${path}: a string`);
};

/** true or false. */
export const bool: Check = (value, path, issues) => {
  if (typeof value !== 'boolean') issues.push(`${path}: true or false`);
};

const MONEY = /^-?\d{1,15}(\.\d{1,4})?$/;
/** A decimal string of money, such as "475.00" (never a number: see the order e-mails' data). */
export const money: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !MONEY.test(value))
    issues.push(`${path}: a decimal string such as "475.00"`);
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** An ISO 8601 date-time with its offset or `Z`, that Date.parse understands. */
export const dateTime: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))
    issues.push(`${path}: an ISO 8601 date-time such as "2026-11-23T14:05:00Z"`);
};

/** An ISO 4217 code in upper case. */
export const currency: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value))
    issues.push(`${path}: an ISO 4217 currency code such as "USD"`);
};

/** True for an absolute http: or https: URL (no javascript:, data: or relative paths). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL (see `isHttpUrl`). */
export const httpUrl: Check = (value, path, issues) => {
  if (!isHttpUrl(value)) issues.push(`${path}: an absolute http(s) URL`);
};

/** An e-mail address: something@something, without spaces or angle brackets. */
export const email: Check = (value, path, issues) => {
  if (typeof value !== 'string' || !/^[^\s@<>]+@[^\s@<>]+$/.test(value))
    issues.push(`${path}: an e-mail address`);
};

/** A safe integer of at least 1. */
export const positiveInteger: Check = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    issues.push(`${path}: a whole number of at least 1`);
};

/** Decorative values (logo, thumbnails, colours) fall back quietly instead of failing the e-mail. */
export const anyString: Check = (value, path, issues) => {
  if (typeof value !== 'string') issues.push(`${path}: a string`);
};

/** One of the `allowed` strings. */
export const literal =
  (...allowed: string[]): Check =>
  (value, path, issues) => {
    if (typeof value !== 'string' || !allowed.includes(value))
      issues.push(`${path}: one of ${allowed.map((a) => `'${a}'`).join(', ')}`);
  };

/** Absent (undefined), or passing `check`. */
export const optional =
  (check: Check): Check =>
  (value, path, issues) => {
    if (value !== undefined) check(value, path, issues);
  };

/** An array whose every entry passes `check`; `nonEmpty` also refuses []. */
export const list =
  (check: Check, { nonEmpty = false } = {}): Check =>
  (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push(`${path}: a list`);
      return;
    }
    if (nonEmpty && value.length === 0) issues.push(`${path}: at least one entry`);
    value.forEach((item, index) => check(item, `${path}[${index}]`, issues));
  };

/** An object whose every key of `shape` passes its check; other keys are ignored. */
export const object =
  <T>(shape: Shape<T>): Check =>
  (value, path, issues) => {
    if (!isRecord(value)) {
      issues.push(`${path}: an object`);
      return;
    }
    for (const [key, check] of Object.entries(shape) as [string, Check][]) {
      check(value[key], path ? `${path}.${key}` : key, issues);
    }
  };

/** A discriminated union: the field `tag` chooses the shape. */
export const union =
  (tag: string, shapes: Record<string, Check>): Check =>
  (value, path, issues) => {
    if (!isRecord(value)) {
      issues.push(`${path}: an object`);
      return;
    }
    const key = value[tag];
    const chosen = typeof key === 'string' && Object.hasOwn(shapes, key) ? shapes[key] : undefined;
    if (!chosen) {
      issues.push(
        `${path}.${tag}: one of ${Object.keys(shapes)
          .map((k) => `'${k}'`)
          .join(', ')}`,
      );
      return;
    }
    chosen(value, path, issues);
  };
