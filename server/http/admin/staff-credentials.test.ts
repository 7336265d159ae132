/**
 * A member of staff's credentials over HTTP (issue "Hardening, round four"):
 * - wrong two-step codes are capped per member across every address, and the member is
 *   e-mailed when the cap is reached (recovery codes still work);
 * - every code used is burned, the one confirming the set-up too;
 * - a member changes their password (the other sessions end, this one stays signed in) and
 *   resets a forgotten one by e-mail (every session ends; the link works once, expires, is
 *   stored hashed and shows in no answer and no log line);
 * - an owner resets the two-step verification of a member who lost their phone;
 * each as an attacker would try it too: wrong media types, NUL bytes, huge input, another
 * shop's member or link, a used or expired link.
 */
import { Writable } from 'node:stream';
import { generate } from 'otplib';
import {
  decodeQuotedPrintable,
  outboxMessagesTo,
  resetLinkOf,
} from '../../platform/mail/outbox-reader.ts';
import { STAFF_MESSAGES } from '../../staff/messages.ts';
import {
  asStaff,
  createStaff,
  staffTokenFor,
  tenantIdOf,
  type TestStaff,
} from '../../test/staff.ts';
import { asTenant, useTestApp } from '../../test/test-app.ts';

const SHOP = 'demo-handcraft';
const OTHER = 'demo-pottery';
const CODE_NEEDED = { otp: ['Enter the 6-digit code from your authenticator app.'] };
const NOT_VALID = { detail: 'Given token not valid for any token type' };
const BAD_CREDENTIALS = { detail: 'No active account found with the given credentials' };
const LINK_INVALID = { token: [STAFF_MESSAGES.resetLinkInvalid] };

let appLog = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    appLog += chunk.toString('utf8');
    done();
  },
});
// Every line the app logs, at every level, to look for reset links in.
const t = useTestApp({}, { logger: { level: 'trace', stream: logStream } });

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  headers: Record<string, unknown>;
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  remoteAddress?: string,
): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url: `/api/admin${path}`,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as Record<string, unknown>) : null,
    headers: response.headers,
  };
}

let made = 0;
async function member(
  options: { role?: 'owner' | 'staff'; shop?: string; twoStep?: boolean } = {},
): Promise<TestStaff> {
  return createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, options.shop ?? SHOP),
    role: options.role ?? 'staff',
    email: `cred${++made}-${Date.now()}@example.com`,
    ...(options.twoStep ? { twoStep: true } : {}),
  });
}

const headersOf = async (who: TestStaff, shop = SHOP) =>
  asStaff(shop, await staffTokenFor(t.app, who));

const signIn = (who: TestStaff, extra: Record<string, string> = {}, address?: string) =>
  call(
    'POST',
    '/auth/login/',
    asTenant(SHOP),
    { email: who.email, password: who.password, ...extra },
    address,
  );

/** A 6-digit code the app shows now, of the step `offset` steps from the current one. */
const codeAt = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** A 6-digit code that is not the app's for the current step nor either side of it. */
async function wrongCode(secret: string): Promise<string> {
  const good = new Set(await Promise.all([-1, 0, 1].map((o) => codeAt(secret, o))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!good.has(code)) return code;
  }
}

/** Sets up two-step verification through the API; answers the secret and recovery codes. */
async function setUpTwoStep(headers: Record<string, string>) {
  const setup = await call('POST', '/me/totp/', headers, {});
  const secret = String(setup.body!.secret);
  const code = await codeAt(secret);
  const confirmed = await call('POST', '/me/totp/confirm/', headers, { code });
  expect(confirmed.status).toBe(200);
  return { secret, code, recoveryCodes: confirmed.body!.recovery_codes as string[] };
}

async function sendEmails() {
  await t.app.emailOutbox.idle();
  await t.app.emailOutbox.drain();
}

async function outboxRows(recipient: string) {
  return t.app.db
    .selectFrom('email_outbox')
    .select(['kind', 'status', 'data'])
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
}

