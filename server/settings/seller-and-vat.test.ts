/**
 * Who the seller is and the VAT it charges (E-Commerce Regulations 2002 reg. 6; VAT invoices,
 * HMRC VAT Notice 700/21): the owner sets the legal name, address, e-mail, company and VAT
 * numbers and the rate in the back office (checked field by field, logged); the storefront's
 * site settings show them as `seller`; each order keeps the rate in force when it was placed
 * and answers its VAT per line, on shipping and in total, whatever the rate becomes later.
 */
import type { EmailData } from '../orders/emails/email-kinds.ts';
import { renderEmail } from '../orders/emails/render-email.ts';
import { queuedEmails } from '../test/sandbox.ts';
import { ADDRESS, call, createCustomer, postOrder, productsInStock } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { asTenant, useTestApp } from '../test/test-app.ts';

const SHOP = 'demo-handcraft';
const t = useTestApp();

let owner: Record<string, string>;
let staff: Record<string, string>;
let tenantId: number;

beforeAll(async () => {
  tenantId = await tenantIdOf(t.app.db, SHOP);
  owner = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
  );
  staff = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'staff' })),
  );
});

async function patchSite(headers: Record<string, string>, body: unknown) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings/site/',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
  };
}

interface Seller {
  legal_name: string;
  address: string;
  email: string;
  company_number: string | null;
  vat_number: string | null;
  vat_registered: boolean;
  vat_rate: string | null;
}
const storefrontSeller = async (shop = SHOP) =>
  (await call<{ seller: Seller }>(t.app, 'GET', '/pages/site-settings/', asTenant(shop))).body
    .seller;

interface OrderAnswer {
  id: number;
  order_number: string;
  shipping_price: string;
  total_price: string;
  vat_rate: string | null;
  vat_total: string | null;
  shipping_vat: string | null;
  items: { line_total: string; vat_amount: string | null }[];
}

