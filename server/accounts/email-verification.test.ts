/**
 * A data download holds only what is provably the account's (hardening round four): a contact
 * message is the shopper's when they sent it signed in, or, matched by their address, only
 * once that address is verified by a link sent to it. Registration checks no address, so a
 * stranger who registers a seeded sender's address (Lena Fischer's) reads none of her
 * messages, nor the shop's reply; an erased account's messages go with it, so whoever
 * registers its address next finds nothing. The verification link itself: sent on request to
 * the account's address, 24 hours, single use, this shop only, throttled; a password-reset link
 * verifies the address too. Through HTTP, on SQLite, and on PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
import type { components } from '../../common/storefront-api';
import { DEMO, PASSWORD, POTTERY, STOREFRONT, tokenOf, useAccountsApi } from '../test/accounts.ts';
import {
  outboxMessagesTo,
  resetLinkOf,
  verificationLinkOf,
} from '../platform/mail/outbox-reader.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../test/staff.ts';
import { ERASED_REPLY } from './erasure.ts';
import { EMAIL_VERIFICATION_MESSAGES } from './email-verification.ts';

type AccountDataExport = components['schemas']['AccountDataExport'];

/** Verification e-mails an account may ask for in an hour, in this file. */
const MAILS_PER_HOUR = 3;
const { t, call, post, loginAs } = useAccountsApi({
  storefrontUrl: STOREFRONT,
  passwordResetMaxPerEmail: MAILS_PER_HOUR,
});

/** The demo's contact message a visitor sent to the shop (server/seed/back-office-seed.ts). */
const LENA = { email: 'lena.fischer@example.de', subject: 'Shipping a carving to Germany' };