async function activity(staffId: number, action: string) {
  return t.app.db
    .selectFrom('activity_log')
    .select(['staff_id', 'before', 'after'])
    .where('object_type', '=', 'staff')
    .where('object_id', '=', String(staffId))
    .where('action', '=', action)
    .execute();
}

describe('wrong two-step codes, from many addresses', () => {
  it('are capped per member across every address, and the member is e-mailed once', async () => {
    const who = await member();
    const { secret, recoveryCodes } = await setUpTwoStep(await headersOf(who));
    const wrong = await wrongCode(secret);
    // Eight addresses (four IPv4, four /64s of one IPv6 /48), five wrong codes each: the
    // per-address count alone let all forty through.
    const addresses = [
      ...[1, 2, 3, 4].map((n) => `198.51.100.${n}`),
      ...[1, 2, 3, 4].map((n) => `2001:db8:48:${n}::1`),
    ];
    const statuses: number[] = [];
    for (const address of addresses) {
      for (let i = 0; i < 5; i++)
        statuses.push((await signIn(who, { otp: wrong }, address)).status);
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);

    // From yet another address, even the right code is refused until the hour ends...
    const refused = await signIn(who, { otp: await codeAt(secret, 1) }, '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // ...but a recovery code still lets the member in.
    expect((await signIn(who, { otp: recoveryCodes[0]! }, '203.0.113.99')).status).toBe(200);

    await sendEmails();
    const rows = await outboxRows(who.email);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['staff_second_step_locked', 'sent']]);
    const [message] = await outboxMessagesTo(t.config.outboxDir, who.email);
    const text = decodeQuotedPrintable(message!);
    expect(text).toContain('Someone is trying codes on your back office account');
    expect(text).toMatch(/typed 10 wrong codes/);
    expect(text).toContain('/admin/forgot-password');
    expect(text).toContain('recovery codes');
    // The owner sees it in the activity log, by the system.
    const [entry] = await activity(who.id, 'staff.second_step_locked');
    expect(entry).toMatchObject({ staff_id: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ wrong_codes: 10 });
  });

  it('counts only wrong codes: a right one gives its count back', async () => {
    const who = await member({ twoStep: true });
    const wrong = await wrongCode(who.totpSecret!);
    for (let i = 0; i < 9; i++) {
      expect((await signIn(who, { otp: wrong }, `198.51.101.${i}`)).status).toBe(400);
    }
    expect(
      (await signIn(who, { otp: await codeAt(who.totpSecret!) }, '198.51.101.50')).status,
    ).toBe(200);
    // The tenth wrong code reaches the cap (9 + this one), the next is refused.
    expect(await signIn(who, { otp: wrong }, '198.51.101.60')).toMatchObject({
      status: 400,
      body: CODE_NEEDED,
    });
    expect((await signIn(who, { otp: wrong }, '198.51.101.61')).status).toBe(429);
    // A missing code is the back office asking for one, not a guess: it is not counted...
    const other = await member({ twoStep: true });
    for (let i = 0; i < 12; i++) {
      expect((await signIn(other, {}, `198.51.102.${i}`)).status).toBe(400);
    }
    expect((await signIn(other, { otp: await codeAt(other.totpSecret!) })).status).toBe(200);
  });
});

describe('every code used is burned', () => {
  it('refuses the code that confirmed the set-up at the next sign-in', async () => {
    const who = await member();
    const { code } = await setUpTwoStep(await headersOf(who));
    expect(await signIn(who, { otp: code })).toMatchObject({ status: 400, body: CODE_NEEDED });
  });

  it('takes the code of a new secret set up again at once (only the old secret’s code is spent)', async () => {
    const who = await member();
    const headers = await headersOf(who);
    await setUpTwoStep(headers);
    expect(
      (await call('POST', '/me/totp/disable/', headers, { password: who.password })).status,
    ).toBe(204);
    const { code } = await setUpTwoStep(headers);
    expect(await signIn(who, { otp: code })).toMatchObject({ status: 400, body: CODE_NEEDED });
  });
});

