/**
 * Staff at the back office's door, over HTTP: signing in (with a code when two-step
 * verification is on), the staff check of every other operation, refreshing and signing out,
 * an owner removing a member, and an invitation from the e-mail to a signed-in member. A
 * shopper's token never opens the back office, a staff token never opens a shopper's account,
 * and one shop's staff never reach another shop's.
 */
import { generate } from 'otplib';
import { outboxMessagesTo, decodeQuotedPrintable } from '../../platform/mail/outbox-reader.ts';
import { createCustomer } from '../../test/shop.ts';
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
const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };
const NOT_VALID = { detail: 'Given token not valid for any token type' };
const BAD_CREDENTIALS = { detail: 'No active account found with the given credentials' };
const TOKEN_INVALID = { detail: 'Token is invalid or expired.' };

const t = useTestApp();

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await t.app.inject({
    method,
    url: `/api/admin${path}`,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? (response.json() as unknown) : null };
}

let made = 0;
async function member(role: 'owner' | 'staff' = 'staff', shop = SHOP): Promise<TestStaff> {
  return createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, shop),
    role,
    email: `door${++made}-${Date.now()}@example.com`,
  });
}

async function signIn(who: TestStaff, extra: Record<string, string> = {}) {
  return call('POST', '/auth/login/', asTenant(SHOP), {
    email: who.email,
    password: who.password,
    ...extra,
  });
}

describe('the staff check', () => {
  it('answers 401 without a token, and with anything that is not a staff token of this shop', async () => {
    expect(await call('GET', '/me/', asTenant(SHOP))).toEqual({ status: 401, body: NOT_PROVIDED });
    const owner = await member('owner');
    const token = await staffTokenFor(t.app, owner);
    expect((await call('GET', '/me/', asStaff(SHOP, token))).status).toBe(200);
    // The same token at another shop.
    expect(await call('GET', '/me/', asStaff(OTHER, token))).toEqual({
      status: 401,
      body: NOT_VALID,
    });
    for (const bad of ['x', 'a.b.c', `${token}x`, 'x'.repeat(5000), `${token} extra`]) {
      expect(await call('GET', '/me/', asStaff(SHOP, bad))).toEqual({
        status: 401,
        body: NOT_VALID,
      });
    }
    expect(
      await call('GET', '/me/', { ...asTenant(SHOP), authorization: `Basic ${token}` }),
    ).toEqual({
      status: 401,
      body: NOT_PROVIDED,
    });
  });

  it('refuses a shopper’s token, and the storefront refuses a staff token', async () => {
    const shopper = await createCustomer(t.app, SHOP);
    const answer = await call('GET', '/me/', shopper.headers);
    expect(answer).toEqual({ status: 401, body: NOT_VALID });
    const staffToken = await staffTokenFor(t.app, await member());
    const storefront = await t.app.inject({
      method: 'GET',
      url: '/api/orders/cart/',
      headers: { ...asTenant(SHOP), authorization: `Bearer ${staffToken}` },
    });
    expect(storefront.statusCode).toBe(401);
  });
});

