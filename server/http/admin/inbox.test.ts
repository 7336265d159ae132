/**
 * The contact inbox through the back office's API: messages listed newest first with an unread
 * filter and count, opening one marks it read, unread/archive/unarchive, and a reply e-mailed
 * through the outbox from the shop, Reply-To the shop, to the sender, "Re: <subject>", with the
 * original quoted, HTML and text; kept on the message and in the activity log. Another shop's
 * message answers 404. Runs on SQLite and on PostgreSQL.
 */
import type { components } from '../../../common/admin-api';
import { outboxMessagesTo, partOf } from '../../platform/mail/outbox-reader.ts';
import { call, tenantId } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type ContactMessage = components['schemas']['ContactMessage'];
type ContactMessageList = components['schemas']['ContactMessageList'];

const t = useTestApp();
const SHOP = 'demo-handcraft';
const OTHER = 'demo-pottery';
let staff: Record<string, string>;
let otherOwner: Record<string, string>;
let sent = 0;

beforeAll(async () => {
  const member = await createStaff(t.app.db, {
    tenantId: await tenantId(t.app, SHOP),
    role: 'staff',
    name: 'Priya Shah',
  });
  staff = asStaff(SHOP, await staffTokenFor(t.app, member));
  const owner = await createStaff(t.app.db, {
    tenantId: await tenantId(t.app, OTHER),
    role: 'owner',
  });
  otherOwner = asStaff(OTHER, await staffTokenFor(t.app, owner));
});

/** A message sent through the storefront's contact form. */
async function sendMessage(shop = SHOP, subject = 'Engraving a gyuto') {
  const n = ++sent;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contact/messages/',
    headers: { 'x-tenant-token': shop, 'content-type': 'application/json' },
    remoteAddress: `10.9.8.${n}`,
    payload: {
      name: 'Sam Kerr',
      email: `sam${n}-${process.pid}@example.com`,
      subject,
      message: 'Can you engrave initials on the blade?\nIt is a wedding present.',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; email: string };
}

const inbox = <T>(method: 'GET' | 'POST', path: string, body?: unknown, who = staff) =>
  call<T>(t.app, method, `/admin/inbox/messages/${path}`, who, body);

