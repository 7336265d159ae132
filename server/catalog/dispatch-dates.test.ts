/**
 * When a piece leaves the workshop (decision 041): working days counted from the day of
 * ordering, in the shop's own week, for a piece in stock or made to order. Pure: the dates are
 * fixed (2025-01-03 is a Friday).
 */
import { addWorkingDays, DEFAULT_RULES, dispatchOf, type ShopRules } from './dispatch-dates.ts';

const MON_FRI = new Set([1, 2, 3, 4, 5]);
/** A workshop open Tuesday to Saturday. */
const TUE_SAT = new Set([2, 3, 4, 5, 6]);

const at = (iso: string) => new Date(iso);
const day = (date: Date) => date.toISOString().slice(0, 10);
const add = (from: string, days: number, week: ReadonlySet<number> = MON_FRI) =>
  day(addWorkingDays(at(from), days, week));

describe('counting working days', () => {
  it('skips the weekend of a Monday-to-Friday shop', () => {
    // Friday 3 January 2025: the next working day is Monday the 6th.
    expect(add('2025-01-03T10:00:00Z', 1)).toBe('2025-01-06');
    expect(add('2025-01-03T10:00:00Z', 2)).toBe('2025-01-07');
    expect(add('2025-01-03T10:00:00Z', 5)).toBe('2025-01-10');
    expect(add('2025-01-03T10:00:00Z', 6)).toBe('2025-01-13');
    // Ordered on a Saturday or a Sunday, the first working day is still Monday.
    expect(add('2025-01-04T10:00:00Z', 1)).toBe('2025-01-06');
    expect(add('2025-01-05T23:59:59Z', 1)).toBe('2025-01-06');
    // Monday to Tuesday is one working day.
    expect(add('2025-01-06T08:00:00Z', 1)).toBe('2025-01-07');
  });

  it('counts in the week of a shop working Tuesday to Saturday', () => {
    // Friday -> Saturday is a working day there; Saturday -> Tuesday skips Sunday and Monday.
    expect(add('2025-01-03T10:00:00Z', 1, TUE_SAT)).toBe('2025-01-04');
    expect(add('2025-01-04T10:00:00Z', 1, TUE_SAT)).toBe('2025-01-07');
    expect(add('2025-01-05T10:00:00Z', 1, TUE_SAT)).toBe('2025-01-07');
    expect(add('2025-01-06T10:00:00Z', 1, TUE_SAT)).toBe('2025-01-07');
    expect(add('2025-01-04T10:00:00Z', 5, TUE_SAT)).toBe('2025-01-11');
    expect(add('2025-01-04T10:00:00Z', 6, TUE_SAT)).toBe('2025-01-14');
  });

  it('answers the day itself for 0 days, even a day the shop does not work', () => {
    expect(add('2025-01-03T10:00:00Z', 0)).toBe('2025-01-03');
    expect(add('2025-01-05T10:00:00Z', 0)).toBe('2025-01-05');
    expect(add('2025-01-06T10:00:00Z', 0, TUE_SAT)).toBe('2025-01-06');
  });

  it('goes by the UTC calendar date and answers midnight UTC', () => {
    // 23:30 on Friday in New York is already Saturday in UTC.
    expect(add('2025-01-03T23:30:00-05:00', 1, TUE_SAT)).toBe('2025-01-07');
    expect(addWorkingDays(at('2025-01-03T17:45:12.345Z'), 1, MON_FRI).toISOString()).toBe(
      '2025-01-06T00:00:00.000Z',
    );
  });

  it('crosses month and year ends and leap days', () => {
    expect(add('2025-12-26T10:00:00Z', 3)).toBe('2025-12-31');
    expect(add('2025-12-31T10:00:00Z', 1)).toBe('2026-01-01');
    expect(add('2025-12-31T10:00:00Z', 3)).toBe('2026-01-05');
    expect(add('2024-02-23T10:00:00Z', 4)).toBe('2024-02-29');
    expect(add('2025-02-27T10:00:00Z', 2)).toBe('2025-03-03');
  });

  it('does not change the date it starts from', () => {
    const from = at('2025-01-03T10:00:00Z');
    addWorkingDays(from, 10, MON_FRI);
    expect(from.toISOString()).toBe('2025-01-03T10:00:00.000Z');
  });

  it('lands on a working day exactly n working days later, from any day of the week', () => {
    for (const week of [MON_FRI, TUE_SAT, new Set([3]), new Set([1, 2, 3, 4, 5, 6, 7])]) {
      for (let start = 0; start < 7; start++) {
        const from = new Date(Date.UTC(2025, 0, 6 + start, 12));
        for (let n = 1; n <= 30; n++) {
          const result = addWorkingDays(from, n, week);
          const weekday = ((result.getUTCDay() + 6) % 7) + 1;
          expect(week.has(weekday)).toBe(true);
          // Count the working days after `from` up to and including the result.
          let counted = 0;
          const d = new Date(Date.UTC(2025, 0, 6 + start));
          while (d < result) {
            d.setUTCDate(d.getUTCDate() + 1);
            if (week.has(((d.getUTCDay() + 6) % 7) + 1)) counted += 1;
          }
          expect(counted).toBe(n);
        }
      }
    }
  });
});

