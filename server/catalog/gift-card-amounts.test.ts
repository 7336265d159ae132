/**
 * A gift card product's fixed amounts (decision 090) as the product page offers them and the
 * cart accepts them: the column's cents, and nothing a damaged column could smuggle in. A pure
 * function: the column's text is the data.
 */
import { offeredAmounts } from './gift-card-amounts.ts';

describe('the amounts a gift card offers', () => {
  it('reads the stored cents in their order', () => {
    expect(offeredAmounts({ gift_card_amounts: '[5000,2500,10000]' })).toEqual([5000, 2500, 10000]);
  });

  it('offers only whole positive cents: no zero, negative, fraction, text or null', () => {
    expect(
      offeredAmounts({ gift_card_amounts: '[2500,0,-100,12.5,"5000",null,1e300,7500]' }),
    ).toEqual([2500, 7500]);
  });

  it('offers no fixed amount when the column is malformed or no list', () => {
    expect(offeredAmounts({ gift_card_amounts: '' })).toEqual([]);
    expect(offeredAmounts({ gift_card_amounts: '[2500,' })).toEqual([]);
    expect(offeredAmounts({ gift_card_amounts: '{"amounts":[2500]}' })).toEqual([]);
    expect(offeredAmounts({ gift_card_amounts: '[]' })).toEqual([]);
  });
});