describe('changing one’s password', () => {
  it('keeps this device signed in and ends every other session at once', async () => {
    const who = await member();
    const here = (await signIn(who)).body as { access: string; refresh: string };
    const there = (await signIn(who)).body as { access: string; refresh: string };
    const fixture = await headersOf(who);

    const changed = await call('POST', '/me/password/', asStaff(SHOP, here.access), {
      current_password: who.password,
      new_password: 'tempered-steel-77',
      new_password_confirm: 'tempered-steel-77',
    });
    expect(changed.status).toBe(200);
    const pair = changed.body as { access: string; refresh: string };
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(JSON.stringify(changed.body)).not.toContain('tempered-steel-77');

    // This device: its new tokens work, its refresh token rotates.
    expect((await call('GET', '/me/', asStaff(SHOP, pair.access))).status).toBe(200);
    const refreshed = await call('POST', '/auth/refresh/', asTenant(SHOP), {
      refresh: pair.refresh,
    });
    expect(refreshed.status).toBe(200);
    // Every other session, and this one's old tokens, are refused from the next request.
    for (const access of [here.access, there.access]) {
      expect(await call('GET', '/me/', asStaff(SHOP, access))).toMatchObject({
        status: 401,
        body: NOT_VALID,
      });
    }
    expect((await call('GET', '/me/', fixture)).status).toBe(401);
    expect(
      (await call('POST', '/auth/refresh/', asTenant(SHOP), { refresh: there.refresh })).status,
    ).toBe(401);

    // The old password no longer signs in; the new one does.
    expect(await signIn(who)).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    expect((await signIn({ ...who, password: 'tempered-steel-77' })).status).toBe(200);

    const row = await t.app.db
      .selectFrom('staff')
      .select('password_changed_at')
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(row.password_changed_at).not.toBeNull();
    const [entry] = await activity(who.id, 'staff.password_change');
    expect(entry).toMatchObject({ staff_id: who.id, before: null });
    expect(JSON.parse(entry!.after!)).toEqual({ other_sessions_ended: 2 });
    expect(JSON.stringify(entry)).not.toMatch(/tempered|staff-password/);
  });

  it('keeps a session that passed two-step verification able to lift the shop’s rule', async () => {
    const owner = await member({ role: 'owner', twoStep: true });
    const changed = await call('POST', '/me/password/', await headersOf(owner), {
      current_password: owner.password,
      new_password: 'tempered-steel-78',
      new_password_confirm: 'tempered-steel-78',
    });
    const headers = asStaff(SHOP, String(changed.body!.access));
    expect((await call('PUT', '/settings/security/', headers, { require_totp: true })).status).toBe(
      200,
    );
    expect(
      (await call('PUT', '/settings/security/', headers, { require_totp: false })).status,
    ).toBe(200);
  });

  it('says what is wrong with each field, and counts a wrong current password as a failed sign-in', async () => {
    const who = await member();
    const headers = await headersOf(who);
    const change = (body: Record<string, unknown>) => call('POST', '/me/password/', headers, body);
    expect(
      await change({
        current_password: who.password,
        new_password: 'short',
        new_password_confirm: 'other',
      }),
    ).toMatchObject({
      status: 400,
      body: {
        new_password: ['Password must be at least 8 characters long.'],
        new_password_confirm: ['Passwords do not match.'],
      },
    });
    expect(
      await change({
        current_password: who.password,
        new_password: 'nul\u0000password',
        new_password_confirm: 'nul\u0000password',
      }),
    ).toMatchObject({ status: 400, body: { new_password: ['Null characters are not allowed.'] } });
    expect(
      await change({
        current_password: who.password,
        new_password: 'x'.repeat(201),
        new_password_confirm: 'x'.repeat(201),
      }),
    ).toMatchObject({
      status: 400,
      body: { new_password: [STAFF_MESSAGES.passwordTooLong] },
    });
    // Huge input and unknown fields are refused by the contract.
    expect(
      (
        await change({
          current_password: who.password,
          new_password: 'x'.repeat(100_000),
          new_password_confirm: 'x'.repeat(100_000),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await change({
          current_password: who.password,
          new_password: 'tempered-steel-77',
          new_password_confirm: 'tempered-steel-77',
          role: 'owner',
        })
      ).status,
    ).toBe(400);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/password/',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'current_password=x&new_password=y&new_password_confirm=y',
    });
    expect(form.statusCode).toBe(415);

    const wrong = {
      current_password: 'not-my-password',
      new_password: 'tempered-steel-77',
      new_password_confirm: 'tempered-steel-77',
    };
    for (let i = 0; i < 5; i++) {
      expect(await change(wrong)).toMatchObject({
        status: 400,
        body: { current_password: ['Your current password is incorrect.'] },
      });
    }
    expect((await change(wrong)).status).toBe(429);
    // Nothing changed: the password still signs in (from another address).
    expect((await signIn(who, {}, '198.51.103.1')).status).toBe(200);
  });
});

