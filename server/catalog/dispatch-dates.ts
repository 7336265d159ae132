/**
 * When a product leaves the workshop (decision 041; contract: Dispatch), counted in the shop's
 * working days: a product in stock within `ready_dispatch_days_min..max` working days, a
 * made-to-order product within its lead time. Dates are calendar dates (YYYY-MM-DD) in UTC.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A shop's settings the order module reads (defaults for a shop without a row). */
export interface ShopRules {
  minimumAge: number;
  /** ISO weekdays worked, Monday = 1 ... Sunday = 7. */
  workingDays: ReadonlySet<number>;
  readyDays: [number, number];
}

export const DEFAULT_RULES: ShopRules = {
  minimumAge: 18,
  workingDays: new Set([1, 2, 3, 4, 5]),
  readyDays: [1, 2],
};

/** The shop's rules (its `shop_settings` row, or the defaults). */
export async function shopRules(db: Db, tenantId: number): Promise<ShopRules> {
  const row = await db
    .selectFrom('shop_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return DEFAULT_RULES;
  const days = row.working_days
    .split(',')
    .map(Number)
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
  return {
    minimumAge: row.minimum_age,
    workingDays: new Set(days.length > 0 ? days : [1, 2, 3, 4, 5]),
    readyDays: [row.ready_dispatch_days_min, row.ready_dispatch_days_max],
  };
}

/** ISO weekday of a UTC date: Monday = 1 ... Sunday = 7. */
function isoWeekday(date: Date): number {
  return ((date.getUTCDay() + 6) % 7) + 1;
}

/**
 * The date `days` working days after `from` (the day of ordering itself does not count);
 * `days` 0 is `from` itself. `workingDays` must not be empty.
 */
export function addWorkingDays(from: Date, days: number, workingDays: ReadonlySet<number>): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (workingDays.has(isoWeekday(date))) left -= 1;
  }
  return date;
}

const ymd = (date: Date) => date.toISOString().slice(0, 10);

/** The product's dispatch estimate if ordered at `now`. */
export function dispatchOf(
  product: {
    made_to_order: boolean;
    lead_time_days_min: number | null;
    lead_time_days_max: number | null;
  },
  rules: ShopRules,
  now: Date,
): { made_to_order: boolean; earliest: string; latest: string } {
  const [min, max] = product.made_to_order
    ? [
        product.lead_time_days_min ?? 0,
        product.lead_time_days_max ?? product.lead_time_days_min ?? 0,
      ]
    : rules.readyDays;
  return {
    made_to_order: product.made_to_order,
    earliest: ymd(addWorkingDays(now, min, rules.workingDays)),
    latest: ymd(addWorkingDays(now, Math.max(min, max), rules.workingDays)),
  };
}
