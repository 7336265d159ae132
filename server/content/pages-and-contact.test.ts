import type { FastifyInstance } from 'fastify';
import type { components } from '../../common/storefront-api';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { demoContent, potteryContent } from '../seed/content-data.ts';
import { REVIEW_POLICY_MODEL_HTML, REVIEW_POLICY_TITLE } from './review-policy.ts';
import { call, tenantId } from '../test/shop.ts';
import { asTenant, createTestApp, createTestDatabase, type TestApp } from '../test/test-app.ts';

type ContactInfo = components['schemas']['ContactInfo'];
type Receipt = components['schemas']['ContactMessageReceipt'];
type Faq = components['schemas']['Faq'];
type LegalDocument = components['schemas']['LegalDocument'];

const DEMO = asTenant('demo-handcraft');
const POTTERY = asTenant('demo-pottery');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(url: string, headers = DEMO) => call<T>(t.app, 'GET', url, headers);
const send = (body: unknown, headers = DEMO, app: FastifyInstance = t.app) =>
  call<Receipt>(app, 'POST', '/contact/messages/', headers, body);

async function messageCount(app: FastifyInstance = t.app): Promise<number> {
  const rows = await app.db.selectFrom('contact_messages').select('id').execute();
  return rows.length;
}

const MESSAGE = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: '+44 20 7946 0958',
  subject: 'Custom engraving',
  message: 'Could you engrave initials on the gyuto?',
};

describe('contact information', () => {
  it('answers the locations (HQ first), e-mails and the five social platforms', async () => {
    const { status, body } = await get<ContactInfo>('/contact/info/');
    expect(status).toBe(200);
    const [hq, other] = body.branch_locations;
    expect(body.branch_locations).toHaveLength(2);
    expect(hq).toMatchObject({
      is_hq: true,
      name: demoContent.locations[0]!.name,
      image: '/api/media/demo/contact/the-forge.webp',
    });
    expect(new URL(hq!.map_embed_link!).host).toBe('www.openstreetmap.org');
    expect(new URL(hq!.map_embed_link!).pathname).toBe('/export/embed.html');
    expect(hq!.map_location_url).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    expect(other).toMatchObject({ is_hq: false, map_embed_link: null });
    expect(body.contact_emails.map((e) => e.email_address)).toEqual(
      demoContent.emails.map((e) => e.email_address),
    );
    expect(body.social_media_profiles.map((p) => p.platform)).toEqual([
      'facebook',
      'instagram',
      'linkedin',
      'twitter',
      'youtube',
    ]);
    expect(body.social_media_profiles.find((p) => p.platform === 'twitter')!.platform_display).toBe(
      'Twitter (X)',
    );
  });

  it('gives each shop its own, and empty lists to a shop without any', async () => {
    const pottery = await get<ContactInfo>('/contact/info/', POTTERY);
    expect(pottery.body.branch_locations[0]!.name).toBe(potteryContent.locations[0]!.name);
    expect(pottery.body.contact_emails.map((e) => e.email_address)).not.toContain(
      demoContent.emails[0]!.email_address,
    );
    const pottery_id = await tenantId(t.app, 'demo-pottery');
    for (const table of ['contact_locations', 'contact_emails', 'social_profiles'] as const) {
      await t.app.db.deleteFrom(table).where('tenant_id', '=', pottery_id).execute();
    }
    expect(await get('/contact/info/', POTTERY)).toMatchObject({
      status: 200,
      body: { branch_locations: [], contact_emails: [], social_media_profiles: [] },
    });
    expect((await get<ContactInfo>('/contact/info/')).body.branch_locations).toHaveLength(2);
  });
});

describe('contact messages', () => {
  it('stores a trimmed message and answers it with its id and date', async () => {
    const before = await messageCount();
    const answer = await send({
      ...MESSAGE,
      name: '  Ada Lovelace ',
      message: '\n Could you engrave initials on the gyuto? \n',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      ...MESSAGE,
      created_at: expect.any(String),
    });
    const row = await t.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', answer.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: await tenantId(t.app, 'demo-handcraft'),
      name: 'Ada Lovelace',
      message: MESSAGE.message,
      client_address: '127.0.0.1',
    });
    expect(await messageCount()).toBe(before + 1);
  });

  it('leaves the phone number out when none was given', async () => {
    const { phone_number: _phone, ...withoutPhone } = MESSAGE;
    const answer = await send(withoutPhone);
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty('phone_number');
    const blankPhone = await send({ ...MESSAGE, phone_number: '   ' });
    expect(blankPhone.body).not.toHaveProperty('phone_number');
  });

  it('refuses blank, NUL, malformed and overlong fields with field errors, storing nothing', async () => {
    const before = await messageCount();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...MESSAGE, name: '   ' }, { name: ['This field may not be blank.'] }],
      [
        { ...MESSAGE, subject: '\t', message: ' ' },
        { subject: ['This field may not be blank.'], message: ['This field may not be blank.'] },
      ],
      [{ ...MESSAGE, message: 'hi\u0000there' }, { message: ['Null characters are not allowed.'] }],
      [
        { ...MESSAGE, phone_number: '0\u0000' },
        { phone_number: ['Null characters are not allowed.'] },
      ],
      [{ ...MESSAGE, email: 'not-an-email' }, { email: ['Enter a valid email address.'] }],
      [
        { ...MESSAGE, subject: 's'.repeat(201) },
        { subject: ['Ensure this field has no more than 200 characters.'] },
      ],
      [
        { ...MESSAGE, message: 'm'.repeat(5001) },
        { message: ['Ensure this field has no more than 5000 characters.'] },
      ],
      [{ name: 'Ada' }, { email: ['This field is required.'] }],
      [{ ...MESSAGE, name: ['Ada'] }, { name: ['Not a valid string.'] }],
    ];
    for (const [body, errors] of cases) {
      const answer = await send(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject(errors);
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages/',
      headers: { ...DEMO, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada&email=ada%40example.com&subject=Hi&message=Hello',
    });
    expect(form.statusCode).toBe(415);
    expect(await messageCount()).toBe(before);
  });
});

