/**
 * The customers the shopper's-account cases use (account-addresses.ts, account-passwords.ts),
 * registered and logged in for this run so the seeded demo customer's session stays untouched,
 * and the reader of the password-reset e-mails the API writes to its outbox.
 */
import { DEMO, TENANT_HEADER, detailIs, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { sleep } from '../processes';
import { request } from '../request';
import { outboxMessagesTo, resetLinkOf } from '../../../server/platform/mail/outbox-reader';

/** Customers registered for the account cases, and where the API writes its e-mails. */
export interface AccountSetup {
  /** Reads the account and keeps addresses. */
  holder: Record<string, string>;
  /** Another customer of the same shop (404 on the holder's addresses). */
  stranger: Record<string, string>;
  /** Changes the password; `changerRefresh` must be refused afterwards. */
  changer: Record<string, string>;
  changerRefresh: string;
  changerPassword: string;
  /** Resets a forgotten password by e-mail. */
  forgetfulEmail: string;
  outboxDir: string;
  /** Filled in as the cases run. */
  state: { address: number; address2: number; resetToken: string; olderToken: string };
}

const ACCOUNT_PASSWORD = 'correct-horse-42';

/**
 * Registers and logs in the holder, the stranger, the changer and the forgetful customer of
 * the demo shop; `stamp` makes their e-mails unique. @throws when one cannot register or log in.
 */
export async function accountSetup(
  upstream: string,
  stamp: string,
  outboxDir: string,
): Promise<AccountSetup> {
  const customer = async (name: string) => {
    const email = `contract-${name}-${stamp}@example.com`;
    const registered = await request(upstream, {
      method: 'POST',
      path: '/accounts/register/',
      headers: { [TENANT_HEADER]: DEMO },
      body: { email, password: ACCOUNT_PASSWORD, password_confirm: ACCOUNT_PASSWORD },
    });
    if (registered.status !== 201) throw new Error(`could not register ${email}`);
    const login = await request(upstream, {
      method: 'POST',
      path: '/accounts/login/',
      headers: { [TENANT_HEADER]: DEMO },
      body: { login_id: email, password: ACCOUNT_PASSWORD },
    });
    if (login.status !== 200 || !isObject(login.body)) throw new Error(`could not log in ${email}`);
    return {
      email,
      headers: { [TENANT_HEADER]: DEMO, authorization: `Bearer ${str(login.body.access)}` },
      refresh: str(login.body.refresh),
    };
  };
  const holder = await customer('holder');
  const stranger = await customer('stranger');
  const changer = await customer('changer');
  const forgetful = await customer('forgetful');
  return {
    holder: holder.headers,
    stranger: stranger.headers,
    changer: changer.headers,
    changerRefresh: changer.refresh,
    changerPassword: ACCOUNT_PASSWORD,
    forgetfulEmail: forgetful.email,
    outboxDir,
    state: { address: 0, address2: 0, resetToken: '', olderToken: '' },
  };
}

/**
 * The token of the newest e-mail to `email` past the first `after`, waiting for the background
 * send; `linkOf` finds its link (a reset link by default, a verification link).
 */
export async function newestResetToken(
  outboxDir: string,
  email: string,
  after: number,
  linkOf: (eml: string) => string | null = resetLinkOf,
): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = await outboxMessagesTo(outboxDir, email);
    if (messages.length > after) {
      const link = linkOf(messages.at(-1)!);
      if (link) return new URL(link).searchParams.get('token') ?? '';
    }
    await sleep(100);
  }
  throw new Error(`no e-mail with a link to ${email} in ${outboxDir}`);
}

/**
 * A customer operation with the holder's valid bearer token but an unknown shop (Prism checks
 * the security schemes first, so the tenant-less case of tenantErrors does not apply here).
 */
export function unknownTenant(
  a: AccountSetup,
  operationId: string,
  method: string,
  p: string,
  body?: Json,
): Case {
  return {
    name: `${operationId} with an unknown tenant token`,
    operationId,
    method,
    path: p,
    body,
    headers: { ...a.holder, [TENANT_HEADER]: 'no-such-tenant' },
    status: 403,
    check: detailIs('Unknown tenant token.'),
  };
}
