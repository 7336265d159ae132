/**
 * The maker's shop (decisions 014, 041 and 043) through HTTP: what a piece's page says about its
 * options, its age restriction, whether it is made to order, and when it leaves the workshop,
 * counted in each shop's own working week.
 */
import { GYUTO, MON_SAT, expectDispatch, useMakersShop } from '../test/makers-shop.ts';

const { product } = useMakersShop();

describe('a piece’s page', () => {
  it('shows a knife’s options with their surcharges, its age restriction and when it leaves the workshop', async () => {
    const since = new Date();
    const answer = await product('damascus-gyuto-210mm');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      slug: 'damascus-gyuto-210mm',
      name: GYUTO,
      price: '385.00',
      options: [
        {
          key: 'handle',
          label: 'Handle wood',
          kind: 'choice',
          required: true,
          values: [
            { value: 'walnut', label: 'Walnut', price_delta: '0.00' },
            { value: 'ebony', label: 'Ebony', price_delta: '20.00' },
            { value: 'maple', label: 'Stabilised maple', price_delta: '35.00' },
          ],
          max_length: null,
          price_delta: '0.00',
        },
        {
          key: 'engraving_text',
          label: 'Engraving',
          kind: 'text',
          required: false,
          values: [],
          max_length: 24,
          price_delta: '15.00',
        },
      ],
      made_to_order: false,
      lead_time_days_min: null,
      lead_time_days_max: null,
      age_restricted: true,
    });
    // In stock: within 1 to 2 of the workshop's working days.
    expectDispatch(answer.body.dispatch, since, false, [1, 2]);
  });

  it('shows a made-to-order piece’s lead time, and its dispatch in working days from today', async () => {
    const since = new Date();
    const products: [string, [number, number], boolean][] = [
      ['kurouchi-nakiri-170mm', [15, 20], true],
      ['upland-pasture-giclee-print', [5, 8], false],
      ['copper-red-ewer', [20, 30], false],
    ];
    for (const [slug, [min, max], restricted] of products) {
      const answer = await product(slug);
      expect(answer.status).toBe(200);
      expect(answer.body, slug).toMatchObject({
        options: [],
        made_to_order: true,
        lead_time_days_min: min,
        lead_time_days_max: max,
        age_restricted: restricted,
      });
      expectDispatch(answer.body.dispatch, since, true, [min, max]);
    }
    // The nakiri is made to order although none is in stock.
    expect((await product('kurouchi-nakiri-170mm')).body.stock).toBe(0);
  });

  it('shows a piece without options or restriction, and counts in each shop’s own week', async () => {
    const since = new Date();
    const mug = await product('tenmoku-tea-mug');
    expect(mug.body).toMatchObject({
      options: [],
      made_to_order: false,
      lead_time_days_min: null,
      lead_time_days_max: null,
      age_restricted: false,
    });
    expectDispatch(mug.body.dispatch, since, false, [1, 2]);
    // The pottery works Monday to Saturday and dispatches in 2 to 3 working days.
    const potteryMug = await product('river-clay-morning-mug', 'demo-pottery');
    expect(potteryMug.body).toMatchObject({ made_to_order: false, age_restricted: false });
    expectDispatch(potteryMug.body.dispatch, since, false, [2, 3], MON_SAT);
  });
});
