/**
 * The shopper's data rights (contract: exportAccountData, deleteAccount,
 * requestEmailVerification, confirmEmailVerification; UK GDPR / GDPR art. 15, 17 and 20): the
 * holder downloads their data as an attachment naming the day; a stranger who registers the
 * address a seeded visitor wrote from (Lena Fischer's) downloads none of her messages until a
 * link mailed to that address verifies it; a customer registered for these cases is refused
 * with a wrong password, erased with the right one, and its access token is refused afterwards.
 */
import { verificationLinkOf } from '../../../server/platform/mail/outbox-reader';
import { DEMO, TENANT_HEADER, detailIs, fieldError, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { request } from '../request';
import { newestResetToken, unknownTenant, type AccountSetup } from './account-setup';

/** The demo's contact message a visitor sent from this address (server/seed/back-office-seed.ts). */
const LENA = { email: 'Lena.Fischer@example.de', subject: 'Shipping a carving to Germany' };

/** A check that the download does, or does not, hold Lena's message. */
const holdsLena = (wanted: boolean) => (body: Json) => {
  const messages =
    isObject(body) && Array.isArray(body.contact_messages) ? body.contact_messages : null;
  if (!messages) return `expected contact_messages, got ${JSON.stringify(body).slice(0, 200)}`;
  const found = messages.some((m) => isObject(m) && m.subject === LENA.subject);
  return found === wanted
    ? null
    : wanted
      ? "expected Lena's message once the address is verified"
      : `a stranger's download holds Lena's message: ${JSON.stringify(messages).slice(0, 200)}`;
};

const PASSWORD = 'correct-horse-42';

/** Registers and logs in a customer of the demo shop; answers its request headers. */
async function leaver(
  upstream: string,
  stamp: string,
  email = `contract-leaver-${stamp}@example.com`,
): Promise<Record<string, string>> {
  const headers = { [TENANT_HEADER]: DEMO };
  await request(upstream, {
    method: 'POST',
    path: '/accounts/register/',
    headers,
    body: { email, password: PASSWORD, password_confirm: PASSWORD },
  });
  const login = await request(upstream, {
    method: 'POST',
    path: '/accounts/login/',
    headers,
    body: { login_id: email, password: PASSWORD },
  });
  if (login.status !== 200 || !isObject(login.body)) throw new Error(`could not log in ${email}`);
  return { ...headers, authorization: `Bearer ${str(login.body.access)}` };
}

/** Export, then an erasure refused and done; each case builds on the one before. */
export function dataRightsCases(a: AccountSetup, upstream: string, stamp: string): Case[] {
  const state = { headers: {} as Record<string, string>, lena: {} as Record<string, string> };
  return [
    {
      name: "exportAccountData: the holder's data as an attachment",
      operationId: 'exportAccountData',
      method: 'GET',
      path: '/accounts/me/data/',
      headers: a.holder,
      status: 200,
      check: (body, headers) => {
        const disposition = headers.get('content-disposition') ?? '';
        if (!/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/.test(disposition)) {
          return `expected an attachment named my-data-YYYY-MM-DD.json, got ${disposition}`;
        }
        return isObject(body) && isObject(body.account) && Array.isArray(body.orders)
          ? null
          : `expected the account and its orders, got ${JSON.stringify(body).slice(0, 200)}`;
      },
    },
    unknownTenant(a, 'exportAccountData', 'GET', '/accounts/me/data/'),
    {
      name: "exportAccountData of a stranger who registered a seeded sender's address: none of her messages",
      operationId: 'exportAccountData',
      method: 'GET',
      path: '/accounts/me/data/',
      status: 200,
      check: holdsLena(false),
      prepare: async () => {
        state.lena = await leaver(upstream, stamp, LENA.email);
        return { headers: state.lena };
      },
    },
    {
      name: "requestEmailVerification: a link to the account's address",
      operationId: 'requestEmailVerification',
      method: 'POST',
      path: '/accounts/me/email/verify/',
      status: 202,
      check: detailIs(
        'We have sent a link to lena.fischer@example.de. Open it within 24 hours to verify your e-mail address.',
      ),
      prepare: () => ({ headers: state.lena }),
    },
    {
      name: 'confirmEmailVerification with a made-up token',
      operationId: 'confirmEmailVerification',
      method: 'POST',
      path: '/accounts/email/verify/confirm/',
      headers: { [TENANT_HEADER]: DEMO },
      body: { token: 'made-up-token' },
      status: 400,
      check: fieldError('token', 'This verification link is invalid or has expired.'),
    },
    {
      name: 'confirmEmailVerification with the e-mailed link',
      operationId: 'confirmEmailVerification',
      method: 'POST',
      path: '/accounts/email/verify/confirm/',
      headers: { [TENANT_HEADER]: DEMO },
      status: 200,
      check: detailIs('Your e-mail address is verified.'),
      prepare: async () => ({
        body: {
          token: await newestResetToken(a.outboxDir, LENA.email, 0, verificationLinkOf),
        },
      }),
    },
    {
      name: 'exportAccountData once the address is verified: her messages',
      operationId: 'exportAccountData',
      method: 'GET',
      path: '/accounts/me/data/',
      status: 200,
      check: holdsLena(true),
      prepare: () => ({ headers: state.lena }),
    },
    {
      name: 'requestEmailVerification of a verified address',
      operationId: 'requestEmailVerification',
      method: 'POST',
      path: '/accounts/me/email/verify/',
      status: 400,
      check: detailIs('Your e-mail address is already verified.'),
      prepare: () => ({ headers: state.lena }),
    },
    {
      name: 'deleteAccount with a wrong password',
      operationId: 'deleteAccount',
      method: 'POST',
      path: '/accounts/me/delete/',
      status: 400,
      check: fieldError('password', 'Your password is incorrect.'),
      prepare: async () => {
        state.headers = await leaver(upstream, stamp);
        return { headers: state.headers, body: { password: 'not-my-password' } };
      },
    },
    {
      name: 'deleteAccount with the password: erased',
      operationId: 'deleteAccount',
      method: 'POST',
      path: '/accounts/me/delete/',
      status: 204,
      prepare: () => ({ headers: state.headers, body: { password: PASSWORD } }),
    },
    {
      name: "getAccount with the erased account's access token",
      operationId: 'getAccount',
      method: 'GET',
      path: '/accounts/me/',
      status: 401,
      check: detailIs('Given token not valid for any token type'),
      prepare: () => ({ headers: state.headers }),
    },
  ];
}
