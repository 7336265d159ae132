/**
 * One VAT for an order with gift cards wherever it is shown (decision 090): the order's answer
 * and invoice (the read model), the accountant's orders CSV, the sales view and the OSS return
 * (the SQL of ./sales-rules.ts `ORDER_VAT_CENTS`) all give what common/gift-card-vat.ts
 * `voucherOrderVat` gives: no VAT on a line that sells a multi-purpose card, what single-purpose
 * cards paid not taxed again. Orders are written straight into the database (any lines,
 * discounts, gift card lines and card payments); on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { sql } from 'kysely';
import { parse as parseCsv } from 'csv-parse/sync';
import { voucherOrderVat } from '../../common/gift-card-vat.ts';
import { toMinorUnits } from '../../common/money.ts';
import { createShop, createShopper, insertOrder } from '../test/order-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import { toOrders, type Order } from './read-model.ts';
import { ossReport } from './oss-report.ts';
import { salesExport } from './sales-exports.ts';
import { salesReport } from './sales-report.ts';
import { ORDER_VAT_CENTS } from './sales-rules.ts';

const t = useTestApp();
const cents = (decimal: string | null | undefined) => toMinorUnits(decimal ?? '0')!;

/** A line of a made order: its total, its share of a discount code, and the card it sells. */
interface LineSpec {
  cents: number;
  discount?: number;
  /** `mpv`/`spv`: a gift card line of that kind; `unmarked`: one stored without a kind. */
  gift?: 'mpv' | 'spv' | 'unmarked';
}

/** An order to write: lines, shipping, rate, and what gift cards paid of it. */
interface OrderSpec {
  lines: LineSpec[];
  shipping: number;
  vatBp: number;
  vatCountry?: string;
  /** SPV cards' moves on the order: each card spent `spent` and had `givenBack` put back. */
  spv?: { spent: number; givenBack?: number }[];
  /** What an MPV card paid of it. */
  mpvPaid?: number;
  paidAt: string;
}

const giftChoice = (kind: LineSpec['gift']) =>
  JSON.stringify({
    amount_cents: 5000,
    recipient_name: 'Ada "voucher":"spv" Lovelace',
    recipient_email: 'ada@example.com',
    message: '',
    deliver_on: '2026-10-01',
    ...(kind === 'unmarked' ? {} : { voucher: kind }),
  });

/** A gift card of the shop of `voucher` kind that paid `spent` of order `orderId` (less `back`). */
async function cardPaid(
  tenantId: number,
  orderId: number,
  voucher: 'spv' | 'mpv',
  spent: number,
  back = 0,
) {
  const now = new Date().toISOString();
  const card = await t.app.db
    .insertInto('gift_cards')
    .values({
      tenant_id: tenantId,
      code_hash: null,
      last_four: null,
      currency: 'GBP',
      initial_cents: spent,
      balance_cents: back,
      status: 'active',
      source: 'sold',
      voucher,
      vat_rate_bp: voucher === 'spv' ? 2000 : null,
      order_item_id: null,
      recipient_name: 'Grace',
      recipient_email: 'grace@example.com',
      message: '',
      reason: null,
      deliver_on: '2026-10-01',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const move = (kind: 'spent' | 'given_back', amount: number) => ({
    tenant_id: tenantId,
    gift_card_id: card.id,
    kind,
    amount_cents: amount,
    order_id: orderId,
    note: null,
    at: now,
  });
  await t.app.db
    .insertInto('gift_card_moves')
    .values([move('spent', spent), ...(back > 0 ? [move('given_back', back)] : [])])
    .execute();
}

/** Writes the order of `spec` for shopper `userId` of shop `tenantId`, paid at `spec.paidAt`. */
async function makeOrder(tenantId: number, userId: number, spec: OrderSpec) {
  const made = await insertOrder(t.app.db, tenantId, {
    userId,
    status: 'paid',
    placedAt: new Date(spec.paidAt),
    lines: spec.lines.map((line, i) => ({
      name: line.gift ? `Gift card ${i + 1}` : `Knife ${i + 1}`,
      cents: line.cents,
    })),
  });
  const items = await t.app.db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', made.id)
    .orderBy('id')
    .execute();
  for (const [i, line] of spec.lines.entries()) {
    await t.app.db
      .updateTable('order_items')
      .set({
        discount_cents: line.discount ?? 0,
        gift_card: line.gift ? giftChoice(line.gift) : null,
      })
      .where('id', '=', items[i]!.id)
      .execute();
  }
  const discount = spec.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  const spvPaid = (spec.spv ?? []).reduce((sum, c) => sum + c.spent - (c.givenBack ?? 0), 0);
  await t.app.db
    .updateTable('orders')
    .set({
      paid_at: spec.paidAt,
      shipping_cents: spec.shipping,
      discount_cents: discount,
      total_cents: made.total_cents - discount + spec.shipping,
      gift_card_cents: spvPaid + (spec.mpvPaid ?? 0),
      vat_rate_bp: spec.vatBp,
      vat_country: spec.vatCountry ?? 'GB',
    })
    .where('id', '=', made.id)
    .execute();
  for (const card of spec.spv ?? []) {
    await cardPaid(tenantId, made.id, 'spv', card.spent, card.givenBack);
  }
  if (spec.mpvPaid) await cardPaid(tenantId, made.id, 'mpv', spec.mpvPaid);
  return { ...made, spvPaid };
}

/** The orders of the shop as their answer (and invoice) gives them, by id. */
async function readModel(tenantId: number): Promise<Map<number, Order>> {
  const rows = await t.app.db
    .selectFrom('orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .execute();
  const orders = await toOrders(t.app.db, rows, {
    now: new Date(),
    cardOrderTtlSeconds: 3600,
    cardPayments: false,
  });
  return new Map(orders.map((o) => [o.id, o]));
}

/** `ORDER_VAT_CENTS` of each of the shop's orders, by id. */
async function sqlVat(tenantId: number): Promise<Map<number, number>> {
  const rows = await sql<{ id: number; vat: number | string }>`
    select o.id as id, ${ORDER_VAT_CENTS} as vat from orders o where o.tenant_id = ${tenantId}`.execute(
    t.app.db,
  );
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.vat)]));
}