describe('the contact-message throttle', () => {
  it('answers 429 with a detail and Retry-After past the limit, per shop, counting valid messages only', async () => {
    const small = await createTestApp({ contactMaxPerAddress: 3 });
    try {
      expect((await send({ ...MESSAGE, name: ' ' }, DEMO, small.app)).status).toBe(400);
      for (let i = 0; i < 3; i++) {
        expect((await send(MESSAGE, DEMO, small.app)).status).toBe(201);
      }
      const refused = await send(MESSAGE, DEMO, small.app);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        detail: expect.stringMatching(
          /^Request was throttled\. Expected available in \d+ seconds\.$/,
        ),
      });
      const retry = Number(refused.headers['retry-after']);
      expect(retry).toBeGreaterThan(3000);
      expect(retry).toBeLessThanOrEqual(3600);
      expect(await messageCount(small.app)).toBe(3);
      // The other shop counts on its own.
      expect((await send(MESSAGE, POTTERY, small.app)).status).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('is shared by two API processes on one database', async () => {
    const database = await createTestDatabase();
    const config = {
      ...loadConfig({}),
      sqlitePath: database.sqlitePath,
      mediaDir: `${database.dir}/media`,
      serveSpa: false,
      logLevel: 'silent' as const,
      passwordHashCost: 10,
      contactMaxPerAddress: 2,
    };
    const second = database.reopen();
    const apps: FastifyInstance[] = [];
    try {
      apps.push(
        await buildApp({
          config,
          database: database.handle,
          seed: { skipMedia: true },
          logger: false,
        }),
      );
      apps.push(
        await buildApp({ config, database: second, seed: { skipMedia: true }, logger: false }),
      );
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const answers = [
        await send(MESSAGE, DEMO, a),
        await send(MESSAGE, DEMO, b),
        await send(MESSAGE, DEMO, a),
        await send(MESSAGE, DEMO, b),
      ];
      expect(answers.map((x) => x.status)).toEqual([201, 201, 429, 429]);
    } finally {
      for (const app of apps) await app.close();
      await second.db.destroy();
      await database.drop();
    }
  });
});

describe('FAQs', () => {
  it('answers the shop’s questions in order with HTML answers', async () => {
    const { status, body } = await get<Faq[]>('/pages/manage/faqs/');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(8);
    expect(body.map((f) => f.question)).toEqual(demoContent.faqs.map((f) => f.question));
    expect(body.map((f) => f.order)).toEqual(body.map((_, i) => i + 1));
    expect(body.every((f) => f.answer.startsWith('<p>'))).toBe(true);
    const pottery = await get<Faq[]>('/pages/manage/faqs/', POTTERY);
    expect(pottery.body.map((f) => f.question)).toEqual(potteryContent.faqs.map((f) => f.question));
  });
});

describe('legal documents', () => {
  it('answers every document, or the one of the requested type', async () => {
    const all = await get<LegalDocument[]>('/pages/manage/documents/');
    expect(all.body.map((d) => d.document_type).sort()).toEqual([
      'accessibility_statement',
      'privacy_policy',
      'refund_policy',
      'review_policy',
    ]);
    for (const type of [
      'refund_policy',
      'privacy_policy',
      'review_policy',
      'accessibility_statement',
    ] as const) {
      const { status, body } = await get<LegalDocument[]>(
        `/pages/manage/documents/?document_type=${type}`,
      );
      expect(status).toBe(200);
      expect(body).toHaveLength(1);
      const seed = demoContent.legal_documents.find((d) => d.document_type === type)!;
      expect(body[0]).toMatchObject({
        document_type: type,
        title: seed.title,
        content: seed.content_html,
        updated_at: expect.any(String),
      });
    }
  });

  it('answers 400 for an unknown type and gives each shop its own', async () => {
    expect((await get('/pages/manage/documents/?document_type=terms')).status).toBe(400);
    const pottery = await get<LegalDocument[]>(
      '/pages/manage/documents/?document_type=refund_policy',
      POTTERY,
    );
    expect(pottery.body[0]!.content).toBe(potteryContent.legal_documents[0]!.content_html);
  });

  it('publishes the model review policy for a shop that has not saved one (decision 085)', async () => {
    const pottery = await tenantId(t.app, 'demo-pottery');
    const saved = await t.app.db
      .selectFrom('legal_documents')
      .selectAll()
      .where('tenant_id', '=', pottery)
      .where('document_type', '=', 'review_policy')
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('legal_documents').where('id', '=', saved.id).execute();
    try {
      const answer = await get<LegalDocument[]>(
        '/pages/manage/documents/?document_type=review_policy',
        POTTERY,
      );
      expect(answer).toMatchObject({
        status: 200,
        body: [
          {
            id: 0,
            document_type: 'review_policy',
            title: REVIEW_POLICY_TITLE,
            content: REVIEW_POLICY_MODEL_HTML,
          },
        ],
      });
      expect(answer.body[0]!.content).toContain('Only buyers can review');
      expect(answer.body[0]!.content).toContain(
        'never hide or refuse a review because it is negative',
      );
    } finally {
      await t.app.db
        .insertInto('legal_documents')
        .values({
          ...saved,
          created_at: new Date(saved.created_at).toISOString(),
          updated_at: new Date(saved.updated_at).toISOString(),
        })
        .execute();
    }
  });
});