describe('a piece’s dispatch estimate', () => {
  const friday = at('2025-01-03T10:00:00Z');
  const inStock = { made_to_order: false, lead_time_days_min: null, lead_time_days_max: null };

  it('sends a piece in stock within the shop’s ready days (demo-handcraft: 1-2 working days)', () => {
    expect(DEFAULT_RULES).toEqual({
      minimumAge: 18,
      workingDays: MON_FRI,
      readyDays: [1, 2],
    });
    expect(dispatchOf(inStock, DEFAULT_RULES, friday)).toEqual({
      made_to_order: false,
      earliest: '2025-01-06',
      latest: '2025-01-07',
    });
  });

  it('ignores the lead times of a piece that is not made to order', () => {
    expect(
      dispatchOf(
        { made_to_order: false, lead_time_days_min: 15, lead_time_days_max: 20 },
        DEFAULT_RULES,
        friday,
      ),
    ).toEqual({ made_to_order: false, earliest: '2025-01-06', latest: '2025-01-07' });
  });

  it('counts a made-to-order piece’s lead time in working days', () => {
    // The nakiri (15-20), the giclee print (5-8), the copper-red ewer (20-30).
    const mto = (min: number, max: number) =>
      dispatchOf(
        { made_to_order: true, lead_time_days_min: min, lead_time_days_max: max },
        DEFAULT_RULES,
        friday,
      );
    expect(mto(15, 20)).toEqual({
      made_to_order: true,
      earliest: '2025-01-24',
      latest: '2025-01-31',
    });
    expect(mto(5, 8)).toEqual({
      made_to_order: true,
      earliest: '2025-01-10',
      latest: '2025-01-15',
    });
    expect(mto(20, 30)).toEqual({
      made_to_order: true,
      earliest: '2025-01-31',
      latest: '2025-02-14',
    });
  });

  it('follows the shop’s own week and ready days', () => {
    const rules: ShopRules = { minimumAge: 18, workingDays: TUE_SAT, readyDays: [2, 3] };
    // Ordered on Friday: Saturday, Tuesday, Wednesday.
    expect(dispatchOf(inStock, rules, friday)).toEqual({
      made_to_order: false,
      earliest: '2025-01-07',
      latest: '2025-01-08',
    });
    expect(
      dispatchOf(
        { made_to_order: true, lead_time_days_min: 5, lead_time_days_max: 8 },
        rules,
        friday,
      ),
    ).toEqual({ made_to_order: true, earliest: '2025-01-10', latest: '2025-01-15' });
  });

  it('reads a missing or inverted lead time sensibly', () => {
    const piece = (min: number | null, max: number | null) =>
      dispatchOf(
        { made_to_order: true, lead_time_days_min: min, lead_time_days_max: max },
        DEFAULT_RULES,
        friday,
      );
    // No maximum: the minimum is both ends.
    expect(piece(5, null)).toEqual({
      made_to_order: true,
      earliest: '2025-01-10',
      latest: '2025-01-10',
    });
    // A maximum below the minimum never makes the latest date earlier than the earliest.
    expect(piece(8, 5)).toEqual({
      made_to_order: true,
      earliest: '2025-01-15',
      latest: '2025-01-15',
    });
    // No lead time at all: ready the day it is ordered.
    expect(piece(null, null)).toEqual({
      made_to_order: true,
      earliest: '2025-01-03',
      latest: '2025-01-03',
    });
    expect(piece(0, 0)).toEqual({
      made_to_order: true,
      earliest: '2025-01-03',
      latest: '2025-01-03',
    });
  });
});