describe('a forgotten password', () => {
  const ask = (email: string, shop = SHOP) =>
    call('POST', '/auth/password/reset/', asTenant(shop), { email });
  const confirm = (token: string, password = 'kiln-fired-mugs-8', shop = SHOP) =>
    call('POST', '/auth/password/reset/confirm/', asTenant(shop), {
      token,
      new_password: password,
      new_password_confirm: password,
    });

  /** Asks for a link for `who` and answers the token the e-mail carries. */
  async function linkFor(who: TestStaff): Promise<string> {
    const before = (await outboxMessagesTo(t.config.outboxDir, who.email)).length;
    expect(await ask(who.email.toUpperCase())).toMatchObject({
      status: 202,
      body: { detail: STAFF_MESSAGES.resetRequested },
    });
    await sendEmails();
    const messages = await outboxMessagesTo(t.config.outboxDir, who.email);
    expect(messages).toHaveLength(before + 1);
    const link = resetLinkOf(messages.at(-1)!)!;
    expect(link).toMatch(/^http:\/\/[^/]+\/admin\/reset-password\?token=/);
    return new URL(link).searchParams.get('token')!;
  }

  it('e-mails a link that sets a new password once, and signs every device out', async () => {
    const who = await member({ twoStep: true });
    const session = await headersOf(who);
    const token = await linkFor(who);
    // Stored hashed: the token is nowhere in the table.
    const stored = await t.app.db
      .selectFrom('staff_password_resets')
      .select(['token_hash', 'expires_at', 'used_at'])
      .where('staff_id', '=', who.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await confirm(token)).toEqual({
      status: 200,
      body: { detail: STAFF_MESSAGES.resetDone },
      headers: expect.anything(),
    });
    expect(await call('GET', '/me/', session)).toMatchObject({ status: 401, body: NOT_VALID });
    // The new password signs in, still with the second step.
    const withNew = { ...who, password: 'kiln-fired-mugs-8' };
    expect(await signIn(withNew)).toMatchObject({ status: 400, body: CODE_NEEDED });
    expect((await signIn(withNew, { otp: await codeAt(who.totpSecret!) })).status).toBe(200);
    expect(await signIn(who)).toMatchObject({ status: 401, body: BAD_CREDENTIALS });

    // The link works once.
    expect(await confirm(token, 'another-password-9')).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    const [entry] = await activity(who.id, 'staff.password_reset');
    expect(entry).toMatchObject({ staff_id: who.id });
    expect(JSON.parse(entry!.after!)).toMatchObject({ sessions_ended: 1 });
    // Never in a log line, never in an answer.
    expect(appLog).not.toContain(token);
    expect(appLog).not.toContain(encodeURIComponent(token));
  });

  it('answers the same for an e-mail of nobody, of another shop, or with a NUL, and sends nothing', async () => {
    const elsewhere = await member({ shop: OTHER });
    const before = await t.app.db.selectFrom('email_outbox').select('id').execute();
    for (const email of ['nobody-here@example.com', elsewhere.email]) {
      expect(await ask(email)).toMatchObject({
        status: 202,
        body: { detail: STAFF_MESSAGES.resetRequested },
      });
    }
    const after = await t.app.db.selectFrom('email_outbox').select('id').execute();
    expect(after).toHaveLength(before.length);
    for (const email of [`${elsewhere.email}\u0000`, 'x'.repeat(300), '']) {
      expect((await ask(email)).status).toBe(400);
    }
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/password/reset/',
      headers: { ...asTenant(SHOP), 'content-type': 'text/plain' },
      payload: elsewhere.email,
    });
    expect(asText.statusCode).toBe(415);
  });

  it('refuses an expired link, another shop’s, a removed member’s, and a made-up one, alike', async () => {
    const who = await member();
    const expired = await linkFor(who);
    await t.app.db
      .updateTable('staff_password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('staff_id', '=', who.id)
      .execute();
    expect(await confirm(expired)).toMatchObject({ status: 400, body: LINK_INVALID });

    const fresh = await linkFor(who);
    expect(await confirm(fresh, undefined, OTHER)).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    for (const madeUp of ['x', fresh.slice(0, -1), `${fresh}\u0000`, ' '.repeat(10)]) {
      expect(await confirm(madeUp)).toMatchObject({ status: 400, body: LINK_INVALID });
    }
    expect((await confirm('x'.repeat(5000))).status).toBe(400);
    // The new password is checked before the link is looked at.
    expect(
      await call('POST', '/auth/password/reset/confirm/', asTenant(SHOP), {
        token: fresh,
        new_password: 'short',
        new_password_confirm: 'short',
      }),
    ).toMatchObject({
      status: 400,
      body: { new_password: ['Password must be at least 8 characters long.'] },
    });

    const owner = await member({ role: 'owner' });
    expect((await call('DELETE', `/staff/${who.id}/`, await headersOf(owner))).status).toBe(204);
    expect(await confirm(fresh)).toMatchObject({ status: 400, body: LINK_INVALID });
    // The password did not change.
    const row = await t.app.db
      .selectFrom('staff')
      .select('password_changed_at')
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(row.password_changed_at).toBeNull();
  });

  it('voids every other link once one is used', async () => {
    const who = await member();
    const first = await linkFor(who);
    const second = await linkFor(who);
    expect((await confirm(second)).status).toBe(200);
    expect(await confirm(first)).toMatchObject({ status: 400, body: LINK_INVALID });
  });
});

