/**
 * The shopper's data rights (contract: exportAccountData, deleteAccount; UK GDPR / GDPR art.
 * 15, 17 and 20): the holder downloads their data as an attachment naming the day; a customer
 * registered for these cases is refused with a wrong password, erased with the right one, and
 * its access token is refused afterwards.
 */
import { DEMO, TENANT_HEADER, detailIs, fieldError, type Case } from '../case';
import { isObject, str } from '../contract-document';
import { request } from '../request';
import { unknownTenant, type AccountSetup } from './account-setup';

const PASSWORD = 'correct-horse-42';

/** Registers and logs in a customer of the demo shop; answers its request headers. */
async function leaver(upstream: string, stamp: string): Promise<Record<string, string>> {
  const email = `contract-leaver-${stamp}@example.com`;
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
  const state = { headers: {} as Record<string, string> };
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
