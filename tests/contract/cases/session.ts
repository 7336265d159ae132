/**
 * The accounts operations as a session (contract: register, login, refreshToken, logout; spec
 * sections 4, Authentication, and 5, registration and login rules): register, log in by e-mail,
 * username or the `email` field, refresh and log out, with the attacks the contract documents:
 * wrong passwords, another shop's customer, the lock-out after too many failures (429), a
 * spent or revoked refresh token, and the tenant errors.
 */
import {
  DEMO,
  DEMO_CUSTOMER,
  POTTERY_CUSTOMER,
  TENANT_HEADER,
  TOKEN_INVALID,
  demoTenant,
  detailIs,
  fieldError,
  potteryTenant,
  tenantErrors,
  tokenPairFor,
  type Case,
} from '../case';
import { isObject, str, type Json } from '../contract-document';
import { request } from '../request';

/** Tokens of the demo customer, from two logins made before the cases run. */
export interface Session {
  access: string;
  /** Spent by the refresh case. */
  refresh: string;
  /** Revoked by the logout case. */
  logoutRefresh: string;
  /** Makes the e-mails registered by this run unique. */
  stamp: string;
}

const BAD_CREDENTIALS = 'No active account found with the given credentials.';
/** LOGIN_MAX_FAILURES' default. */
const MAX_FAILURES = 5;