describe('the reset throttles', () => {
  const limited = useTestApp({ passwordResetMaxPerAddress: 3, passwordResetMaxPerEmail: 2 });

  it('refuses a client address past its requests, and mails a member at most twice an hour', async () => {
    const who = await createStaff(limited.app.db, {
      tenantId: await tenantIdOf(limited.app.db, SHOP),
      email: `limited-${Date.now()}@example.com`,
    });
    const ask = (address: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/admin/auth/password/reset/',
        headers: { ...asTenant(SHOP), 'content-type': 'application/json' },
        payload: JSON.stringify({ email: who.email }),
        remoteAddress: address,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask('198.51.104.1')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // Two e-mails, though three requests were answered alike.
    const rows = await limited.app.db
      .selectFrom('email_outbox')
      .select('kind')
      .where('recipient', '=', who.email)
      .execute();
    expect(rows).toEqual([{ kind: 'staff_password_reset' }, { kind: 'staff_password_reset' }]);
    const confirms = [];
    for (let i = 0; i < 4; i++) {
      confirms.push(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/admin/auth/password/reset/confirm/',
            headers: { ...asTenant(SHOP), 'content-type': 'application/json' },
            payload: JSON.stringify({
              token: `made-up-${i}`,
              new_password: 'kiln-fired-mugs-8',
              new_password_confirm: 'kiln-fired-mugs-8',
            }),
            remoteAddress: '198.51.104.2',
          })
        ).statusCode,
      );
    }
    expect(confirms).toEqual([400, 400, 400, 429]);
  });
});

