/**
 * The accessibility statement (issue 41, decision 086; European Accessibility Act, Directive
 * (EU) 2019/882 art. 13 and Annex V): the model says what the shop does and how it is tested,
 * a demo shop publishes its statement (server/http/sitemap-index.test.ts finds `/accessibility`
 * in its sitemap), a new shop
 * starts with the model (its enforcement body left for the owner), an owner who has none is
 * offered the model and saves it, and the database still refuses a type no one wrote code for.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { components } from '../../common/admin-api';
import { call } from '../test/shop.ts';
import { newClosedShop } from '../test/launch.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { useTestApp } from '../test/test-app.ts';
import {
  accessibilityStatementHtml,
  ENFORCEMENT_BODY_PLACEHOLDER,
  statementDate,
} from './accessibility-statement.ts';

type AdminPolicy = components['schemas']['AdminPolicy'];
const t = useTestApp();

describe('the model statement', () => {
  it('names the target, the tests, the limitations, where to report and when, and its date', () => {
    const html = accessibilityStatementHtml({
      shopName: 'Ash & <Elm>',
      contactEmail: 'help@ash.example',
      date: new Date('2026-11-29T23:30:00Z'),
    });
    for (const words of [
      'WCAG) 2.2 at level AA',
      'EN 301 549 v3.2.1',
      'Directive (EU) 2019/882',
      'axe',
      'keyboard and a screen reader',
      '2.4.11',
      '2.5.8',
      '3.3.7',
      '3.3.8',
      'The map on the contact page',
      'text alternatives of photos',
      'We answer within 5 working days.',
      'This statement was prepared on November 29, 2026.',
    ]) {
      expect(html).toContain(words);
    }
    // The shop's own words are text, never markup.
    expect(html).toContain('Ash &#38; &#60;Elm&#62; wants everyone');
    expect(html).toContain('<a href="mailto:help@ash.example">help@ash.example</a>');
    expect(html).toContain(ENFORCEMENT_BODY_PLACEHOLDER);
    expect(statementDate(new Date('2026-01-05T00:30:00Z'))).toBe('January 5, 2026');
  });

  it('sends a shop without an e-mail to the contact page alone', () => {
    const html = accessibilityStatementHtml({ shopName: '', contactEmail: ' ', date: new Date() });
    expect(html).not.toContain('mailto:');
    expect(html).toContain('use the <a href="/contact">contact page</a>. We answer');
    expect(html).toMatch(/^<p>This shop wants everyone/);
  });
});

describe("a demo shop's statement", () => {
  it('is published for shoppers, its enforcement body named', async () => {
    const shown = await call<Array<{ document_type: string; title: string; content: string }>>(
      t.app,
      'GET',
      '/pages/manage/documents/?document_type=accessibility_statement',
      { 'x-tenant-token': 'demo-handcraft' },
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toHaveLength(1);
    expect(shown.body[0]).toMatchObject({
      document_type: 'accessibility_statement',
      title: 'Accessibility statement',
    });
    expect(shown.body[0]!.content).toContain('hello@emberandoak.example');
    expect(shown.body[0]!.content).not.toContain(ENFORCEMENT_BODY_PLACEHOLDER);
  });
});

describe('editing the statement in the back office', () => {
  it('offers the model to a shop that has none, saves it, and keeps it per shop', async () => {
    const shopId = await tenantIdOf(t.app.db, 'demo-pottery');
    await t.app.db
      .deleteFrom('legal_documents')
      .where('tenant_id', '=', shopId)
      .where('document_type', '=', 'accessibility_statement')
      .execute();
    const member = await createStaff(t.app.db, { tenantId: shopId, role: 'staff' });
    const staff = asStaff('demo-pottery', await staffTokenFor(t.app, member));
    const admin = <T>(method: 'GET' | 'PUT', body?: unknown) =>
      call<T>(t.app, method, '/admin/policies/accessibility_statement/', staff, body);

    const offered = await admin<AdminPolicy>('GET');
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({
      document_type: 'accessibility_statement',
      title: 'Accessibility statement',
      updated_at: null,
    });
    expect(offered.body.content).toContain('Riverside Pottery Studio wants everyone');
    expect(offered.body.content).toContain(statementDate(new Date()));
    // Nothing is published until the owner saves it.
    const before = await call<unknown[]>(
      t.app,
      'GET',
      '/pages/manage/documents/?document_type=accessibility_statement',
      { 'x-tenant-token': 'demo-pottery' },
    );
    expect(before.body).toEqual([]);

    const saved = await admin<AdminPolicy>('PUT', {
      title: 'Accessibility statement',
      content: `${offered.body.content.replace(ENFORCEMENT_BODY_PLACEHOLDER, 'the Equality Advisory and Support Service')}<script>x()</script>`,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content).toContain('contact the Equality Advisory and Support Service.');
    expect(saved.body.content).not.toContain('<script');
    expect(saved.body.updated_at).not.toBeNull();
    const after = await call<Array<{ content: string }>>(
      t.app,
      'GET',
      '/pages/manage/documents/?document_type=accessibility_statement',
      { 'x-tenant-token': 'demo-pottery' },
    );
    expect(after.body[0]!.content).toBe(saved.body.content);
    // The other demo shop's statement is its own.
    const other = await call<Array<{ content: string }>>(
      t.app,
      'GET',
      '/pages/manage/documents/?document_type=accessibility_statement',
      { 'x-tenant-token': 'demo-handcraft' },
    );
    expect(other.body[0]!.content).toContain('Ember &#38; Oak Workshop wants everyone');

    // An empty statement, a title past its limit or a type the shop has no page for: 400.
    expect((await admin('PUT', { title: 'A', content: '<p> </p>' })).status).toBe(400);
    expect((await admin('PUT', { title: 'A'.repeat(201), content: '<p>x</p>' })).status).toBe(400);
    const unknown = await call(t.app, 'GET', '/admin/policies/accessibility/', staff);
    expect(unknown.status).toBe(400);
  });

  it('starts a new shop with the model, its owner e-mail in it and the enforcement body left to name', async () => {
    const shop = await newClosedShop(t.app, 'quillon', 'forged-at-dawn-77');
    const row = await t.app.db
      .selectFrom('legal_documents')
      .select(['title', 'content'])
      .where('tenant_id', '=', shop.tenantId)
      .where('document_type', '=', 'accessibility_statement')
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Accessibility statement');
    expect(row.content).toContain('Shop quillon wants everyone');
    expect(row.content).toContain(`mailto:${shop.owner.email}`);
    expect(row.content).toContain(ENFORCEMENT_BODY_PLACEHOLDER);
    const shown = await call<AdminPolicy>(
      t.app,
      'GET',
      '/admin/policies/accessibility_statement/',
      shop.asOwner,
    );
    expect(shown.body.content).toBe(row.content);
  });

  it('is a type the database admits, while it still refuses one no code knows', async () => {
    const shopId = await tenantIdOf(t.app.db, 'demo-handcraft');
    const insert = (type: string) =>
      t.app.db
        .insertInto('legal_documents')
        .values({
          tenant_id: shopId,
          document_type: type as 'accessibility_statement',
          title: 'T',
          content: '<p>x</p>',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    await expect(insert('terms_of_service')).rejects.toThrow(/check/i);
    // One of each type per shop: the unique key survived the table's rebuild on SQLite.
    await expect(insert('accessibility_statement')).rejects.toThrow(/unique|duplicate/i);
  });
});
