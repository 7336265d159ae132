/**
 * The shopper's account: `GET /accounts/me/`, and changing the password
 * (`POST /accounts/password/change/`), which keeps this session, ends every other one, counts
 * wrong current passwords as failed logins, and commits with the revocation or not at all.
 */
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
} from 'kysely';
import type { components } from '../../common/storefront-api';
import { createTestApp } from '../test/test-app.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import {
  DEMO,
  NOT_VALID,
  PASSWORD,
  STOREFRONT,
  TOKEN_INVALID,
  nextSecond,
  useAccountsApi,
} from '../test/accounts.ts';

type TokenPair = components['schemas']['TokenPair'];

const { t, call, loginAs, loginStatus, refresh, newCustomer } = useAccountsApi({
  storefrontUrl: STOREFRONT,
});

describe('GET /accounts/me/', () => {
  it("answers the logged-in customer's e-mail and username", async () => {
    const { email, pair } = await newCustomer();
    const answer = await call('GET', '/accounts/me/', { token: pair.access });
    expect(answer).toMatchObject({ status: 200, body: { id: pair.user.id, email } });
    expect((answer.body as { username: string }).username).toBe(pair.user.username);
  });

  it('needs a bearer token', async () => {
    expect((await call('GET', '/accounts/me/')).status).toBe(401);
  });
});

describe('POST /accounts/password/change/', () => {
  it('changes the password, keeps this session and ends every other one, access tokens included', async () => {
    const { email, pair: other } = await newCustomer();
    const mine = await loginAs(email, PASSWORD);
    await nextSecond();
    const answer = await call('POST', '/accounts/password/change/', {
      token: mine.access,
      body: {
        current_password: PASSWORD,
        new_password: 'tempered-steel-77',
        new_password_confirm: 'tempered-steel-77',
      },
    });
    expect(answer.status).toBe(200);
    const fresh = answer.body as TokenPair;
    expect(fresh.user.email).toBe(email);

    // This session carries on with the new pair.
    expect((await call('GET', '/accounts/me/', { token: fresh.access })).status).toBe(200);
    expect((await refresh(fresh.refresh)).status).toBe(200);
    // The other session (and this one's old tokens) are over.
    expect(await refresh(other.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    expect((await refresh(mine.refresh)).status).toBe(401);
    expect(await call('GET', '/accounts/me/', { token: other.access })).toMatchObject({
      status: 401,
      body: NOT_VALID,
    });
    // The new password logs in, the old one does not.
    expect(await loginStatus(email, 'tempered-steel-77')).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(401);
  });

  it('refuses a wrong current password, a short new one and a mismatch as field errors', async () => {
    const { pair } = await newCustomer();
    const change = (body: object) =>
      call('POST', '/accounts/password/change/', { token: pair.access, body });
    expect(
      await change({
        current_password: 'not-my-password',
        new_password: 'tempered-steel-77',
        new_password_confirm: 'tempered-steel-77',
      }),
    ).toMatchObject({
      status: 400,
      body: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
    });
    expect(
      await change({
        current_password: PASSWORD,
        new_password: 'short',
        new_password_confirm: 'shorter',
      }),
    ).toMatchObject({
      status: 400,
      body: {
        new_password: [ACCOUNT_MESSAGES.passwordTooShort],
        new_password_confirm: [ACCOUNT_MESSAGES.passwordMismatch],
      },
    });
    // Nothing changed.
    expect((await call('GET', '/accounts/me/', { token: pair.access })).status).toBe(200);
  });

  it('counts wrong current passwords as failed logins: 429 after LOGIN_MAX_FAILURES', async () => {
    const { pair } = await newCustomer();
    const body = {
      current_password: 'guess-guess',
      new_password: 'tempered-steel-77',
      new_password_confirm: 'tempered-steel-77',
    };
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      expect(
        (await call('POST', '/accounts/password/change/', { token: pair.access, body })).status,
      ).toBe(400);
    }
    const answer = await call('POST', '/accounts/password/change/', {
      token: pair.access,
      body: { ...body, current_password: PASSWORD },
    });
    expect(answer.status).toBe(429);
    expect((answer.body as { detail: string }).detail).toMatch(/^Request was throttled\./);
  });

  it('changes nothing when ending the other sessions fails: the password and the revocation commit together', async () => {
    const failing = new FailRefreshTokenUpdates();
    const app = await createTestApp({}, { plugins: [failing] });
    try {
      const { email, pair } = await newCustomer(DEMO, app);
      failing.on = true;
      const answer = await call('POST', '/accounts/password/change/', {
        app,
        token: pair.access,
        body: {
          current_password: PASSWORD,
          new_password: 'tempered-steel-77',
          new_password_confirm: 'tempered-steel-77',
        },
      });
      failing.on = false;
      expect(answer.status).toBe(500);
      // The old password still logs in and the new one does not: nothing was half done.
      expect(await loginAs(email, PASSWORD, DEMO, app)).toBeTruthy();
      const withNew = await call('POST', '/accounts/login/', {
        app,
        body: { login_id: email, password: 'tempered-steel-77' },
      });
      expect(withNew.status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses to rotate a refresh token issued before the password last changed, even unrevoked', async () => {
    const { email, pair } = await newCustomer();
    await nextSecond();
    // As after a crash between the password's commit and the revocation of the old sessions.
    await t.app.db
      .updateTable('users')
      .set({ password_changed_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute();
    expect(await refresh(pair.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // A session begun after the change rotates as usual.
    const fresh = await loginAs(email, PASSWORD);
    expect((await refresh(fresh.refresh)).status).toBe(200);
  });

  it('needs a bearer token', async () => {
    const answer = await call('POST', '/accounts/password/change/', {
      body: { current_password: 'x', new_password: 'yyyyyyyy', new_password_confirm: 'yyyyyyyy' },
    });
    expect(answer.status).toBe(401);
  });
});

/**
 * A Kysely plugin that, while `on`, fails every UPDATE of refresh_tokens: a crash between a
 * password change and the end of the other sessions.
 */
class FailRefreshTokenUpdates implements KyselyPlugin {
  on = false;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.on && UpdateQueryNode.is(node)) {
      const table = node.table && TableNode.is(node.table) ? node.table.table.identifier.name : '';
      if (table === 'refresh_tokens') throw new Error('simulated crash: refresh_tokens update');
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
