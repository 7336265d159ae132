import { describe, expect, it } from 'vitest';
import { dispatchRange, madeToOrderPhrase } from './dispatch';

describe('madeToOrderPhrase', () => {
  it("says 'Made to order: ships in 3–4 weeks' for 15–20 working days", () => {
    expect(madeToOrderPhrase(15, 20)).toBe('Made to order: ships in 3–4 weeks');
  });

  it('gives the working days themselves below two weeks, and one number when both agree', () => {
    expect(madeToOrderPhrase(5, 8)).toBe('Made to order: ships in 5–8 working days');
    expect(madeToOrderPhrase(1, 1)).toBe('Made to order: ships in 1 working day');
    expect(madeToOrderPhrase(20, 20)).toBe('Made to order: ships in 4 weeks');
  });
});

describe('dispatchRange', () => {
  it('reads a range in one month, and one across a year end, in en-US', () => {
    expect(dispatchRange({ earliest: '2026-12-01', latest: '2026-12-04' }, 'en-US')).toBe(
      'Dec 1 – 4, 2026',
    );
    expect(dispatchRange({ earliest: '2026-12-28', latest: '2027-01-05' }, 'en-US')).toBe(
      'Dec 28, 2026 – Jan 5, 2027',
    );
  });

  it('uses plain spaces whatever the ICU, so a server render hydrates in any browser', () => {
    const text = dispatchRange({ earliest: '2026-12-01', latest: '2026-12-04' }, 'en-US');
    expect(text).not.toMatch(/[\u2009\u202f]/);
  });

  it("gives one date when both ends agree, and '' for a date that does not parse", () => {
    expect(dispatchRange({ earliest: '2026-11-25', latest: '2026-11-25' }, 'en-US')).toBe(
      'Nov 25, 2026',
    );
    expect(dispatchRange({ earliest: 'soon', latest: '2026-11-25' }, 'en-US')).toBe('');
  });
});
