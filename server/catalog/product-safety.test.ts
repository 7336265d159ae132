/**
 * Product safety information and recalls (EU General Product Safety Regulation (EU) 2023/988
 * arts 16, 19 and 35-37; decision 083) through HTTP:
 * - the shop's default and a product's own fields: the product page's `safety` takes each field
 *   from the product when set, else from the default; the identifiers have no default;
 * - the seeded knives carry the demo maker's manufacturer, its EU responsible person in Ireland,
 *   their identifiers and warnings with the sharp-edge pictogram;
 * - the order e-mail carries each line's warnings in its HTML and text parts;
 * - a recall shows on the product page, e-mails each buyer of a paid order once (not an unpaid
 *   order's, not an erased account's tombstone), even when published twice at once;
 * - refusals: another shop's product, staff publishing a recall or changing the default, NUL
 *   bytes, oversize text, a contact that is no address, an unknown pictogram, a body that is
 *   not JSON.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { components } from '../../common/admin-api';
import type { components as storefront } from '../../common/storefront-api';
import { renderEmail } from '../orders/emails/render-email.ts';
import type { OrderPlacedEmailData } from '../orders/emails/order-email-data.ts';
import { renderRecallEmail } from './emails/recall-email.tsx';
import type { ProductRecallEmailData } from './emails/recall-email-data.ts';
import { createShopper, insertOrder, payByHand } from '../test/order-fixtures.ts';
import { useOrderMoves } from '../test/order-moves.ts';
import { call, createCustomer } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { asTenant } from '../test/test-app.ts';

type AdminProduct = components['schemas']['AdminProduct'];
type SafetyInfo = components['schemas']['SafetyInfo'];
type ProductRecall = components['schemas']['ProductRecall'];
type Product = storefront['schemas']['Product'];

const backOffice = useOrderMoves();
const { t } = backOffice;

async function as(who: 'owner' | 'staff') {
  return asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice[who]));
}

let potteryOwner: Record<string, string>;
beforeAll(async () => {
  const potter = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
    role: 'owner',
  });
  potteryOwner = asStaff('demo-pottery', await staffTokenFor(t.app, potter));
});

const page = (slug: string) =>
  call<Product>(t.app, 'GET', `/products/products/${slug}/`, asTenant('demo-handcraft'));

async function productId(slug: string): Promise<number> {
  return (
    await t.app.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow()
  ).id;
}

describe('the safety block of a product page', () => {
  it('shows the seeded knife’s manufacturer, EU responsible person, identifiers and warnings', async () => {
    const answer = await page('damascus-gyuto-210mm');
    expect(answer.status).toBe(200);
    expect(answer.body.safety).toEqual({
      manufacturer: {
        name: 'Ember & Oak Workshop Ltd',
        address: 'The Old Boatyard, Quay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
        contact: 'safety@emberandoak.example',
      },
      responsible_person: {
        name: 'Liffey Product Compliance Ltd',
        address: '12 Ormond Quay Upper\nDublin 7, D07 X2F4\nIreland',
        contact: 'gpsr@liffeycompliance.example',
      },
      model: 'EO-DG210-26',
      batch_or_serial: 'Batch 2026-11',
      warnings:
        'Very sharp blade: cut away from your body and keep your fingers clear of the edge.\n' +
        'Keep out of reach of children. Sold to adults only (18+).\n' +
        'Hand wash and dry at once; never put it in a dishwasher.',
      pictogram: 'sharp_edge',
      pictogram_label: 'Warning: sharp edge',
    });
    expect(answer.body.recall).toBeNull();
  });

  it('takes each field from the product when set, else from the shop’s default', async () => {
    const owner = await as('owner');
    const staff = await as('staff');
    const mug = await backOffice.freshProduct();
    const slug = (
      await t.app.db
        .selectFrom('products')
        .select('slug')
        .where('id', '=', mug.id)
        .executeTakeFirstOrThrow()
    ).slug;
    // The default's identifiers are ignored: they name one product.
    const saved = await call<SafetyInfo>(t.app, 'PUT', '/admin/settings/product-safety/', owner, {
      warnings: 'Keep out of reach of children.',
      model: 'SHOP-WIDE',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      manufacturer_name: 'Ember & Oak Workshop Ltd',
      warnings: 'Keep out of reach of children.',
    });
    let answer = await page(slug);
    expect(answer.body.safety).toMatchObject({
      manufacturer: { name: 'Ember & Oak Workshop Ltd' },
      model: null,
      warnings: 'Keep out of reach of children.',
      pictogram: null,
    });

    // Staff edit a product's fields as they edit the others.
    const edited = await call<AdminProduct>(t.app, 'PATCH', `/admin/products/${mug.id}/`, staff, {
      safety: {
        manufacturer_name: '  Riverbank Clayworks  ',
        warnings: 'Hot liquids: the handle stays cool, the body does not.',
        pictogram: 'not_a_toy',
        model: 'RB-MUG-1',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.safety).toMatchObject({
      manufacturer_name: 'Riverbank Clayworks',
      manufacturer_address: '',
      model: 'RB-MUG-1',
    });
    expect(edited.body.safety_default?.warnings).toBe('Keep out of reach of children.');
    answer = await page(slug);
    expect(answer.body.safety).toMatchObject({
      // The name is the product's; the address and contact still the shop's.
      manufacturer: {
        name: 'Riverbank Clayworks',
        address: 'The Old Boatyard, Quay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
        contact: 'safety@emberandoak.example',
      },
      model: 'RB-MUG-1',
      warnings: 'Hot liquids: the handle stays cool, the body does not.',
      pictogram: 'not_a_toy',
      pictogram_label: 'Not a toy',
    });
    // A field left out keeps its value; '' clears it, and the default shows again.
    await call(t.app, 'PATCH', `/admin/products/${mug.id}/`, staff, { safety: { warnings: '' } });
    answer = await page(slug);
    expect(answer.body.safety).toMatchObject({
      manufacturer: { name: 'Riverbank Clayworks' },
      warnings: 'Keep out of reach of children.',
    });

    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'after'])
      .where('object_type', '=', 'product')
      .where('object_id', '=', String(mug.id))
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['product.update', 'product.update']);
    expect(JSON.parse(log[0]!.after!)).toMatchObject({
      safety: { manufacturer_name: 'Riverbank Clayworks' },
    });
    const settingsLog = await t.app.db
      .selectFrom('activity_log')
      .select('action')
      .where('action', '=', 'settings.product_safety.update')
      .execute();
    expect(settingsLog).toHaveLength(1);
    await call(t.app, 'PUT', '/admin/settings/product-safety/', owner, { warnings: '' });
  });

  it('refuses NUL bytes, oversize text, a contact that is no address and an unknown pictogram', async () => {
    const owner = await as('owner');
    const mug = await backOffice.freshProduct();
    const refused = await call(t.app, 'PATCH', `/admin/products/${mug.id}/`, owner, {
      safety: { manufacturer_name: 'Ember\u0000Oak', manufacturer_contact: 'call us' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      'safety.manufacturer_name': ['Null characters are not allowed.'],
      'safety.manufacturer_contact': [
        'Enter an e-mail address or a web address starting with https://.',
      ],
    });
    const oversize = await call(t.app, 'PATCH', `/admin/products/${mug.id}/`, owner, {
      safety: { warnings: 'x'.repeat(2001), pictogram: 'skull' },
    });
    expect(oversize.status).toBe(400);
    expect(oversize.body).toMatchObject({
      'safety.warnings': ['Ensure this field has no more than 2000 characters.'],
    });
    expect(oversize.body).toHaveProperty(['safety.pictogram']);
    const row = await t.app.db
      .selectFrom('products')
      .select('safety')
      .where('id', '=', mug.id)
      .executeTakeFirstOrThrow();
    expect(row.safety).toBeNull();

    const nul = await call(t.app, 'PUT', '/admin/settings/product-safety/', owner, {
      responsible_person_address: 'Dublin\u0000',
    });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ responsible_person_address: ['Null characters are not allowed.'] });
    const notJson = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/product-safety/',
      headers: { ...owner, 'content-type': 'text/plain' },
      payload: 'warnings=sharp',
    });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json()).toHaveProperty('detail');
  });

  it('leaves the shop’s default to its owner, and another shop’s product alone', async () => {
    const staff = await as('staff');
    const put = await call(t.app, 'PUT', '/admin/settings/product-safety/', staff, {
      warnings: 'Staff words',
    });
    expect(put.status).toBe(403);
    const gyuto = await productId('damascus-gyuto-210mm');
    const other = await call(t.app, 'PATCH', `/admin/products/${gyuto}/`, potteryOwner, {
      safety: { warnings: 'Not yours' },
    });
    expect(other.status).toBe(404);
    const recall = await call(t.app, 'POST', `/admin/products/${gyuto}/recalls/`, potteryOwner, {
      title: 'Not yours',
      problem: 'x',
      action: 'y',
    });
    expect(recall.status).toBe(404);
    expect((await page('damascus-gyuto-210mm')).body.safety?.warnings).not.toContain('Not yours');
  });
});

describe('the order e-mail', () => {
  it('carries each line’s warnings and pictogram in its HTML and text parts', async () => {
    const owner = await as('owner');
    const piece = await backOffice.freshProduct();
    await call(t.app, 'PATCH', `/admin/products/${piece.id}/`, owner, {
      safety: {
        warnings: 'Glaze contains no lead.\nNot for use on a hob.',
        pictogram: 'keep_away_from_children',
      },
    });
    const order = await backOffice.placeOrder([{ productId: piece.id }]);
    const data = await backOffice.emailData<OrderPlacedEmailData>(
      order.order_number,
      'order_placed',
    );
    expect(data.order.lines[0]!.safety).toEqual({
      warnings: 'Glaze contains no lead.\nNot for use on a hob.',
      pictogram: 'Keep out of reach of children',
    });
    const email = await renderEmail(data);
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Safety (Keep out of reach of children):');
      expect(part).toContain('Glaze contains no lead.');
      expect(part).toContain('Not for use on a hob.');
    }
  });
});

describe('a recall', () => {
  /** A paid (or unpaid) order of `product` by `shopper`. */
  async function orderOf(
    shopper: { id: number },
    product: { id: number; name: string },
    paid: boolean,
  ) {
    const order = await insertOrder(t.app.db, backOffice.tenantId, {
      userId: shopper.id,
      lines: [{ cents: 4500, name: product.name }],
    });
    await t.app.db
      .updateTable('order_items')
      .set({ product_id: product.id })
      .where('order_id', '=', order.id)
      .execute();
    if (paid) await payByHand(t.app.db, backOffice.tenantId, order);
  }

  const recallEmails = (recallId: number) =>
    t.app.db
      .selectFrom('email_outbox')
      .select(['recipient', 'data'])
      .where('kind', '=', 'product_recall')
      .where('dedupe_key', 'like', `recall:${recallId}:%`)
      .orderBy('recipient')
      .execute();

  it('shows on the page and e-mails each buyer of a paid order once, even published twice at once', async () => {
    const owner = await as('owner');
    const product = await backOffice.freshProduct();
    const tenantId = backOffice.tenantId;
    const twice = await createShopper(t.app.db, tenantId, 'twice@example.com');
    const once = await createShopper(t.app.db, tenantId, 'Once@Example.com');
    const unpaid = await createShopper(t.app.db, tenantId, 'unpaid@example.com');
    const erased = await createShopper(t.app.db, tenantId, 'gone@example.com');
    await orderOf(twice, product, true);
    await orderOf(twice, product, true);
    await orderOf(once, product, true);
    await orderOf(unpaid, product, false);
    await orderOf(erased, product, true);
    await t.app.db
      .updateTable('users')
      .set({ email: `erased-${erased.id}@erased.invalid`, erased_at: new Date().toISOString() })
      .where('id', '=', erased.id)
      .execute();

    const body = {
      title: 'Recall: handles may crack',
      problem: 'The glaze of mugs fired in November can craze <b>inside</b>.',
      action: 'Stop using the mug.\nWrite to us for a refund.',
      off_sale: true,
    };
    const [first, second] = await Promise.all([
      call<ProductRecall>(t.app, 'POST', `/admin/products/${product.id}/recalls/`, owner, body),
      call<ProductRecall>(t.app, 'POST', `/admin/products/${product.id}/recalls/`, owner, body),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const published = (first.status === 201 ? first : second).body;
    const refused = (first.status === 201 ? second : first).body;
    expect(refused).toEqual({
      detail: 'This product already has an open recall: withdraw it first.',
    });
    expect(published).toMatchObject({ title: body.title, off_sale: true, recipients: 2 });

    const emails = await recallEmails(published.id);
    expect(emails.map((e) => e.recipient)).toEqual(['once@example.com', 'twice@example.com']);
    const data = JSON.parse(emails[0]!.data) as ProductRecallEmailData;
    const rendered = await renderRecallEmail(data);
    expect(rendered.subject).toBe('Safety recall: Recall: handles may crack');
    for (const part of [rendered.html, rendered.text]) {
      expect(part).toContain('Write to us for a refund.');
      expect(part).toContain(product.name);
    }
    // The owner's text is text: markup is escaped, never HTML.
    expect(rendered.html).toContain('&lt;b&gt;inside&lt;/b&gt;');

    // Off sale: the page stays with its notice, and no cart takes the piece.
    const slug = (
      await t.app.db
        .selectFrom('products')
        .select(['slug', 'is_active'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow()
    ).slug;
    const answer = await page(slug);
    expect(answer.status).toBe(200);
    expect(answer.body.recall).toMatchObject({
      title: body.title,
      problem: body.problem,
      action: body.action,
      off_sale: true,
    });
    const buyer = await createCustomer(t.app);
    const added = await call(t.app, 'POST', '/orders/cart/add-item/', buyer.headers, {
      product_id: product.id,
      quantity: 1,
    });
    expect(added.status).toBe(404);

    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'after'])
      .where('object_type', '=', 'product')
      .where('object_id', '=', String(product.id))
      .where('action', 'like', 'product.recall%')
      .execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]!.after!)).toEqual({
      recall: body.title,
      off_sale: true,
      recipients: 2,
    });

    // Withdrawn: the notice leaves the page (which, off sale, is gone until republished).
    const withdrawn = await call<ProductRecall>(
      t.app,
      'POST',
      `/admin/products/${product.id}/recalls/${published.id}/withdraw/`,
      owner,
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.withdrawn_at).not.toBeNull();
    expect((await page(slug)).status).toBe(404);
    const list = await call<{ results: ProductRecall[] }>(
      t.app,
      'GET',
      `/admin/products/${product.id}/recalls/`,
      await as('staff'),
    );
    expect(list.body.results.map((r) => r.id)).toEqual([published.id]);
  });

  it('is the owner’s: staff, NUL bytes, oversize or blank text and a body that is not JSON are refused', async () => {
    const owner = await as('owner');
    const staff = await as('staff');
    const product = await backOffice.freshProduct();
    const url = `/admin/products/${product.id}/recalls/`;
    const ok = { title: 'T', problem: 'P', action: 'A' };
    expect((await call(t.app, 'POST', url, staff, ok)).status).toBe(403);
    const nul = await call(t.app, 'POST', url, owner, { ...ok, problem: 'bad\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ problem: ['Null characters are not allowed.'] });
    const blank = await call(t.app, 'POST', url, owner, { ...ok, title: '   ' });
    expect(blank.body).toEqual({ title: ['This field may not be blank.'] });
    const huge = await call(t.app, 'POST', url, owner, { ...ok, action: 'a'.repeat(4001) });
    expect(huge.status).toBe(400);
    expect(huge.body).toHaveProperty('action');
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...owner, 'content-type': 'text/plain' },
      payload: 'title=T',
    });
    expect(notJson.statusCode).toBe(415);
    const missing = await call(t.app, 'POST', '/admin/products/2147483647/recalls/', owner, ok);
    expect(missing.status).toBe(404);
    expect(
      await t.app.db
        .selectFrom('product_recalls')
        .select('id')
        .where('product_id', '=', product.id)
        .execute(),
    ).toEqual([]);
  });
});
