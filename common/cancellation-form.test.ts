/**
 * The one rule of which lines have no 14-day right to cancel (./cancellation-form.ts
 * `lineExemptionOf`), which the server's verdict and the product page's note both follow.
 */
import { lineExemptionOf } from './cancellation-form';

const engraving = { key: 'engraving', kind: 'text' };
const wood = { key: 'handle', kind: 'choice' };
const piece = { madeToOrder: false, flaggedExempt: false, options: [wood, engraving] };

describe('which lines have no right to cancel', () => {
  it('a piece made to order, even with nothing personalised', () => {
    expect(lineExemptionOf({ ...piece, madeToOrder: true }, {})).toBe('made_to_order');
  });

  it('a piece its owner flagged exempt', () => {
    expect(lineExemptionOf({ ...piece, flaggedExempt: true }, {})).toBe('exempt');
  });

  it('a line whose text option is filled in, not one whose text is blank', () => {
    expect(lineExemptionOf(piece, { engraving: 'For Ada' })).toBe('personalised');
    expect(lineExemptionOf(piece, { engraving: '   ' })).toBeNull();
  });

  it("not a choice among the shop's standard values, nor a key the piece no longer offers", () => {
    expect(lineExemptionOf(piece, { handle: 'walnut' })).toBeNull();
    expect(lineExemptionOf(piece, { monogram: 'AL' })).toBeNull();
  });
});
