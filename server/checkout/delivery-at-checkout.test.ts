/**
 * The maker's shop (decision 042) through HTTP: checking out with a delivery method for every
 * line, the methods and countries a knife may not use, and the address a delivered order needs
 * but a collected one does not. A refused checkout orders nothing and moves no stock.
 */
import { ADDRESS, createCustomer, productBySlug } from '../test/shop.ts';
import { AGE_VERIFIED_ONLY, BLANK, GYUTO, useMakersShop } from '../test/makers-shop.ts';

const { t, add, stockOf, order, expectNothingOrdered, choices } = useMakersShop();

describe('checking out with delivery', () => {
  it('asks how each line is delivered when a choice is missing, and orders nothing', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await add(me, mug.id, 1);
    await add(me, gyuto.id, 1, { handle: 'walnut' });
    await expectNothingOrdered(me, [mug.id, gyuto.id], async () => {
      expect(await order(me, { shipping: [] })).toMatchObject({
        status: 400,
        body: {
          shipping: [
            'Choose how Tenmoku Tea Mug is delivered.',
            `Choose how ${GYUTO} is delivered.`,
          ],
        },
      });
      const knifeOnly = (await choices(me, { 'damascus-gyuto-210mm': 'uk-age-verified' })).filter(
        (c) => c.method,
      );
      expect(await order(me, { shipping: knifeOnly })).toMatchObject({
        status: 400,
        body: { shipping: ['Choose how Tenmoku Tea Mug is delivered.'] },
      });
    });
  });

  it('refuses a knife by standard post, in the words of the law', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await add(me, gyuto.id, 1, { handle: 'walnut' });
    await expectNothingOrdered(me, [gyuto.id], async () => {
      for (const method of ['uk-standard', 'uk-express']) {
        const shipping = await choices(me, { 'damascus-gyuto-210mm': method });
        expect(await order(me, { shipping })).toMatchObject({
          status: 400,
          body: { shipping: [AGE_VERIFIED_ONLY] },
        });
      }
    });
  });

  it('refuses to post a knife to the United States', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await add(me, gyuto.id, 1, { handle: 'walnut' });
    await expectNothingOrdered(me, [gyuto.id], async () => {
      const shipping = await choices(me, { 'damascus-gyuto-210mm': 'us-standard' });
      expect(
        await order(me, { delivery_address: { ...ADDRESS, country: 'US' }, shipping }),
      ).toMatchObject({
        status: 400,
        body: { shipping: [`${GYUTO} cannot be shipped to United States.`] },
      });
    });
  });

  it('refuses an address in a country the shop does not ship to', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    await add(me, mug.id, 1);
    await expectNothingOrdered(me, [mug.id], async () => {
      for (const country of ['CA', 'ca']) {
        const shipping = await choices(me, { 'tenmoku-tea-mug': 'uk-standard' });
        expect(
          await order(me, { delivery_address: { ...ADDRESS, country }, shipping }),
        ).toMatchObject({
          status: 400,
          body: { 'delivery_address.country': ['We do not ship to Canada.'] },
        });
      }
      // A country's name is not its code.
      expect(
        await order(me, { delivery_address: { ...ADDRESS, country: 'United Kingdom' } }),
      ).toMatchObject({ status: 400, body: { 'delivery_address.country': [expect.any(String)] } });
    });
  });

  it('places an order collected from the workshop without a street, city or postal code', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const before = await stockOf(mug.id);
    await add(me, mug.id, 2);
    const shipping = await choices(me, { 'tenmoku-tea-mug': 'collection' });
    const address = { ...ADDRESS, street: '', city: '  ', postalCode: '' };
    const placed = await order(me, {
      delivery_address: address,
      shipping,
      expected_total_price: '90.00',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      delivery_address: { ...ADDRESS, street: '', city: '', postalCode: '' },
      subtotal: '90.00',
      shipping_price: '0.00',
      total_price: '90.00',
      shipments: [{ method: 'collection', kind: 'collection', price: '0.00' }],
      needs_adult_signature: false,
      age_attestation: null,
    });
    expect(await stockOf(mug.id)).toBe(before - 2);
  });

  it('refuses a delivered order with a blank city, even when another line is collected', async () => {
    const me = await createCustomer(t.app);
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const spoon = await productBySlug(t.app, 'cherry-cooking-spoon');
    await add(me, mug.id, 1);
    await add(me, spoon.id, 1);
    await expectNothingOrdered(me, [mug.id, spoon.id], async () => {
      expect(await order(me, { delivery_address: { ...ADDRESS, city: '' } })).toMatchObject({
        status: 400,
        body: { 'delivery_address.city': [BLANK] },
      });
      const shipping = await choices(me, {
        'tenmoku-tea-mug': 'collection',
        'cherry-cooking-spoon': 'uk-standard',
      });
      const answer = await order(me, {
        delivery_address: { ...ADDRESS, city: ' ', postalCode: '' },
        shipping,
      });
      expect(answer).toEqual({
        status: 400,
        body: {
          'delivery_address.city': [BLANK],
          'delivery_address.postalCode': [BLANK],
        },
        headers: expect.anything(),
      });
    });
  });

  it('answers a blank address with the other field errors only when a line is delivered', async () => {
    // The pottery takes no cards: the payment method's error comes before the transaction.
    const potter = await createCustomer(t.app, 'demo-pottery');
    const mug = await productBySlug(t.app, 'river-clay-morning-mug', 'demo-pottery');
    await add(potter, mug.id, 1);
    const collected = await choices(potter, { 'river-clay-morning-mug': 'collection' });
    const delivered = await choices(potter, { 'river-clay-morning-mug': 'uk-standard' });
    const body = (shipping: unknown) => ({
      payment_method: 'card_2c2p',
      delivery_address: { ...ADDRESS, city: '' },
      shipping,
    });
    await expectNothingOrdered(potter, [mug.id], async () => {
      expect(await order(potter, body(collected))).toEqual({
        status: 400,
        body: { payment_method: ['This payment method is not available.'] },
        headers: expect.anything(),
      });
      expect(await order(potter, body(delivered))).toEqual({
        status: 400,
        body: {
          payment_method: ['This payment method is not available.'],
          'delivery_address.city': [BLANK],
        },
        headers: expect.anything(),
      });
    });
  });
});
