/**
 * What the order e-mails say about a maker's order (decisions 014, 041, 042 and 043): the options
 * in words, when a made-to-order piece leaves the workshop, how each line travels, the shipping on
 * the totals, the age-restricted handover and the collection, the country by name.
 */
import type { components } from '../../common/storefront-api';
import { addWorkingDays, DEFAULT_RULES } from '../catalog/dispatch-dates.ts';
import type { EmailData, OrderEmailData } from './emails/email-kinds.ts';
import { formatDate } from '../platform/mail/templates/format.ts';
import { renderEmail } from './emails/render-email.ts';
import { queuedEmails } from '../test/sandbox.ts';
import {
  ADDRESS,
  call,
  createCustomer,
  postOrder,
  productBySlug,
  setProduct,
  tenantId,
} from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Order = components['schemas']['Order'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ymd = (date: Date) => date.toISOString().slice(0, 10);

describe('the e-mails of an engraved knife delivered and a print made to order and collected', () => {
  it('name the options, the dates, the methods, the handover and the collection', async () => {
    const me = await createCustomer(t.app);
    const knife = await productBySlug(t.app, 'damascus-gyuto-210mm');
    const print = await productBySlug(t.app, 'upland-pasture-giclee-print');
    await setProduct(t.app, knife.id, { stock: 5 });
    const add = (product_id: number, customization?: object) =>
      call<{ items: { id: number }[] }>(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
        product_id,
        quantity: 1,
        ...(customization ? { customization } : {}),
      });
    expect((await add(knife.id, { handle: 'walnut', engraving_text: 'For Ada' })).status).toBe(200);
    const cart = await add(print.id);
    const [knifeLine, printLine] = cart.body.items.map((i) => i.id) as [number, number];

    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      shipping: [
        { item_id: knifeLine, method: 'uk-age-verified' },
        { item_id: printLine, method: 'collection' },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const mail = (await queuedEmails(t.app, placed.body.order_number)).find(
      (e) => e.kind === 'order_placed',
    )!;
    const data = JSON.parse(mail.data) as Extract<EmailData, { kind: 'order_placed' }>;
    const today = new Date();
    const made = (days: number) =>
      formatDate(`${ymd(addWorkingDays(today, days, DEFAULT_RULES.workingDays))}T00:00:00Z`);
    expect(data.order.lines).toEqual([
      expect.objectContaining({
        name: 'Damascus Gyuto 210mm',
        unitPrice: ((knife.price_cents + 1500) / 100).toFixed(2),
        options: [
          { label: 'Handle wood', value: 'Walnut' },
          { label: 'Engraving', value: 'For Ada' },
        ],
        notes: ['By Age-verified delivery (DPD)'],
      }),
      expect.objectContaining({
        name: print.name,
        notes: [
          `Made to order: leaves the workshop between ${made(5)} and ${made(8)}`,
          'Collect from the workshop',
        ],
      }),
    ]);
    expect(data.order.shipping).toEqual({
      kind: 'charged',
      amount: '9.50',
      method: 'Age-verified delivery (DPD) and Collect from the workshop',
    });
    expect(data.order.subtotal).toBe(
      ((knife.price_cents + 1500 + print.price_cents) / 100).toFixed(2),
    );
    expect(data.order.total).toBe(placed.body.total_price);
    expect(data.order.deliveryAddress).toMatchObject({ country: 'United Kingdom' });
    expect(data.order.deliveryAddress.collected).toBeUndefined();
    expect(data.order.orderNotes).toEqual([
      'Age-restricted pieces are handed over only to an adult who shows proof of age, at the door or at the workshop.',
      'Collect from the workshop: 12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
    ]);

    // And the shopper reads it so.
    const email = await renderEmail(data);
    expect(email.text).toMatch(
      /^Shipping \(Age-verified delivery \(DPD\) and Collect from the workshop\): \$9\.50$/m,
    );
    expect(email.text).toContain('Engraving: For Ada');
    expect(email.text).toContain(`Made to order: leaves the workshop between ${made(5)}`);
  });

  it('say "Collected by" when every line is collected, without the blank address lines', async () => {
    const me = await createCustomer(t.app);
    const print = await productBySlug(t.app, 'upland-pasture-giclee-print');
    await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: print.id,
      quantity: 1,
    });
    const cart = await call<{ items: { id: number }[] }>(t.app, 'GET', '/orders/cart/', me.headers);
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: { ...ADDRESS, street: '', city: '', postalCode: '' },
      shipping: [{ item_id: cart.body.items[0]!.id, method: 'collection' }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const mail = (await queuedEmails(t.app, placed.body.order_number)).find(
      (e) => e.kind === 'order_placed',
    )!;
    const data = JSON.parse(mail.data) as OrderEmailData;
    expect(data.order.deliveryAddress).toMatchObject({ collected: true, street: '' });
    expect(data.order.shipping).toEqual({ kind: 'free', method: 'Collect from the workshop' });
    const email = await renderEmail(data);
    expect(email.text).toMatch(/COLLECTED BY\n\nAda Lovelace\nUnited Kingdom\nPhone: /);
  });
});

describe('the e-mails of a shop priced in pounds (issue 38)', () => {
  it('write every amount in pounds, the VAT included too, for the shopper and the shop', async () => {
    const pottery = await tenantId(t.app, 'demo-pottery');
    // VAT registered, so the e-mails carry the VAT sentence with its amount.
    await t.app.db
      .updateTable('site_settings')
      .set({ vat_registered: 1, vat_rate_bp: 2000 })
      .where('tenant_id', '=', pottery)
      .execute();
    const me = await createCustomer(t.app, 'demo-pottery');
    const mug = await productBySlug(t.app, 'river-clay-morning-mug', 'demo-pottery');
    await call(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: mug.id,
      quantity: 2,
    });
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const mails = await queuedEmails(t.app, placed.body.order_number);
    const kinds = mails.map((mail) => mail.kind);
    expect(kinds).toContain('order_placed');
    for (const mail of mails) {
      const data = JSON.parse(mail.data) as EmailData;
      const email = await renderEmail(data);
      expect(email.text, mail.kind).not.toContain('$');
      expect(email.html, mail.kind).not.toMatch(/\$\d/);
    }
    const shoppers = mails.find((mail) => mail.kind === 'order_placed')!;
    const data = JSON.parse(shoppers.data) as OrderEmailData;
    expect(data.order.currency).toBe('GBP');
    const email = await renderEmail(data);
    const unit = (mug.price_cents / 100).toFixed(2);
    const lines = ((2 * mug.price_cents) / 100).toFixed(2);
    expect(email.text).toMatch(new RegExp(`^2 × £${unit} = £${lines}$`, 'm'));
    expect(email.text).toMatch(new RegExp(`^Total: £${placed.body.total_price}$`, 'm'));
    expect(email.text).toMatch(/Includes VAT at 20%: £\d+\.\d{2}\./);
  });
});
