/**
 * The maker's shop (decision 043) through HTTP: the age gate of the knives. A cart with an
 * age-restricted piece needs the buyer's attestation of an adult's date of birth, which the order
 * keeps; a cart without one needs none and keeps none.
 */
import type { components } from '../../common/storefront-api';
import { ADULT, call, createCustomer, productBySlug } from '../test/shop.ts';
import {
  ATTESTATION_TEXT,
  MISSING_ATTESTATION,
  UNDER_18,
  bornYearsAgo,
  useMakersShop,
  ymd,
} from '../test/makers-shop.ts';

type Order = components['schemas']['Order'];

const { t, add, stockOf, order, expectNothingOrdered } = useMakersShop();

describe('the age gate', () => {
  it('asks for the attestation when a knife is bought without one, or without confirming it', async () => {
    const me = await createCustomer(t.app);
    const petty = await productBySlug(t.app, 'carbon-steel-petty-150mm');
    await add(me, petty.id, 1);
    await expectNothingOrdered(me, [petty.id], async () => {
      for (const age_attestation of [undefined, { ...ADULT, confirmed: false }]) {
        expect(await order(me, { age_attestation })).toMatchObject({
          status: 400,
          body: { age_attestation: [MISSING_ATTESTATION] },
        });
      }
    });
  });

  it('refuses a buyer who turns 18 tomorrow, and a date of birth that cannot be real', async () => {
    const me = await createCustomer(t.app);
    const petty = await productBySlug(t.app, 'carbon-steel-petty-150mm');
    await add(me, petty.id, 1);
    await expectNothingOrdered(me, [petty.id], async () => {
      expect(
        await order(me, {
          age_attestation: { date_of_birth: bornYearsAgo(18, 1), confirmed: true },
        }),
      ).toMatchObject({ status: 400, body: { 'age_attestation.date_of_birth': [UNDER_18] } });
      // A day that does not exist is refused by the contract's date format first.
      expect(
        await order(me, { age_attestation: { date_of_birth: '2007-02-30', confirmed: true } }),
      ).toEqual({
        status: 400,
        body: { 'age_attestation.date_of_birth': ['Enter a valid date.'] },
        headers: expect.anything(),
      });
      // A well-formed date that cannot be a buyer's: tomorrow, or before 1900.
      const tomorrow = ymd(new Date(Date.now() + 86_400_000));
      for (const date_of_birth of [tomorrow, '1899-12-31']) {
        expect(await order(me, { age_attestation: { date_of_birth, confirmed: true } })).toEqual({
          status: 400,
          body: { 'age_attestation.date_of_birth': ['Enter a real date of birth.'] },
          headers: expect.anything(),
        });
      }
    });
  });

  it('places the order of a buyer who is 18 today, for adult signature, and keeps the attestation', async () => {
    const me = await createCustomer(t.app);
    const petty = await productBySlug(t.app, 'carbon-steel-petty-150mm');
    const before = await stockOf(petty.id);
    await add(me, petty.id, 1);
    const dateOfBirth = bornYearsAgo(18);
    const since = Date.now();
    const placed = await order(me, {
      age_attestation: { date_of_birth: dateOfBirth, confirmed: true },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      needs_adult_signature: true,
      age_attestation: {
        date_of_birth: dateOfBirth,
        confirmed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        text: ATTESTATION_TEXT,
      },
      items: [{ product_slug: 'carbon-steel-petty-150mm', age_restricted: true }],
      shipments: [{ method: 'uk-age-verified', age_verified: true, price: '9.50' }],
    });
    const confirmedAt = Date.parse(placed.body.age_attestation!.confirmed_at);
    expect(confirmedAt).toBeGreaterThanOrEqual(since - 1000);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await stockOf(petty.id)).toBe(before - 1);
    // The order reads back the same.
    const read = await call<Order>(t.app, 'GET', `/orders/orders/${placed.body.id}/`, me.headers);
    expect(read.body).toMatchObject({
      needs_adult_signature: true,
      age_attestation: placed.body.age_attestation,
    });
  });

  it('needs no attestation for a cart without age-restricted pieces, and keeps none', async () => {
    for (const age_attestation of [
      undefined,
      { ...ADULT, confirmed: false },
      { date_of_birth: bornYearsAgo(10), confirmed: true },
      ADULT,
    ]) {
      const me = await createCustomer(t.app);
      const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
      await add(me, mug.id, 1);
      const placed = await order(me, { age_attestation });
      expect(placed.status, JSON.stringify(age_attestation)).toBe(201);
      expect(placed.body).toMatchObject({ needs_adult_signature: false, age_attestation: null });
    }
  });
});