let made = 0;
/** Registers `email` (any case) with the demo shop and logs in. */
async function register(email: string, headers = DEMO) {
  const answer = await post(
    '/accounts/register/',
    { email, password: PASSWORD, password_confirm: PASSWORD },
    headers,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return loginAs(email, PASSWORD, headers);
}

const freshEmail = () => `verify${++made}-${Date.now()}@example.com`;
const download = async (token: string) => {
  const answer = await call('GET', '/accounts/me/data/', { token });
  expect(answer.status).toBe(200);
  return answer.body as AccountDataExport;
};
const subjects = (data: AccountDataExport) => data.contact_messages.map((m) => m.subject);

/** A contact message sent through the form, signed in with `token` or as a visitor. */
async function sendMessage(email: string, subject: string, token?: string, headers = DEMO) {
  const answer = await call('POST', '/contact/messages/', {
    token,
    headers,
    body: { name: 'Sender', email, subject, message: `About ${subject}.` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** Asks for a verification link for the signed-in shopper and answers the link's token. */
async function verificationToken(token: string, email: string): Promise<string> {
  const asked = await call('POST', '/accounts/me/email/verify/', { token });
  expect(asked).toMatchObject({
    status: 202,
    body: { detail: EMAIL_VERIFICATION_MESSAGES.sent(email.toLowerCase()) },
  });
  await t.app.account.idle();
  const mails = await outboxMessagesTo(t.config.outboxDir, email);
  const link = verificationLinkOf(mails.at(-1)!);
  expect(link?.startsWith(`${STOREFRONT}/verify-email?token=`)).toBe(true);
  return tokenOf(link!);
}

const confirm = (token: unknown, headers = DEMO) =>
  post('/accounts/email/verify/confirm/', { token }, headers);

describe('whose contact messages a download holds', () => {
  it("gives a stranger who registers a seeded sender's address none of her messages, until they prove the address", async () => {
    await sendMessage(LENA.email, LENA.subject);
    const pair = await register('Lena.Fischer@example.de');
    const me = await call('GET', '/accounts/me/', { token: pair.access });
    expect(me.body).toMatchObject({ email: LENA.email, email_verified: false });
    const before = JSON.stringify(await download(pair.access));
    expect(before).not.toContain(LENA.subject);
    expect(before).not.toContain(`About ${LENA.subject}`);

    // Proving the address (a link that reached Lena's mailbox) makes her messages the account's.
    expect(await confirm(await verificationToken(pair.access, LENA.email))).toEqual(
      expect.objectContaining({
        status: 200,
        body: { detail: EMAIL_VERIFICATION_MESSAGES.verified },
      }),
    );
    expect((await call('GET', '/accounts/me/', { token: pair.access })).body).toMatchObject({
      email_verified: true,
    });
    expect(subjects(await download(pair.access))).toContain(LENA.subject);
  });

  it('holds what was sent while signed in, whatever address it gives, and not what another account sent', async () => {
    const email = freshEmail();
    const mine = await register(email);
    const other = await register(freshEmail());
    await sendMessage('typed-elsewhere@example.com', 'Signed-in question', mine.access);
    await sendMessage(email, 'Visitor question from my address');
    // Another account that typed this address in the form: theirs, never mine.
    await sendMessage(email, 'Their question with my address', other.access);

    expect(subjects(await download(mine.access))).toEqual(['Signed-in question']);
    await confirm(await verificationToken(mine.access, email));
    expect(subjects(await download(mine.access))).toEqual([
      'Signed-in question',
      'Visitor question from my address',
    ]);
    expect(subjects(await download(other.access))).toEqual(['Their question with my address']);
  });

  it("erases the account's messages and the shop's replies: whoever registers the address next finds nothing", async () => {
    const email = freshEmail();
    const pair = await register(email);
    await sendMessage(email, 'Question before erasure', pair.access);
    const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
    const sent = await t.app.db
      .selectFrom('contact_messages')
      .select('id')
      .where('subject', '=', 'Question before erasure')
      .executeTakeFirstOrThrow();
    // The shop answers it from the inbox (the reply is e-mailed and logged).
    const owner = asStaff(
      'demo-handcraft',
      await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/inbox/messages/${sent.id}/replies/`,
      headers: { ...owner, 'content-type': 'application/json' },
      payload: JSON.stringify({ body: 'Yes, we post to your street, 12 Hill Road.' }),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await download(pair.access)).contact_messages[0]!.replies).toHaveLength(1);

    const erased = await call('POST', '/accounts/me/delete/', {
      token: pair.access,
      body: { password: PASSWORD },
    });
    expect(erased.status).toBe(204);

    const again = await register(email);
    await confirm(await verificationToken(again.access, email));
    const text = JSON.stringify(await download(again.access));
    expect(text).not.toContain('Question before erasure');
    expect(text).not.toContain('12 Hill Road');
    // The inbox no longer holds it; the log keeps that a reply went, not what it said.
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/admin/inbox/messages/${sent.id}/`,
      headers: owner,
    });
    expect(inbox.statusCode).toBe(404);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/admin/activity/?object_type=contact_message&object_id=${sent.id}`,
      headers: owner,
    });
    const entries = (log.json() as { results: { action: string; after: unknown }[] }).results;
    expect(entries.find((e) => e.action === 'contact_message.reply')?.after).toEqual(ERASED_REPLY);
    expect(log.body).not.toContain('12 Hill Road');
    expect(log.body).not.toContain(email);
  });

  it("sends a message with a bad or another shop's token as a visitor's, linked to nobody", async () => {
    const pottery = await register(freshEmail(), POTTERY);
    for (const token of ['not-a-jwt', pottery.access]) {
      await sendMessage('who@example.com', `Sent with ${token.slice(0, 8)}`, token);
    }
    const rows = await t.app.db
      .selectFrom('contact_messages')
      .select(['user_id', 'tenant_id'])
      .where('subject', 'like', 'Sent with %')
      .execute();
    expect(rows).toEqual([
      { user_id: null, tenant_id: await tenantIdOf(t.app.db, 'demo-handcraft') },
      { user_id: null, tenant_id: await tenantIdOf(t.app.db, 'demo-handcraft') },
    ]);
  });

  it("keeps a visitor's messages from an unverified address when an account with it is erased", async () => {
    const email = freshEmail();
    await sendMessage(email, 'Visitor question, kept');
    const pair = await register(email);
    await call('POST', '/accounts/me/delete/', {
      token: pair.access,
      body: { password: PASSWORD },
    });
    // Nobody proved the address: the message is not the erased account's to take with it.
    const kept = await t.app.db
      .selectFrom('contact_messages')
      .select('id')
      .where('subject', '=', 'Visitor question, kept')
      .execute();
    expect(kept).toHaveLength(1);
  });
});

describe('the verification link', () => {
  it('works once, and refuses an unknown, used, expired or other shop’s token', async () => {
    const email = freshEmail();
    const pair = await register(email);
    const token = await verificationToken(pair.access, email);
    const invalid = { token: [EMAIL_VERIFICATION_MESSAGES.invalidToken] };
    expect(await confirm(token, POTTERY)).toMatchObject({ status: 400, body: invalid });
    expect((await confirm(token)).status).toBe(200);
    expect(await confirm(token)).toMatchObject({ status: 400, body: invalid });
    expect(await confirm('made-up-token')).toMatchObject({ status: 400, body: invalid });
    // Verified: no second link is sent.
    expect(await call('POST', '/accounts/me/email/verify/', { token: pair.access })).toMatchObject({
      status: 400,
      body: { detail: EMAIL_VERIFICATION_MESSAGES.alreadyVerified },
    });

    const late = await register(freshEmail());
    const lateToken = await verificationToken(late.access, (await meOf(late.access)).email);
    await t.app.db
      .updateTable('email_verification_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', (await meOf(late.access)).id)
      .execute();
    expect(await confirm(lateToken)).toMatchObject({ status: 400, body: invalid });
    expect((await meOf(late.access)).email_verified).toBe(false);
  });

  it('is stored hashed, never logged, and throttled per account', async () => {
    const email = freshEmail();
    const pair = await register(email);
    const token = await verificationToken(pair.access, email);
    const stored = await t.app.db
      .selectFrom('email_verification_tokens')
      .select('token_hash')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    const statuses = [];
    for (let i = 1; i < MAILS_PER_HOUR + 1; i++) {
      statuses.push(
        (await call('POST', '/accounts/me/email/verify/', { token: pair.access })).status,
      );
    }
    expect(statuses).toEqual([...Array(MAILS_PER_HOUR - 1).fill(202), 429]);
  });

  it('needs a signed-in shopper to be sent, and refuses hostile input in DRF shape', async () => {
    expect((await call('POST', '/accounts/me/email/verify/')).status).toBe(401);
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 7 }]) {
      const answer = await confirm((body as { token?: unknown }).token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expect.any(Object));
    }
    const nul = await confirm('abc\u0000def');
    expect(nul.status).toBe(400);
    const wrongType = await call('POST', '/accounts/email/verify/confirm/', {
      headers: { ...DEMO, 'content-type': 'text/plain' },
      raw: 'token=abc',
    });
    expect(wrongType.status).toBe(415);
  });

  it('is not needed after a password reset: the reset link proves the address too', async () => {
    const email = freshEmail();
    await register(email);
    expect((await post('/accounts/password/reset/', { email })).status).toBe(202);
    await t.app.account.idle();
    const link = resetLinkOf((await outboxMessagesTo(t.config.outboxDir, email)).at(-1)!)!;
    const reset = await post('/accounts/password/reset/confirm/', {
      token: tokenOf(link),
      new_password: 'tempered-steel-77',
      new_password_confirm: 'tempered-steel-77',
    });
    expect(reset.status).toBe(200);
    const pair = await loginAs(email, 'tempered-steel-77');
    expect((await meOf(pair.access)).email_verified).toBe(true);
  });
});

async function meOf(token: string) {
  const answer = await call('GET', '/accounts/me/', { token });
  expect(answer.status).toBe(200);
  return answer.body as components['schemas']['Account'];
}
