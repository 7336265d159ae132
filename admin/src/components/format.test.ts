/**
 * A time as the back office's date-and-time fields show it: the member's own clock, to the
 * minute, whatever the browser's time zone (the expected values are built in it too).
 */
import { toLocalInput } from './format';

describe('a time in a date-and-time field', () => {
  it('shows an ISO time on the browser’s clock, to the minute, zero-padded', () => {
    const at = new Date(2026, 2, 3, 9, 5, 42);
    expect(toLocalInput(at.toISOString())).toBe('2026-03-03T09:05');
    expect(toLocalInput(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31T23:59');
  });

  it('reads back as the same minute', () => {
    const iso = new Date(2026, 5, 14, 18, 30).toISOString();
    expect(new Date(toLocalInput(iso)).toISOString()).toBe(iso);
  });

  it('leaves the field empty for no time', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('')).toBe('');
  });
});