describe('signing in over HTTP', () => {
  it('gives tokens and the member; /me/ then says who they are', async () => {
    const who = await member('owner');
    const answer = await signIn(who);
    expect(answer.status).toBe(200);
    const body = answer.body as { access: string; refresh: string; staff: unknown };
    expect(body.staff).toEqual({
      id: who.id,
      email: who.email,
      name: who.name,
      role: 'owner',
      totp_enabled: false,
      totp_required: false,
    });
    expect(await call('GET', '/me/', asStaff(SHOP, body.access))).toEqual({
      status: 200,
      body: body.staff,
    });
  });

  it('answers 401 for a wrong password, another shop, or an e-mail with a NUL in it', async () => {
    const who = await member();
    expect(
      await call('POST', '/auth/login/', asTenant(SHOP), {
        email: who.email,
        password: 'wrong-password',
      }),
    ).toEqual({
      status: 401,
      body: BAD_CREDENTIALS,
    });
    expect(
      await call('POST', '/auth/login/', asTenant(OTHER), {
        email: who.email,
        password: who.password,
      }),
    ).toEqual({
      status: 401,
      body: BAD_CREDENTIALS,
    });
    expect(
      (
        await call('POST', '/auth/login/', asTenant(SHOP), {
          email: `${who.email}\u0000`,
          password: who.password,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call('POST', '/auth/login/', asTenant(SHOP), {
          email: 'x'.repeat(300),
          password: 'p',
        })
      ).status,
    ).toBe(400);
  });

  it('asks for the code when two-step verification is on, and lets the member in with it', async () => {
    const who = await member();
    const token = await staffTokenFor(t.app, who);
    const setup = (await call('POST', '/me/totp/', asStaff(SHOP, token))).body as {
      secret: string;
    };
    const confirmed = await call('POST', '/me/totp/confirm/', asStaff(SHOP, token), {
      code: await generate({ secret: setup.secret }),
    });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
    expect(await signIn(who)).toEqual({
      status: 400,
      body: { otp: ['Enter the 6-digit code from your authenticator app.'] },
    });
    expect(await signIn(who, { otp: '000000' })).toEqual({
      status: 400,
      body: { otp: ['Enter the 6-digit code from your authenticator app.'] },
    });
    const recovery = (confirmed.body as { recovery_codes: string[] }).recovery_codes[0]!;
    expect((await signIn(who, { otp: recovery })).status).toBe(200);
  });
});

describe('a session over HTTP', () => {
  it('refreshes once per refresh token; the old one again ends the session', async () => {
    const who = await member();
    const first = (await signIn(who)).body as { access: string; refresh: string };
    const next = await call('POST', '/auth/refresh/', asTenant(SHOP), { refresh: first.refresh });
    expect(next.status).toBe(200);
    const pair = next.body as { access: string; refresh: string };
    expect((await call('GET', '/me/', asStaff(SHOP, pair.access))).status).toBe(200);
    expect(
      await call('POST', '/auth/refresh/', asTenant(SHOP), { refresh: first.refresh }),
    ).toEqual({ status: 401, body: TOKEN_INVALID });
    expect(await call('GET', '/me/', asStaff(SHOP, pair.access))).toEqual({
      status: 401,
      body: NOT_VALID,
    });
  });

  it('ends at logout, and lists and ends the member’s own sessions only', async () => {
    const who = await member();
    const a = (await signIn(who)).body as { access: string; refresh: string };
    const b = (await signIn(who)).body as { access: string; refresh: string };
    const sessions = (await call('GET', '/me/sessions/', asStaff(SHOP, a.access))).body as {
      id: string;
      current: boolean;
    }[];
    const current = sessions.find((s) => s.current)!;
    const other = sessions.find((s) => !s.current && s.id !== who.sessionId)!;
    expect(
      (await call('DELETE', `/me/sessions/${other.id}/`, asStaff(SHOP, a.access))).status,
    ).toBe(204);
    expect((await call('GET', '/me/', asStaff(SHOP, b.access))).status).toBe(401);
    // Another member cannot end this one's session.
    const stranger = await staffTokenFor(t.app, await member());
    expect(await call('DELETE', `/me/sessions/${current.id}/`, asStaff(SHOP, stranger))).toEqual({
      status: 404,
      body: { detail: 'Not found.' },
    });
    // Nor log it out with its refresh token.
    expect(
      (await call('POST', '/auth/logout/', asStaff(SHOP, stranger), { refresh: a.refresh })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/auth/logout/', asStaff(SHOP, a.access), { refresh: a.refresh })).status,
    ).toBe(204);
    expect((await call('GET', '/me/', asStaff(SHOP, a.access))).status).toBe(401);
    expect(await call('POST', '/auth/refresh/', asTenant(SHOP), { refresh: a.refresh })).toEqual({
      status: 401,
      body: TOKEN_INVALID,
    });
  });
});

describe('an owner managing staff over HTTP', () => {
  it('removes a member, whose very next request is refused', async () => {
    const owner = await staffTokenFor(t.app, await member('owner'));
    const who = await member();
    const theirs = await staffTokenFor(t.app, who);
    expect((await call('GET', '/me/', asStaff(SHOP, theirs))).status).toBe(200);
    expect((await call('DELETE', `/staff/${who.id}/`, asStaff(SHOP, owner))).status).toBe(204);
    expect(await call('GET', '/me/', asStaff(SHOP, theirs))).toEqual({
      status: 401,
      body: NOT_VALID,
    });
  });

  it('finds no member of another shop', async () => {
    const owner = await staffTokenFor(t.app, await member('owner'));
    const elsewhere = await member('staff', OTHER);
    expect(
      await call('PATCH', `/staff/${elsewhere.id}/`, asStaff(SHOP, owner), { role: 'owner' }),
    ).toEqual({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await call('DELETE', `/staff/${elsewhere.id}/`, asStaff(SHOP, owner))).status).toBe(
      404,
    );
  });

  it('invites someone, who follows the e-mailed link and is signed in; the link works once', async () => {
    const owner = await staffTokenFor(t.app, await member('owner'));
    const email = `invitee-${Date.now()}@example.com`;
    const created = await call('POST', '/staff/invitations/', asStaff(SHOP, owner), {
      email,
      role: 'staff',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, role: 'staff', status: 'pending' });
    expect(JSON.stringify(created.body)).not.toMatch(/token/i);
    await t.app.emailOutbox.idle();
    await t.app.emailOutbox.drain();
    const rows = await t.app.db
      .selectFrom('email_outbox')
      .select(['status', 'last_error'])
      .where('recipient', '=', email)
      .execute();
    expect(rows).toEqual([{ status: 'sent', last_error: null }]);
    const [message] = await outboxMessagesTo(t.config.outboxDir, email);
    const link = /https?:\/\/[^\s"<>]+\/admin\/accept-invitation\?token=[A-Za-z0-9_%-]+/.exec(
      decodeQuotedPrintable(message!),
    )![0];
    const token = new URL(link).searchParams.get('token')!;
    const joined = await call('POST', '/staff/invitations/accept/', asTenant(SHOP), {
      token,
      name: 'Priya Shah',
      password: 'kiln-fired-mugs-7',
    });
    expect(joined.status).toBe(200);
    const { access, staff } = joined.body as { access: string; staff: unknown };
    expect(staff).toMatchObject({ email, name: 'Priya Shah', role: 'staff' });
    expect((await call('GET', '/me/', asStaff(SHOP, access))).status).toBe(200);
    expect(
      await call('POST', '/staff/invitations/accept/', asTenant(SHOP), {
        token,
        name: 'Again',
        password: 'kiln-fired-mugs-7',
      }),
    ).toEqual({
      status: 400,
      body: { token: ['This invitation link is invalid or has expired.'] },
    });
  });

  it('refuses a staff member the owner’s operations, and another shop’s owner this shop’s', async () => {
    const staffToken = await staffTokenFor(t.app, await member());
    expect(await call('GET', '/staff/', asStaff(SHOP, staffToken))).toEqual({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    const otherOwner = await staffTokenFor(t.app, await member('owner', OTHER));
    expect((await call('GET', '/staff/', asStaff(SHOP, otherOwner))).status).toBe(401);
    const shopId = await tenantIdOf(t.app.db, OTHER);
    const list = (await call('GET', '/staff/', asStaff(OTHER, otherOwner))).body as {
      id: number;
    }[];
    const here = await t.app.db
      .selectFrom('staff')
      .select('id')
      .where('tenant_id', '!=', shopId)
      .execute();
    expect(list.map((m) => m.id)).not.toEqual(expect.arrayContaining(here.map((r) => r.id)));
  });
});
