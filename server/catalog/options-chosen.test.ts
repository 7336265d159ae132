/**
 * The maker's shop (decision 014) through HTTP: choosing a piece's options in the cart, the
 * refusals a shopper reads, and the surcharges priced into the line and the cart (never a price
 * the client sends). Every test uses its own customer.
 */
import { createCustomer, productBySlug } from '../test/shop.ts';
import { money, useMakersShop } from '../test/makers-shop.ts';

const { t, add, cartOf } = useMakersShop();

describe('choosing a piece’s options', () => {
  it('answers every problem with the options in words, and puts nothing in the cart', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const mug = await productBySlug(t.app, 'tenmoku-tea-mug');
    const refusals: [number, Record<string, string> | undefined, Record<string, string[]>][] = [
      [gyuto.id, undefined, { 'customization.handle': ['Choose the handle wood.'] }],
      [gyuto.id, { handle: '  ' }, { 'customization.handle': ['Choose the handle wood.'] }],
      [
        gyuto.id,
        { handle: 'oak' },
        { 'customization.handle': ['Choose one of: Walnut, Ebony, Stabilised maple.'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', colour: 'red' },
        { 'customization.colour': ['This piece has no option "colour".'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', engraving_text: 'x'.repeat(25) },
        { 'customization.engraving_text': ['At most 24 characters.'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', engraving_text: 'Ada\nLovelace' },
        { 'customization.engraving_text': ['Control characters are not allowed.'] },
      ],
      [
        gyuto.id,
        { handle: 'walnut', engraving_text: 'A\u0000L' },
        { customization: ['Null characters are not allowed.'] },
      ],
      [mug.id, { engraving_text: 'A.L.' }, { customization: ['This piece takes no options.'] }],
    ];
    for (const [productId, customization, body] of refusals) {
      const answer = await add(me, productId, 1, customization);
      expect(answer, JSON.stringify(customization)).toMatchObject({ status: 400, body });
      expect(Object.keys(answer.body)).toEqual(Object.keys(body));
    }
    expect((await cartOf(me)).body.items).toEqual([]);
    // Blank values are dropped: a mug with a blank note is a mug.
    expect(await add(me, mug.id, 1, { note: '   ' })).toMatchObject({
      status: 200,
      body: { items: [{ customization: {}, options: [] }] },
    });
  });

  it('prices the surcharges into the unit price, the line total and the cart total', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const painting = await productBySlug(t.app, 'harbour-at-dusk-oil');
    await add(me, gyuto.id, 2, { handle: 'ebony', engraving_text: 'A.L.' });
    await add(me, gyuto.id, 1, { handle: 'maple' });
    const answer = await add(me, painting.id, 1, { framing: 'walnut' });
    expect(answer.status).toBe(200);
    const ebonyEngraved = gyuto.price_cents + 2000 + 1500;
    const maple = gyuto.price_cents + 3500;
    const framed = painting.price_cents + 8000;
    expect(
      answer.body.items.map((i) => [
        i.product.slug,
        i.product.price,
        i.unit_price,
        i.quantity,
        i.line_total,
      ]),
    ).toEqual([
      ['damascus-gyuto-210mm', '385.00', money(ebonyEngraved), 2, money(ebonyEngraved * 2)],
      ['damascus-gyuto-210mm', '385.00', money(maple), 1, money(maple)],
      ['harbour-at-dusk-oil', money(painting.price_cents), money(framed), 1, money(framed)],
    ]);
    expect(answer.body.items[0]!.unit_price).toBe('420.00');
    expect(answer.body.items[1]!.options).toEqual([
      {
        key: 'handle',
        label: 'Handle wood',
        value: 'maple',
        display_value: 'Stabilised maple',
        price_delta: '35.00',
      },
    ]);
    expect(answer.body.items[2]!.options).toEqual([
      {
        key: 'framing',
        label: 'Framing',
        value: 'walnut',
        display_value: 'Walnut frame',
        price_delta: '80.00',
      },
    ]);
    expect(answer.body.total_items).toBe(4);
    expect(answer.body.total_price).toBe(money(ebonyEngraved * 2 + maple + framed));
  });

  it('keeps a 24-character engraving of accented letters, and refuses 25', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const engraving = 'Zoë & Anaïs — Noël Ærø 1';
    expect([...engraving]).toHaveLength(24);
    // More bytes than characters: the limit is in characters.
    expect(Buffer.byteLength(engraving)).toBeGreaterThan(24);
    const kept = await add(me, gyuto.id, 1, { handle: 'walnut', engraving_text: engraving });
    expect(kept.status).toBe(200);
    expect(kept.body.items[0]).toMatchObject({
      customization: { handle: 'walnut', engraving_text: engraving },
      options: [
        { key: 'handle', display_value: 'Walnut', price_delta: '0.00' },
        { key: 'engraving_text', value: engraving, display_value: engraving, price_delta: '15.00' },
      ],
      unit_price: money(gyuto.price_cents + 1500),
    });
    expect(
      await add(me, gyuto.id, 1, { handle: 'walnut', engraving_text: `${engraving}é` }),
    ).toMatchObject({
      status: 400,
      body: { 'customization.engraving_text': ['At most 24 characters.'] },
    });
    expect((await cartOf(me)).body.items).toHaveLength(1);
  });

  it('never reads a price the client sends', async () => {
    const me = await createCustomer(t.app);
    const gyuto = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const answer = await add(
      me,
      gyuto.id,
      1,
      { handle: 'ebony' },
      {
        price: '0.01',
        unit_price: '0.01',
        line_total: '0.01',
        total_price: '0.01',
        options: [{ key: 'handle', value: 'ebony', price_delta: '-400.00' }],
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toMatchObject({
      unit_price: '405.00',
      line_total: '405.00',
      options: [{ key: 'handle', price_delta: '20.00' }],
    });
    expect(answer.body.total_price).toBe('405.00');
  });
});