describe('an owner resetting a member’s two-step verification', () => {
  it('turns it off, ends the member’s sessions, e-mails them and logs it', async () => {
    const owner = await member({ role: 'owner' });
    const who = await member({ twoStep: true });
    const theirs = await headersOf(who);
    const answer = await call('POST', `/staff/${who.id}/totp/reset/`, await headersOf(owner));
    expect(answer).toMatchObject({
      status: 200,
      body: { id: who.id, email: who.email, totp_enabled: false },
    });
    expect(await call('GET', '/me/', theirs)).toMatchObject({ status: 401, body: NOT_VALID });
    // The password alone signs them in now, where they set it up again.
    const signedIn = await signIn(who);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body!.staff).toMatchObject({ totp_enabled: false });

    const [entry] = await activity(who.id, 'staff.totp_reset');
    expect(entry).toMatchObject({ staff_id: owner.id, before: '{"totp_enabled":true}' });
    expect(JSON.parse(entry!.after!)).toEqual({ totp_enabled: false, sessions_ended: 1 });
    await sendEmails();
    expect((await outboxRows(who.email)).map((r) => r.kind)).toEqual(['staff_two_step_reset']);
    const [message] = await outboxMessagesTo(t.config.outboxDir, who.email);
    expect(decodeQuotedPrintable(message!)).toContain(`${owner.name} reset your two-step`);
  });

  it('is refused to staff, for oneself, for a member without it, and for another shop’s member', async () => {
    const owner = await member({ role: 'owner', twoStep: true });
    const headers = await headersOf(owner);
    const staff = await member({ twoStep: true });
    expect(
      await call('POST', `/staff/${owner.id}/totp/reset/`, await headersOf(staff)),
    ).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    expect(await call('POST', `/staff/${owner.id}/totp/reset/`, headers)).toMatchObject({
      status: 409,
      body: { detail: STAFF_MESSAGES.resetOwnTotp },
    });
    const without = await member();
    expect(await call('POST', `/staff/${without.id}/totp/reset/`, headers)).toMatchObject({
      status: 409,
      body: { detail: STAFF_MESSAGES.memberTotpNotOn },
    });
    const elsewhere = await member({ shop: OTHER, twoStep: true });
    expect(await call('POST', `/staff/${elsewhere.id}/totp/reset/`, headers)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    for (const id of ['0', '-1', 'abc', '99999999999999999999', '1%00']) {
      const bad = await call('POST', `/staff/${id}/totp/reset/`, headers);
      expect([400, 404]).toContain(bad.status);
    }
    // Nothing changed for the staff member nor the other shop's.
    const rows = await t.app.db
      .selectFrom('staff')
      .select(['id', 'totp_enabled_at'])
      .where('id', 'in', [staff.id, elsewhere.id])
      .execute();
    expect(rows.every((r) => r.totp_enabled_at !== null)).toBe(true);
    // The other shop's member's sessions are untouched.
    expect((await call('GET', '/me/', await headersOf(elsewhere, OTHER))).status).toBe(200);
  });

  it('sends a member of a shop that requires it to the set-up at their next sign-in', async () => {
    const owner = await member({ role: 'owner', twoStep: true });
    const headers = await headersOf(owner);
    const who = await member({ twoStep: true });
    expect((await call('PUT', '/settings/security/', headers, { require_totp: true })).status).toBe(
      200,
    );
    try {
      expect((await call('POST', `/staff/${who.id}/totp/reset/`, headers)).status).toBe(200);
      const signedIn = await signIn(who);
      expect(signedIn.body!.staff).toMatchObject({ totp_enabled: false, totp_required: true });
    } finally {
      await call('PUT', '/settings/security/', headers, { require_totp: false });
    }
  });
});