/** Places a bank-transfer order of one unit of the cheapest piece in stock, as a new buyer. */
async function placeOrder(
  shop = SHOP,
): Promise<OrderAnswer & { readAgain(): Promise<OrderAnswer> }> {
  const buyer = await createCustomer(t.app, shop);
  const [piece] = await productsInStock(t.app, shop);
  await call(t.app, 'POST', '/orders/cart/add-item/', buyer.headers, {
    product_id: piece!.id,
    quantity: 1,
  });
  const placed = await postOrder<OrderAnswer>(t.app, buyer, {
    payment_method: 'bank_transfer',
    delivery_address: ADDRESS,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const readAgain = async () => {
    const read = await call<OrderAnswer>(
      t.app,
      'GET',
      `/orders/orders/${placed.body.id}/`,
      buyer.headers,
    );
    expect(read.status).toBe(200);
    return read.body;
  };
  return { ...(await readAgain()), readAgain };
}

const cents = (money: string) => Math.round(Number(money) * 100);

describe('the seller in the back office and on the storefront', () => {
  it('shows the demo shop as a VAT-registered company, and the pottery as charging no VAT', async () => {
    expect(await storefrontSeller()).toEqual({
      legal_name: 'Ember & Oak Workshop Ltd',
      address: 'The Old Boatyard\nQuay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
      email: 'hello@emberandoak.example',
      company_number: '09876543',
      vat_number: 'GB284735126',
      vat_registered: true,
      vat_rate: '20.00',
      // Issue 41: a UK shop, one rate for every order.
      vat_country: 'GB',
      vat_mode: 'single',
    });
    expect(await storefrontSeller('demo-pottery')).toMatchObject({
      company_number: null,
      vat_number: null,
      vat_registered: false,
      vat_rate: null,
    });
  });

  it('saves the seller tidied up, logs what changed, and the storefront shows it', async () => {
    const saved = await patchSite(owner, {
      legal_name: '  Hollow Oak Knives Ltd ',
      legal_address: ' Unit 4, Kelham Island Works \n\n 21 Alma Street\r\nSheffield S3 8SA ',
      legal_email: 'Accounts@HollowOak.example',
      company_number: '1234 5678',
      vat_number: 'gb 123 4567 89',
      vat_rate: '17.5',
    });
    expect(saved).toEqual({
      status: 200,
      body: expect.objectContaining({
        legal_name: 'Hollow Oak Knives Ltd',
        legal_address: 'Unit 4, Kelham Island Works\n21 Alma Street\nSheffield S3 8SA',
        legal_email: 'accounts@hollowoak.example',
        company_number: '12345678',
        vat_number: 'GB123456789',
        vat_registered: true,
        vat_rate: '17.50',
      }),
    });
    const [entry] = await t.app.db
      .selectFrom('activity_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('action', '=', 'settings.site.update')
      .orderBy('id', 'desc')
      .execute();
    expect(JSON.parse(entry!.before!)).toMatchObject({
      legal_name: 'Ember & Oak Workshop Ltd',
      vat_rate: '20.00',
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({
      legal_name: 'Hollow Oak Knives Ltd',
      vat_rate: '17.50',
    });
    await expect.poll(storefrontSeller, { timeout: 1000 }).toMatchObject({
      legal_name: 'Hollow Oak Knives Ltd',
      email: 'accounts@hollowoak.example',
      vat_rate: '17.50',
    });
    // Put back for the tests that follow.
    expect(
      (
        await patchSite(owner, {
          legal_name: 'Ember & Oak Workshop Ltd',
          legal_address: 'The Old Boatyard\nQuay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
          legal_email: 'hello@emberandoak.example',
          company_number: '09876543',
          vat_number: 'GB284735126',
          vat_rate: '20',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a VAT number, rate or e-mail that is not one, field by field', async () => {
    const answer = await patchSite(owner, {
      vat_number: 'GB12',
      vat_rate: '31',
      legal_email: 'not an address',
      legal_name: '   ',
      company_number: '12/34',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      vat_number: [
        'Enter a VAT number: a 2-letter country prefix and 8 to 12 letters or digits, such as GB123456789.',
      ],
      vat_rate: ['Enter a rate from 0 to 30 percent, with at most two decimals.'],
      legal_email: ['Enter a valid email address.'],
      legal_name: ['This field may not be blank.'],
      company_number: ['Enter the registration number in letters and digits, such as 01234567.'],
    });
    for (const rate of ['20.001', '-5', 'twenty', '1e1']) {
      const refused = await patchSite(owner, { vat_rate: rate });
      expect(refused, rate).toMatchObject({
        status: 400,
        body: { vat_rate: [expect.any(String)] },
      });
    }
    expect((await patchSite(owner, { vat_number: '123456789GB' })).status).toBe(400);
  });

  it('needs a rate and a VAT number while the shop is VAT registered', async () => {
    const answer = await patchSite(owner, { vat_number: null, vat_rate: '' });
    expect(answer).toEqual({
      status: 400,
      body: {
        vat_rate: ['This field is required while the shop is VAT registered.'],
        vat_number: ['This field is required while the shop is VAT registered.'],
      },
    });
    // Nothing was saved.
    expect(await storefrontSeller()).toMatchObject({
      vat_number: 'GB284735126',
      vat_rate: '20.00',
    });
  });

  it('lets only an owner change the seller', async () => {
    expect((await patchSite(staff, { legal_name: 'Staff Ltd' })).status).toBe(403);
    expect((await storefrontSeller()).legal_name).toBe('Ember & Oak Workshop Ltd');
  });
});

describe('the VAT of an order', () => {
  it('answers each line’s VAT, the shipping’s and the total at the shop’s 20 %', async () => {
    const order = await placeOrder();
    expect(order.vat_rate).toBe('20.00');
    const line = order.items[0]!;
    // VAT included in a gross price: gross × 20 / 120, rounded half-up to the cent.
    expect(cents(line.vat_amount!)).toBe(Math.floor((cents(line.line_total) * 20 * 2 + 120) / 240));
    const shipping = cents(order.shipping_price);
    expect(cents(order.shipping_vat!)).toBe(Math.floor((shipping * 20 * 2 + 120) / 240));
    expect(cents(order.vat_total!)).toBe(cents(line.vat_amount!) + cents(order.shipping_vat!));
  });

  it('keeps the rate in force when it was placed, whatever the rate becomes', async () => {
    const before = await placeOrder();
    expect((await patchSite(owner, { vat_rate: '5' })).status).toBe(200);
    try {
      const after = await placeOrder();
      expect(after.vat_rate).toBe('5.00');
      expect(cents(after.items[0]!.vat_amount!)).toBe(
        Math.floor((cents(after.items[0]!.line_total) * 5 * 2 + 105) / 210),
      );
      // The first order, read again, still holds 20 % and the same VAT.
      const again = await before.readAgain();
      expect(again.vat_rate).toBe('20.00');
      expect(again.vat_total).toBe(before.vat_total);
    } finally {
      await patchSite(owner, { vat_rate: '20' });
    }
  });

  it('has no VAT at all for a shop that is not VAT registered', async () => {
    const order = await placeOrder('demo-pottery');
    expect(order).toMatchObject({ vat_rate: null, vat_total: null, shipping_vat: null });
    expect(order.items.every((item) => item.vat_amount === null)).toBe(true);
  });
});

describe('the order e-mail', () => {
  it('says under the total what VAT it includes, and names the seller in its footer', async () => {
    const order = await placeOrder();
    const mail = (await queuedEmails(t.app, order.order_number)).find(
      (e) => e.kind === 'order_placed',
    )!;
    const data = JSON.parse(mail.data) as Extract<EmailData, { kind: 'order_placed' }>;
    expect(data.order.vatNote).toBe(`Includes VAT at 20%: $${order.vat_total}.`);
    expect(data.shop.legalLine).toBe(
      'Ember & Oak Workshop Ltd · The Old Boatyard, Quay Lane, Topsham, Exeter EX3 0JB, United Kingdom · Company no. 09876543 · VAT no. GB284735126',
    );
    const rendered = await renderEmail(data);
    for (const part of [rendered.html, rendered.text]) {
      expect(part).toContain(`Includes VAT at 20%: $${order.vat_total}.`);
      expect(part).toContain('VAT no. GB284735126');
    }
  });

  it('says that no VAT is charged by a shop that is not registered', async () => {
    const order = await placeOrder('demo-pottery');
    const mail = (await queuedEmails(t.app, order.order_number)).find(
      (e) => e.kind === 'order_placed',
    )!;
    const data = JSON.parse(mail.data) as Extract<EmailData, { kind: 'order_placed' }>;
    expect(data.order.vatNote).toBe('No VAT is charged.');
    expect(data.shop.legalLine).not.toContain('VAT no.');
  });
});
