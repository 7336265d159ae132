/**
 * A shop that requires two-step verification (an owner's security setting): a member who has
 * not set it up still signs in, but reaches only their own account, where they set it up, until
 * they do; every other operation answers 403 saying so. Set up, they reach the back office again.
 *
 * Lifting the rule takes a session that passed two-step verification (signed in with a code, or
 * in which the set-up was confirmed): an owner signed in with the password alone cannot lift
 * it, or a stolen password would undo the very rule that guards against one.
 */
import { generate } from 'otplib';
import { STAFF_MESSAGES } from '../../staff/messages.ts';
import {
  asStaff,
  createStaff,
  openTestSession,
  staffTokenFor,
  tenantIdOf,
} from '../../test/staff.ts';
import { asTenant, useTestApp } from '../../test/test-app.ts';

const SHOP = 'demo-handcraft';
const t = useTestApp();

async function call(
  method: 'GET' | 'POST' | 'PUT',
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
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const requireTotp = (headers: Record<string, string>, on: boolean) =>
  call('PUT', '/settings/security/', headers, { require_totp: on });

/** Turns the rule off again with an owner who passed two-step verification (test cleanup). */
async function lift() {
  const tenantId = await tenantIdOf(t.app.db, SHOP);
  const owner = await createStaff(t.app.db, { tenantId, role: 'owner', twoStep: true });
  expect((await requireTotp(asStaff(SHOP, await staffTokenFor(t.app, owner)), false)).status).toBe(
    200,
  );
}

describe('two-step verification required by the shop', () => {
  afterEach(lift);

  it('keeps a member without it on their own account until they set it up', async () => {
    const tenantId = await tenantIdOf(t.app.db, SHOP);
    const owner = await createStaff(t.app.db, { tenantId, role: 'owner' });
    const member = await createStaff(t.app.db, { tenantId, role: 'staff' });
    const ownerHeaders = asStaff(SHOP, await staffTokenFor(t.app, owner));
    const headers = asStaff(SHOP, await staffTokenFor(t.app, member));

    expect((await call('GET', '/orders/', headers)).status).toBe(200);
    // Requiring it takes the owner's role alone: it only makes signing in stricter.
    expect((await requireTotp(ownerHeaders, true)).status).toBe(200);

    expect(await call('GET', '/orders/', headers)).toEqual({
      status: 403,
      body: { detail: STAFF_MESSAGES.setUpTotpFirst },
    });
    expect((await call('GET', '/today/', headers)).status).toBe(403);
    const me = await call('GET', '/me/', headers);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ totp_enabled: false, totp_required: true });

    const setup = await call('POST', '/me/totp/', headers, {});
    expect(setup.status).toBe(200);
    const code = await generate({ secret: String(setup.body.secret) });
    expect((await call('POST', '/me/totp/confirm/', headers, { code })).status).toBe(200);
    expect((await call('GET', '/orders/', headers)).status).toBe(200);
  });

  it('is not lifted by an owner signed in with a password alone; set up on their own account, the same session lifts it', async () => {
    const tenantId = await tenantIdOf(t.app.db, SHOP);
    const owner = await createStaff(t.app.db, { tenantId, role: 'owner' });
    const ownerHeaders = asStaff(SHOP, await staffTokenFor(t.app, owner));
    expect((await requireTotp(ownerHeaders, true)).status).toBe(200);

    // Held like any member without it: the rule cannot be lifted, nor anything else reached.
    expect(await requireTotp(ownerHeaders, false)).toEqual({
      status: 403,
      body: { detail: STAFF_MESSAGES.setUpTotpFirst },
    });
    expect((await call('GET', '/orders/', ownerHeaders)).status).toBe(403);
    expect(await call('GET', '/settings/security/', ownerHeaders)).toEqual({
      status: 200,
      body: { require_totp: true },
    });

    // Their own account stays reachable: they set it up there...
    const setup = await call('POST', '/me/totp/', ownerHeaders, {});
    const code = await generate({ secret: String(setup.body.secret) });
    expect((await call('POST', '/me/totp/confirm/', ownerHeaders, { code })).status).toBe(200);
    // ...and the session that confirmed the set-up passed two-step verification.
    expect(await requireTotp(ownerHeaders, false)).toEqual({
      status: 200,
      body: { require_totp: false },
    });
    expect((await call('GET', '/orders/', ownerHeaders)).status).toBe(200);
  });

  it('is not lifted from a session opened with the password alone, even by an owner who has it on', async () => {
    const tenantId = await tenantIdOf(t.app.db, SHOP);
    const owner = await createStaff(t.app.db, { tenantId, role: 'owner', twoStep: true });
    const withCode = asStaff(SHOP, await staffTokenFor(t.app, owner));
    expect((await requireTotp(withCode, true)).status).toBe(200);
    // A session of theirs that never passed the second step (opened before they set it up).
    const passwordOnly = asStaff(
      SHOP,
      await staffTokenFor(t.app, {
        ...owner,
        sessionId: await openTestSession(t.app.db, tenantId, owner.id),
      }),
    );
    expect(await requireTotp(passwordOnly, false)).toEqual({
      status: 403,
      body: { detail: STAFF_MESSAGES.liftNeedsTwoStepSession },
    });
    expect((await requireTotp(withCode, false)).status).toBe(200);
  });

  it('is lifted by an owner who signed in with their code', async () => {
    const tenantId = await tenantIdOf(t.app.db, SHOP);
    const owner = await createStaff(t.app.db, { tenantId, role: 'owner', twoStep: true });
    expect((await requireTotp(asStaff(SHOP, await staffTokenFor(t.app, owner)), true)).status).toBe(
      200,
    );
    const signedIn = await call('POST', '/auth/login/', asTenant(SHOP), {
      email: owner.email,
      password: owner.password,
      otp: await generate({ secret: owner.totpSecret! }),
    });
    expect(signedIn.status).toBe(200);
    expect(await requireTotp(asStaff(SHOP, String(signedIn.body.access)), false)).toEqual({
      status: 200,
      body: { require_totp: false },
    });
  });
});