/** Two logins of the demo customer, straight at the API: one session to refresh, one to log out. */
export async function logIn(upstream: string): Promise<Session> {
  const tokens = async () => {
    const answer = await request(upstream, {
      method: 'POST',
      path: '/accounts/login/',
      headers: { [TENANT_HEADER]: DEMO },
      body: { login_id: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    const b = answer.body;
    if (answer.status !== 200 || !isObject(b) || !str(b.access) || !str(b.refresh)) {
      throw new Error(
        `could not log in as the demo customer (${answer.status}: ${answer.text.slice(0, 200)})`,
      );
    }
    return { access: str(b.access), refresh: str(b.refresh) };
  };
  const first = await tokens();
  const second = await tokens();
  return {
    access: first.access,
    refresh: first.refresh,
    logoutRefresh: second.refresh,
    stamp: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  };
}

/** Register, login, refresh and logout, including the attacks the contract documents. */
export function sessionCases(session: Session): Case[] {
  const demo = demoTenant;
  const pottery = potteryTenant;
  const password = 'correct-horse-42';
  const newEmail = `contract-${session.stamp}@example.com`;
  const lockedEmail = `locked-${session.stamp}@example.com`;
  const login = (
    name: string,
    body: Json,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `login ${name}`,
    operationId: 'login',
    method: 'POST',
    path: '/accounts/login/',
    headers,
    body,
    status,
    check,
  });
  const register = (
    name: string,
    body: Json,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `register ${name}`,
    operationId: 'register',
    method: 'POST',
    path: '/accounts/register/',
    headers,
    body,
    status,
    check,
  });
  const refresh = (
    name: string,
    token: string,
    status: number,
    check?: Case['check'],
    headers = demo,
  ): Case => ({
    name: `refreshToken ${name}`,
    operationId: 'refreshToken',
    method: 'POST',
    path: '/accounts/token/refresh/',
    headers,
    body: { refresh: token },
    status,
    check,
  });
  const logout = (name: string, token: string, status: number, check?: Case['check']): Case => ({
    name: `logout ${name}`,
    operationId: 'logout',
    method: 'POST',
    path: '/accounts/logout/',
    headers: demo,
    body: { refresh: token },
    status,
    check,
  });
  const customer = { login_id: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };

  return [
    login("with the demo customer's e-mail", customer, 200, tokenPairFor(DEMO_CUSTOMER.email)),
    login(
      'with the username',
      { login_id: DEMO_CUSTOMER.username, password: DEMO_CUSTOMER.password },
      200,
      tokenPairFor(DEMO_CUSTOMER.email),
    ),
    login(
      'with the `email` field, in upper case',
      { email: DEMO_CUSTOMER.email.toUpperCase(), password: DEMO_CUSTOMER.password },
      200,
      tokenPairFor(DEMO_CUSTOMER.email),
    ),
    login(
      'with a wrong password',
      { ...customer, password: 'wrong-password' },
      401,
      detailIs(BAD_CREDENTIALS),
    ),
    login(
      'with an unknown user',
      { login_id: 'nobody@example.com', password: 'wrong-password' },
      401,
      detailIs(BAD_CREDENTIALS),
    ),
    login(
      "as the other shop's customer (tenant isolation)",
      { login_id: POTTERY_CUSTOMER.email, password: POTTERY_CUSTOMER.password },
      401,
      detailIs(BAD_CREDENTIALS),
    ),
    login(
      "as the other shop's customer with its tenant token",
      { login_id: POTTERY_CUSTOMER.email, password: POTTERY_CUSTOMER.password },
      200,
      tokenPairFor(POTTERY_CUSTOMER.email),
      pottery,
    ),
    {
      ...login('without a password (bad body)', { login_id: DEMO_CUSTOMER.email }, 400),
      via: 'lenient',
    },
    ...tenantErrors('login', 'POST', '/accounts/login/', undefined, customer),

    register(
      'a new customer',
      { email: newEmail, password, password_confirm: password },
      201,
      (b) =>
        isObject(b) && b.email === newEmail && typeof b.id === 'number' && str(b.username)
          ? null
          : `unexpected user ${JSON.stringify(b)}`,
    ),
    login('as the new customer', { login_id: newEmail, password }, 200, tokenPairFor(newEmail)),
    register(
      'with a taken e-mail',
      { email: newEmail, password, password_confirm: password },
      400,
      fieldError('email', 'A user with this e-mail already exists.'),
    ),
    register(
      'with a short password',
      {
        email: `short-${session.stamp}@example.com`,
        password: 'seven77',
        password_confirm: 'seven77',
      },
      400,
      fieldError('password', 'Password must be at least 8 characters long.'),
    ),
    register(
      'with mismatched passwords',
      {
        email: `mismatch-${session.stamp}@example.com`,
        password,
        password_confirm: `${password}!`,
      },
      400,
      fieldError('password_confirm', 'Passwords do not match.'),
    ),
    {
      ...register(
        'with an invalid e-mail (bad body)',
        { email: 'not-an-email', password, password_confirm: password },
        400,
        fieldError('email', 'Enter a valid email address.'),
      ),
      via: 'lenient',
    },
    register(
      'with the same e-mail in the other shop',
      { email: newEmail, password, password_confirm: password },
      201,
      undefined,
      pottery,
    ),
    ...tenantErrors('register', 'POST', '/accounts/register/', undefined, {
      email: `tenantless-${session.stamp}@example.com`,
      password,
      password_confirm: password,
    }),

    register(
      'an account to lock',
      { email: lockedEmail, password, password_confirm: password },
      201,
    ),
    ...Array.from({ length: MAX_FAILURES }, (_, i) =>
      login(
        `failure ${i + 1} of ${MAX_FAILURES}`,
        { login_id: lockedEmail, password: 'wrong-password' },
        401,
        detailIs(BAD_CREDENTIALS),
      ),
    ),
    login(
      'after too many failures, even with the right password',
      { login_id: lockedEmail, password },
      429,
      (b, headers) => {
        const retry = Number(headers.get('retry-after'));
        if (!(retry > 0)) return `expected a Retry-After header, got ${headers.get('retry-after')}`;
        return isObject(b) &&
          /^Request was throttled\. Expected available in \d+ seconds\.$/.test(str(b.detail))
          ? null
          : `unexpected body ${JSON.stringify(b)}`;
      },
    ),

    refresh("with the demo customer's refresh token", session.refresh, 200, (b) =>
      isObject(b) && str(b.access) && str(b.refresh) && b.refresh !== session.refresh
        ? null
        : `expected a rotated pair, got ${JSON.stringify(b).slice(0, 200)}`,
    ),
    refresh('with an access token', session.access, 401, detailIs(TOKEN_INVALID)),
    refresh('with a malformed token', 'not-a-token', 401, detailIs(TOKEN_INVALID)),
    refresh(
      "with the other shop's tenant token",
      session.logoutRefresh,
      401,
      detailIs(TOKEN_INVALID),
      pottery,
    ),
    { ...refresh('without a token (bad body)', '', 400), via: 'lenient' },
    ...tenantErrors('refreshToken', 'POST', '/accounts/token/refresh/', undefined, {
      refresh: session.logoutRefresh,
    }),

    logout('with a refresh token', session.logoutRefresh, 204),
    refresh('after logout', session.logoutRefresh, 401, detailIs(TOKEN_INVALID)),
    logout('again with the same token (idempotent)', session.logoutRefresh, 204),
    logout('with a malformed token', 'not-a-token', 401, detailIs(TOKEN_INVALID)),
    ...tenantErrors('logout', 'POST', '/accounts/logout/', undefined, {
      refresh: session.logoutRefresh,
    }),
  ];
}