describe('the contact inbox', () => {
  it('lists messages newest first with the unread count, and opening one marks it read', async () => {
    const first = await sendMessage();
    const second = await sendMessage(SHOP, 'Sharpening service');
    const list = await inbox<ContactMessageList>('GET', '');
    expect(list.status).toBe(200);
    expect(list.body.results.slice(0, 2).map((m) => m.id)).toEqual([second.id, first.id]);
    expect(list.body.results[0]).toMatchObject({
      subject: 'Sharpening service',
      is_read: false,
      excerpt: 'Can you engrave initials on the blade? It is a wedding present.',
    });
    const unreadBefore = list.body.unread_count;

    const opened = await inbox<ContactMessage>('GET', `${first.id}/`);
    expect(opened.body).toMatchObject({
      id: first.id,
      is_read: true,
      message: 'Can you engrave initials on the blade?\nIt is a wedding present.',
      replies: [],
    });
    const unread = await inbox<ContactMessageList>('GET', '?unread=true');
    expect(unread.body.unread_count).toBe(unreadBefore - 1);
    expect(unread.body.results.map((m) => m.id)).not.toContain(first.id);

    const again = await inbox<ContactMessage>('POST', `${first.id}/unread/`);
    expect(again.body.is_read).toBe(false);
    expect(await inbox('POST', `${first.id}/unread/`)).toMatchObject({
      status: 409,
      body: { detail: 'This message is already unread.' },
    });
  });

  it('archives a message out of the inbox and brings it back', async () => {
    const message = await sendMessage();
    expect((await inbox<ContactMessage>('POST', `${message.id}/archive/`)).body.is_archived).toBe(
      true,
    );
    expect(
      (await inbox<ContactMessageList>('GET', '')).body.results.map((m) => m.id),
    ).not.toContain(message.id);
    expect(
      (await inbox<ContactMessageList>('GET', '?archived=true')).body.results.map((m) => m.id),
    ).toContain(message.id);
    expect((await inbox('POST', `${message.id}/archive/`)).status).toBe(409);
    expect((await inbox<ContactMessage>('POST', `${message.id}/unarchive/`)).body.is_archived).toBe(
      false,
    );
  });

  it('e-mails a reply from the shop to the sender with the original quoted, and keeps it on the message', async () => {
    const message = await sendMessage();
    const answer = await inbox<ContactMessage>('POST', `${message.id}/replies/`, {
      body: 'Hello Sam,\n\nYes, we can engrave it.',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ is_read: true });
    expect(answer.body.replies).toEqual([
      {
        id: expect.any(Number),
        body: 'Hello Sam,\n\nYes, we can engrave it.',
        created_at: expect.any(String),
        staff_name: 'Priya Shah',
      },
    ]);

    const row = await t.app.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', message.email)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('contact_reply');

    await t.app.emailOutbox.idle();
    await t.app.emailOutbox.drain();
    const after = await t.app.db
      .selectFrom('email_outbox')
      .select(['status', 'last_error'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'sent', last_error: null });
    const [eml] = await outboxMessagesTo(t.config.outboxDir, message.email);
    expect(eml).toBeDefined();
    const headers = eml!.split(/\r?\n\r?\n/)[0]!;
    expect(headers).toMatch(/^Subject: Re: Engraving a gyuto$/m);
    expect(headers).toMatch(/^From: "Ember & Oak Workshop" <[^>]+@[^>]+>$/m);
    expect(headers).toMatch(/^Reply-To: [^\r\n]+@[^\r\n]+$/m);
    expect(headers).toContain(`To: ${message.email}`);
    const text = partOf(eml!, 'text/plain')!;
    expect(text).toContain('Yes, we can engrave it.');
    expect(text).toContain('Can you engrave initials on the blade?');
    const html = partOf(eml!, 'text/html')!;
    expect(html).toContain('Yes, we can engrave it.');
    expect(html).toContain('It is a wedding present.');

    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'after'])
      .where('object_type', '=', 'contact_message')
      .where('object_id', '=', String(message.id))
      .execute();
    expect(log.map((e) => e.action)).toEqual(['contact_message.reply']);
    expect(JSON.parse(log[0]!.after!)).toMatchObject({ to: message.email });
  });

  it("answers another shop's message 404 and refuses hostile input with 4xx", async () => {
    const message = await sendMessage();
    expect(await inbox('GET', `${message.id}/`, undefined, otherOwner)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await inbox('POST', `${message.id}/replies/`, { body: 'Hi' }, otherOwner)).status).toBe(
      404,
    );
    const tries: [string, string, unknown][] = [
      ['GET', '2147483648/', undefined],
      ['GET', '0/', undefined],
      ['GET', '?unread=maybe', undefined],
      ['GET', '?page=99999999999', undefined],
      ['GET', '?page=500', undefined],
      ['POST', `${message.id}/replies/`, { body: '' }],
      ['POST', `${message.id}/replies/`, { body: 'a\u0000b' }],
      ['POST', `${message.id}/replies/`, { body: 'x'.repeat(10_001) }],
      ['POST', `${message.id}/replies/`, { body: 'hi', to: 'attacker@example.com' }],
      ['POST', `${message.id}/replies/`, '{"body":'],
    ];
    for (const [method, path, body] of tries) {
      const answer = await inbox(method as 'GET', path, body);
      expect(
        answer.status,
        `${method} ${path}: ${JSON.stringify(answer.body)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
    }
    const opened = await inbox<ContactMessage>('GET', `${message.id}/`);
    expect(opened.body.replies).toEqual([]);
  });
});