/** A small deterministic generator (mulberry32), so a failure is the same on every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the SQL of the sales view's VAT", () => {
  it('gives each of fifty generated orders the VAT voucherOrderVat and its answer give it', async () => {
    const shop = await createShop(t.app.db);
    const shopper = await createShopper(t.app.db, shop.id);
    const random = generator(42);
    const int = (max: number) => Math.floor(random() * (max + 1));
    const specs: OrderSpec[] = [];
    for (let n = 0; n < 50; n++) {
      const lines: LineSpec[] = Array.from({ length: 1 + int(3) }, () => {
        const lineCents = [0, 1, 3, 999, 4_750, 12_345, 250_000][int(6)]! + int(50_000);
        const roll = random();
        const gift = roll < 0.2 ? 'mpv' : roll < 0.3 ? 'spv' : roll < 0.35 ? 'unmarked' : undefined;
        const discount = !gift && random() < 0.3 ? int(lineCents) : 0;
        return { cents: lineCents, discount, ...(gift ? { gift } : {}) };
      });
      const shipping = random() < 0.4 ? 0 : 1 + int(2_000);
      const total = lines.reduce((sum, l) => sum + l.cents - (l.discount ?? 0), shipping);
      const paying = random();
      // Nothing, an MPV only, part, all or more than all of the total by SPVs (one given back).
      const spv =
        paying < 0.2
          ? []
          : paying < 0.3
            ? []
            : paying < 0.5
              ? [{ spent: 1 + int(total) }]
              : paying < 0.65
                ? [{ spent: int(total) + 1, givenBack: int(500) }, { spent: int(3_000) }]
                : paying < 0.85
                  ? [{ spent: total }]
                  : [{ spent: total + 1 + int(5_000) }];
      specs.push({
        lines,
        shipping,
        vatBp: [2000, 1900, 550, 2100, 0][int(4)]!,
        spv: spv.map((c) => ({ ...c, givenBack: Math.min(c.givenBack ?? 0, c.spent) })),
        mpvPaid: paying >= 0.2 && paying < 0.3 ? 1 + int(total) : 0,
        paidAt: '2026-10-20T10:00:00.000Z',
      });
    }
    // The edges by hand: shipping the only taxed figure; only MPV lines; a zero line last.
    specs.push(
      {
        lines: [{ cents: 5_000, gift: 'mpv' }],
        shipping: 450,
        vatBp: 2000,
        spv: [{ spent: 100 }],
        paidAt: '2026-10-20T10:00:00.000Z',
      },
      {
        lines: [{ cents: 5_000, gift: 'mpv' }],
        shipping: 0,
        vatBp: 2000,
        spv: [{ spent: 100 }],
        paidAt: '2026-10-20T10:00:00.000Z',
      },
      {
        lines: [{ cents: 7_001 }, { cents: 3_333 }, { cents: 500, discount: 500 }],
        shipping: 0,
        vatBp: 2000,
        spv: [{ spent: 4_567 }],
        paidAt: '2026-10-20T10:00:00.000Z',
      },
    );
    const made = [];
    for (const spec of specs)
      made.push({ spec, order: await makeOrder(shop.id, shopper.id, spec) });
    const [bySql, answers] = await Promise.all([sqlVat(shop.id), readModel(shop.id)]);
    let shared = 0;
    for (const { spec, order } of made) {
      const rule = voucherOrderVat(
        spec.lines.map((l) => ({
          cents: l.cents - (l.discount ?? 0),
          sellsMpv: l.gift !== undefined && l.gift !== 'spv',
        })),
        spec.shipping,
        spec.vatBp,
        order.spvPaid,
      )!;
      const context = JSON.stringify(spec);
      expect(bySql.get(order.id), context).toBe(rule.total);
      expect(cents(answers.get(order.id)!.vat_total), context).toBe(rule.total);
      if (order.spvPaid > 0) shared++;
    }
    // Enough of them were part-paid by SPVs to test the shares.
    expect(shared).toBeGreaterThan(20);
  });
});

describe("an order's VAT in the CSV, the sales view and the OSS return", () => {
  const PAID = '2026-10-20T10:00:00.000Z';
  let shop: { id: number };
  let mixed: { id: number; order_number: string };
  let spvPart: { id: number; order_number: string };

  beforeAll(async () => {
    shop = await createShop(t.app.db);
    await t.app.db
      .updateTable('tenants')
      .set({ currency: 'GBP' })
      .where('id', '=', shop.id)
      .execute();
    const shopper = await createShopper(t.app.db, shop.id);
    // A 50.00 MPV gift card and a 120.00 knife, 5.00 shipping, at 20 %: VAT 20.00 + 0.83.
    mixed = await makeOrder(shop.id, shopper.id, {
      lines: [{ cents: 5_000, gift: 'mpv' }, { cents: 12_000 }],
      shipping: 500,
      vatBp: 2000,
      paidAt: PAID,
    });
    // An 80.00 knife and 4.50 shipping taxed in France, 30.00 of it paid by an SPV: 54.50 is
    // taxed, shared 51.59 to the knife (VAT 8.60) and 2.91 to the shipping (VAT 0.49).
    spvPart = await makeOrder(shop.id, shopper.id, {
      lines: [{ cents: 8_000 }],
      shipping: 450,
      vatBp: 2000,
      vatCountry: 'FR',
      spv: [{ spent: 3_000 }],
      paidAt: PAID,
    });
  });

  it("gives the read model's VAT: 20.83 for the MPV card and knife, 9.09 for the SPV part-paid order", async () => {
    const answers = await readModel(shop.id);
    expect(answers.get(mixed.id)!.vat_total).toBe('20.83');
    expect(answers.get(mixed.id)!.items.map((i) => i.vat_amount)).toEqual(['0.00', '20.00']);
    expect(answers.get(spvPart.id)!).toMatchObject({ vat_total: '9.09', shipping_vat: '0.49' });
  });

  it("writes the CSV's VAT column adding up, order by order, to the read model's VAT", async () => {
    const file = await salesExport(t.app.db, shop.id, 'orders', '2026-10-20', '2026-10-20');
    let text = '';
    for await (const chunk of file.body) text += String(chunk);
    const [header, ...rows] = parseCsv(text, { bom: true }) as string[][];
    const col = (name: string) => header!.indexOf(name);
    const vatOf = (orderNumber: string) =>
      rows
        .filter((r) => r[col('order_number')] === orderNumber)
        .map((r) => [r[col('row')], r[col('vat')]]);
    expect(vatOf(mixed.order_number)).toEqual([
      ['line', '0.00'],
      ['line', '20.00'],
      ['shipping', '0.83'],
    ]);
    expect(vatOf(spvPart.order_number)).toEqual([
      ['line', '8.60'],
      ['shipping', '0.49'],
    ]);
    const answers = await readModel(shop.id);
    for (const order of [mixed, spvPart]) {
      const sum = vatOf(order.order_number).reduce((s, [, vat]) => s + cents(vat), 0);
      expect(sum).toBe(cents(answers.get(order.id)!.vat_total));
    }
  });

  it("counts the sales view's VAT and the OSS return's as the invoice does", async () => {
    const view = await salesReport(
      t.app.db,
      shop.id,
      { from: '2026-10-20', to: '2026-10-20' },
      new Date('2026-11-30T12:00:00.000Z'),
    );
    expect(view.current).toMatchObject({ revenue: '259.50', vat: '29.92' });
    const oss = await ossReport(t.app.db, shop.id, '2026-Q4');
    expect(oss.rows).toEqual([
      expect.objectContaining({
        country: 'FR',
        vat_rate: '20.00',
        orders: 1,
        sales_taxable_amount: '75.41',
        sales_vat: '9.09',
      }),
    ]);
    expect(oss.vat).toBe('9.09');
  });
});
