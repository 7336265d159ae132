/**
 * The days the sales view and the exports read: `YYYY-MM-DD` UTC days (the shop keeps no time
 * zone of its own), checked once here so both refuse the same ranges with the same words.
 */
import { DomainError } from '../platform/domain-error.ts';
import type { OrderErrorCode } from './errors.ts';

/** The longest range the sales view and the exports take: a leap year. */
export const MAX_SALES_DAYS = 366;

/** The words of a refused range of days (400 on `from` or `to`), quoted by the tests. */
export const SALES_DAY_MESSAGES = {
  invalid: 'Enter a valid date.',
  required: 'Choose the first and the last day.',
  backwards: 'The last day cannot be before the first.',
  tooLong: `Choose at most ${MAX_SALES_DAYS} days.`,
} as const;

const DAY_MS = 86_400_000;

/** A range of whole UTC days, both ends included. */
export interface DayRange {
  /** `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** How many days it holds (1 or more). */
  days: number;
  /** Midnight UTC starting `from`, ISO. */
  startIso: string;
  /** Midnight UTC after `to`, ISO (exclusive). */
  endIso: string;
}

/** Midnight UTC of a real `YYYY-MM-DD` day from 2000 to 2099, or null. */
function dayStartMs(day: unknown): number | null {
  if (typeof day !== 'string' || !/^20\d{2}-\d{2}-\d{2}$/.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? null : at;
}

/** The UTC day of `ms` as `YYYY-MM-DD`. */
export function dayOf(ms: number | Date): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The range of `days` days starting at midnight `startMs`. */
export function rangeOf(startMs: number, days: number): DayRange {
  return {
    from: dayOf(startMs),
    to: dayOf(startMs + (days - 1) * DAY_MS),
    days,
    startIso: new Date(startMs).toISOString(),
    endIso: new Date(startMs + days * DAY_MS).toISOString(),
  };
}

/** The range of as many days ending the day before `range` starts. */
export function rangeBefore(range: DayRange): DayRange {
  return rangeOf(Date.parse(range.startIso) - range.days * DAY_MS, range.days);
}

/** The `days` days ending with today (UTC), today included. */
export function lastDays(now: Date, days: number): DayRange {
  const today = Date.parse(`${dayOf(now)}T00:00:00.000Z`);
  return rangeOf(today - (days - 1) * DAY_MS, days);
}

/**
 * The range from `from` to `to`, both included.
 * @throws DomainError `invalid_order_input` (400) with field errors: a missing day
 *   ("Choose the first and the last day."), one that is not a real day from 2000 to 2099 or
 *   holds anything else ("Enter a valid date."), `to` before `from`, or more than
 *   {@link MAX_SALES_DAYS} days (on `to`).
 */
export function dayRange(from: unknown, to: unknown): DayRange {
  const fields: Record<string, string[]> = {};
  const start = dayStartMs(from);
  const end = dayStartMs(to);
  if (from === undefined || from === '') fields.from = [SALES_DAY_MESSAGES.required];
  else if (start === null) fields.from = [SALES_DAY_MESSAGES.invalid];
  if (to === undefined || to === '') fields.to = [SALES_DAY_MESSAGES.required];
  else if (end === null) fields.to = [SALES_DAY_MESSAGES.invalid];
  if (start !== null && end !== null) {
    if (end < start) fields.to = [SALES_DAY_MESSAGES.backwards];
    else if ((end - start) / DAY_MS + 1 > MAX_SALES_DAYS) fields.to = [SALES_DAY_MESSAGES.tooLong];
  }
  if (Object.keys(fields).length > 0 || start === null || end === null) {
    throw new DomainError<OrderErrorCode>('invalid_order_input', SALES_DAY_MESSAGES.invalid, {
      fields,
    });
  }
  return rangeOf(start, (end - start) / DAY_MS + 1);
}
