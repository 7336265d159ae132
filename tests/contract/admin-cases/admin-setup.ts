/**
 * What the back office's contract cases share: the seeded members of staff and orders of the demo
 * shop (server/seed/back-office-seed.ts), a shopper of this run (whose token the back office must
 * refuse, and who places a collection order for the ready and collected cases), the running state
 * the cases fill in as they go (tokens, ids, secrets), and the case builders that sign a case in as
 * one member or another at the moment it runs.
 *
 * The setup talks to the API directly (the storefront's API, not the back office's): it signs
 * nobody in to the back office, so every staff sign-in is a case of its own.
 */
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import { DEMO, DEMO_CUSTOMER, TENANT_HEADER, demoTenant, detailIs, type Case } from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { sleep } from '../processes';
import { request, results } from '../request';
import { money } from '../cases/shop-setup';
import {
  decodeQuotedPrintable,
  outboxMessagesTo,
} from '../../../server/platform/mail/outbox-reader';

/** The demo shop's seeded members of staff (server/seed/back-office-seed.ts DEMO_STAFF). */
export const OWNER = { email: 'owner@emberandoak.example', password: 'demo-owner-2026' };
export const STAFF = { email: 'staff@emberandoak.example', password: 'demo-staff-2026' };

/**
 * The seeded demo orders (server/seed/back-office-seed.ts DEMO_ORDERS, in that order): their
 * numbers are `ORD-SEED-` and the seed's index twice in the order-number alphabet, then `26`.
 */
export const SEEDED = {
  /** awaiting_payment, bank transfer, placed a day ago. */
  awaitingTransfer: 'ORD-SEED-2226',
  /** awaiting_payment, bank transfer, placed 5 days ago. */
  awaitingTransferOld: 'ORD-SEED-3326',
  /** awaiting_payment, custom, placed 2 days ago. */
  awaitingCustom: 'ORD-SEED-4426',
  /** paid by hand (bank transfer), one delivery to ship, 3 days ago. */
  toShip: 'ORD-SEED-5526',
  /** paid by hand (custom), one delivery to ship, 2 days ago. */
  toShip2: 'ORD-SEED-6626',
  /** shipped by Royal Mail, 9 days ago. */
  shipped: 'ORD-SEED-7726',
  /** paid by hand, its collection ready at the workshop, 4 days ago. */
  ready: 'ORD-SEED-8826',
  /** collected, 20 days ago. */
  completed: 'ORD-SEED-9926',
  /** canceled by the shop, 6 days ago. */
  canceled: 'ORD-SEED-AA26',
  /** expired unpaid (bank transfer), 12 days ago. */
  expired: 'ORD-SEED-BB26',
  /** refunded in full by hand, 15 days ago. */
  refunded: 'ORD-SEED-CC26',
  /** expired unpaid (card), 8 days ago; its late 2C2P payment is to be paid back by hand. */
  lateCardPayment: 'ORD-SEED-DD26',
} as const;

/** The seeded orders' customer (server/seed/back-office-seed.ts DEMO_BUYER). */
export const SEEDED_BUYER_EMAIL = 'buyer@emberandoak.example';

export const NOT_PROVIDED = 'Authentication credentials were not provided.';
export const TOKEN_NOT_VALID = 'Given token not valid for any token type';
export const FORBIDDEN = 'You do not have permission to perform this action.';
export const BAD_CREDENTIALS = 'No active account found with the given credentials';
export const REFRESH_INVALID = 'Token is invalid or expired.';
export const NOT_FOUND = 'Not found.';

/** A signed-in session of a member: its tokens and the session's uuid. */
export interface StaffSession {
  access: string;
  refresh: string;
  /** The session's uuid (a refresh token starts with it). */
  id: string;
}

/** Everything the cases fill in as they run. */
export interface AdminState {
  /** The owner's main session, and the ones the refresh, revoke and logout cases end. */
  owner: StaffSession | null;
  ownerToRefresh: StaffSession | null;
  ownerRotated: StaffSession | null;
  ownerToRevoke: StaffSession | null;
  ownerToLogOut: StaffSession | null;
  ownerId: number;
  /** The seeded staff member's session. */
  staff: StaffSession | null;
  staffId: number;
  /** The member invited and signed up in this run, and what their two-step set-up gave. */
  member: StaffSession | null;
  memberId: number;
  invitationId: number;
  inviteToken: string;
  /** An invitation revoked by a case, and its e-mailed token. */
  revokedInvitationId: number;
  revokedInviteToken: string;
  totpSecret: string;
  /** The last 6-digit code a sign-in case sent (the replay case sends it again). */
  lastCode: string;
  recoveryCodes: string[];
  /** The token of the password-reset link e-mailed to the member. */
  resetToken: string;
  /** The seeded orders' and the collection order's totals, by order number. */
  totals: Record<string, string>;
}

/** The shopper of this run and the collection order they placed. */
export interface AdminSetup {
  stamp: string;
  outboxDir: string;
  /** The API's SQLite file: for what the storefront's cases leave unreachable through the API. */
  sqlitePath: string;
  /** The shopper's headers: the demo shop's tenant and their storefront access token. */
  shopper: Record<string, string>;
  /** The shopper's storefront refresh token (a staff refresh must refuse it). */
  shopperRefresh: string;
  /**
   * A bank-transfer order with one line collected from the workshop, placed by the shopper;
   * null when the storefront could not place it (the cases that need it then say so).
   */
  collection: { orderNumber: string; total: string } | null;
  /** Why `collection` is null. */
  collectionProblem: string;
  /** The member this run invites; their password. */
  memberEmail: string;
  memberPassword: string;
  /** An e-mail this run invites and then revokes. */
  revokedEmail: string;
  state: AdminState;
}

const SHOPPER_PASSWORD = 'correct-horse-42';

/** The UK address of the collection order (only its name and country matter for a collection). */
const ADDRESS = {
  street: '3 Kiln Yard',
  city: 'Sheffield',
  postalCode: 'S1 4PQ',
  country: 'GB',
  fullname: 'Clara Collect',
  contact_number: '+44 114 496 0111',
};

/**
 * Registers and logs in this run's shopper, and has them place a bank-transfer order of one
 * simple piece collected from the workshop (the seed has no paid collection that is not yet
 * ready). A failure to place it is kept in `collectionProblem`, not thrown: only the cases
 * that need the order fail.
 * @throws when the shopper cannot register or log in.
 */
export async function adminSetup(
  upstream: string,
  outboxDir: string,
  sqlitePath: string,
): Promise<AdminSetup> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `contract-desk-${stamp}@example.com`;
  const tenant = { [TENANT_HEADER]: DEMO };
  const registered = await request(upstream, {
    method: 'POST',
    path: '/accounts/register/',
    headers: tenant,
    body: { email, password: SHOPPER_PASSWORD, password_confirm: SHOPPER_PASSWORD },
  });
  if (registered.status !== 201) {
    throw new Error(`could not register ${email} (${registered.status}: ${registered.text})`);
  }
  const login = await request(upstream, {
    method: 'POST',
    path: '/accounts/login/',
    headers: tenant,
    body: { login_id: email, password: SHOPPER_PASSWORD },
  });
  if (login.status !== 200 || !isObject(login.body)) {
    throw new Error(`could not log in ${email} (${login.status}: ${login.text})`);
  }
  const shopper = { ...tenant, authorization: `Bearer ${str(login.body.access)}` };

  let collection: AdminSetup['collection'] = null;
  let collectionProblem = '';
  try {
    collection = await placeCollectionOrder(upstream, shopper);
  } catch (error) {
    collectionProblem = error instanceof Error ? error.message : String(error);
  }

  return {
    stamp,
    outboxDir,
    sqlitePath,
    shopper,
    shopperRefresh: str(login.body.refresh),
    collection,
    collectionProblem,
    memberEmail: `contract-member-${stamp}@example.com`,
    memberPassword: 'kiln-fired-mugs-7',
    revokedEmail: `contract-revoked-${stamp}@example.com`,
    state: {
      owner: null,
      ownerToRefresh: null,
      ownerRotated: null,
      ownerToRevoke: null,
      ownerToLogOut: null,
      ownerId: 0,
      staff: null,
      staffId: 0,
      member: null,
      memberId: 0,
      invitationId: 0,
      inviteToken: '',
      revokedInvitationId: 0,
      revokedInviteToken: '',
      totpSecret: '',
      lastCode: '',
      recoveryCodes: [],
      resetToken: '',
      totals: {
        ...seededTotals(sqlitePath),
        ...(collection ? { [collection.orderNumber]: collection.total } : {}),
      },
    },
  };
}

/**
 * The totals of the seeded orders (`ORD-SEED-...`), read from the API's SQLite file so the
 * moves that need one (mark paid, refund) do not hang on the back office's own reading of an order.
 */
function seededTotals(sqlitePath: string): Record<string, string> {
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT o.order_number, o.total_cents FROM orders o JOIN tenants t ON t.id = o.tenant_id WHERE t.token = ? AND o.order_number LIKE 'ORD-SEED-%'",
      )
      .all(DEMO) as { order_number: string; total_cents: number }[];
    return Object.fromEntries(rows.map((r) => [r.order_number, money(r.total_cents)]));
  } finally {
    db.close();
  }
}

/**
 * The storefront's checkout of one simple piece (no options, not made to order, not age
 * restricted, at least 2 in stock) by bank transfer, collected from the workshop.
 * @throws with the storefront's answer when a step is refused.
 */
async function placeCollectionOrder(
  upstream: string,
  shopper: Record<string, string>,
): Promise<{ orderNumber: string; total: string }> {
  const step = async (
    what: string,
    spec: Parameters<typeof request>[1],
    status: number,
  ): Promise<JsonObject> => {
    const answer = await request(upstream, { ...spec, headers: shopper });
    if (answer.status !== status || !isObject(answer.body)) {
      throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    return answer.body;
  };
  const catalogue = await step(
    'the catalogue',
    { method: 'GET', path: '/products/products/', query: { is_active: 'true', page_size: '100' } },
    200,
  );
  const simple = results(catalogue).filter(
    (p) =>
      Array.isArray(p.options) &&
      p.options.length === 0 &&
      p.made_to_order === false &&
      p.age_restricted === false &&
      Number(p.stock) >= 2,
  );
  for (const product of simple) {
    await step('clearing the cart', { method: 'DELETE', path: '/orders/cart/clear/' }, 200);
    const cart = await step(
      `adding ${str(product.slug)}`,
      {
        method: 'POST',
        path: '/orders/cart/add-item/',
        body: { product_id: Number(product.id), quantity: 1 },
      },
      200,
    );
    const item = Array.isArray(cart.items) ? cart.items.find(isObject) : undefined;
    if (!item) throw new Error(`the cart holds no line after adding ${str(product.slug)}`);
    const quote = await step(
      'the shipping quote',
      { method: 'POST', path: '/orders/cart/shipping-quote/', body: { country: 'GB' } },
      200,
    );
    const collectionCodes = (Array.isArray(quote.methods) ? quote.methods.filter(isObject) : [])
      .filter((m) => m.kind === 'collection')
      .map((m) => str(m.code));
    const line = (Array.isArray(quote.lines) ? quote.lines.filter(isObject) : [])[0];
    const allowed = line && Array.isArray(line.methods) ? line.methods.map((m) => str(m)) : [];
    const method = collectionCodes.find((code) => allowed.includes(code));
    if (!method) continue;
    const choices = [{ item_id: Number(item.id), method }];
    const quoted = await step(
      'the collection quote',
      { method: 'POST', path: '/orders/cart/shipping-quote/', body: { country: 'GB', choices } },
      200,
    );
    const order = await step(
      'the checkout',
      {
        method: 'POST',
        path: '/orders/orders/',
        body: {
          payment_method: 'bank_transfer',
          delivery_address: ADDRESS,
          shipping: choices,
          expected_total_price: str(quoted.total_price),
        },
      },
      201,
    );
    return { orderNumber: str(order.order_number), total: str(order.total_price) };
  }
  throw new Error('no simple piece of the demo catalogue may be collected from the workshop');
}

/** The tenant header and a bearer token. */
export function bearer(token: string): Record<string, string> {
  return { ...demoTenant, authorization: `Bearer ${token}` };
}

/** A session from a sign-in's (or refresh's) answer; its uuid starts the refresh token. */
export function sessionOf(body: Json): StaffSession | null {
  if (!isObject(body) || !str(body.access) || !str(body.refresh)) return null;
  return {
    access: str(body.access),
    refresh: str(body.refresh),
    id: str(body.refresh).slice(0, 36),
  };
}

/**
 * The case signed in with the access token `token()` gives when it runs (an earlier case's
 * sign-in), on top of its own `prepare`; the demo shop's tenant header unless the case names
 * its own headers. Without a token the case fails saying which sign-in it lacked.
 */
export function signedIn(who: string, token: () => string | undefined, c: Case): Case {
  const own = c.prepare;
  return {
    ...c,
    prepare: async () => {
      const access = token();
      if (!access) {
        throw new Error(`not run: no ${who} token (the case that signs them in failed)`);
      }
      const extra = own ? await own() : {};
      return {
        ...extra,
        headers: { ...bearer(access), ...c.headers, ...extra.headers },
      };
    },
  };
}

/** A case of the back office's contract: `make` without the headers (`signedIn` adds them). */
export function adminCase(
  name: string,
  operationId: string,
  method: string,
  path: string,
  status: number,
  rest: Partial<Case> = {},
): Case {
  return {
    name: name.replace(/\s+/g, ' ').trim(),
    operationId,
    method,
    path,
    status,
    headers: {},
    ...rest,
  };
}

/** The case builders signed in as the owner, the seeded staff member or this run's member. */
export function members(a: AdminSetup) {
  const s = a.state;
  return {
    asOwner: (c: Case) => signedIn('owner', () => s.owner?.access, c),
    asStaff: (c: Case) => signedIn('staff member', () => s.staff?.access, c),
    asMember: (c: Case) => signedIn('invited member', () => s.member?.access, c),
  };
}

/** A check that the answer refuses a member's role (403, the contract's words). */
export const forbidden = detailIs(FORBIDDEN);

/**
 * The 6-digit code of an authenticator app holding `secret`, now or `steps` 30-second steps
 * later (the API takes one step either side of its clock, each step's code once).
 */
export async function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A 6-digit code that is not the current one of `secret` (nor either step beside it). */
export async function wrongTotpCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const near = new Set(
    await Promise.all([-30, 0, 30].map((shift) => generate({ secret, epoch: now + shift }))),
  );
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 111111) % 1_000_000).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

/**
 * The token of the newest invitation e-mail to `email` (its link
 * `/admin/accept-invitation?token=...`), once there are more than `after` e-mails to it,
 * waiting up to 5 s for the background send.
 * @throws when no such e-mail arrives.
 */
export async function newestInvitationToken(
  outboxDir: string,
  email: string,
  after = 0,
): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = await outboxMessagesTo(outboxDir, email);
    if (messages.length > after) {
      const match = /\/admin\/accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(
        decodeQuotedPrintable(messages.at(-1)!),
      );
      if (match) return decodeURIComponent(match[1]!);
    }
    await sleep(100);
  }
  throw new Error(
    `no invitation e-mail with an accept-invitation link to ${email} in ${outboxDir}`,
  );
}

/**
 * The token of the newest password-reset e-mail to `email` (its link
 * `/admin/reset-password?token=...`), waiting up to 5 s for the background send.
 * @throws when no such e-mail arrives.
 */
export async function newestResetToken(outboxDir: string, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = await outboxMessagesTo(outboxDir, email);
    for (const message of messages.reverse()) {
      const match = /\/admin\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(
        decodeQuotedPrintable(message),
      );
      if (match) return decodeURIComponent(match[1]!);
    }
    await sleep(100);
  }
  throw new Error(`no password-reset e-mail to ${email} in ${outboxDir}`);
}

/** The demo customer's e-mail, whose storefront password a staff sign-in must refuse. */
export const SHOPPER_CREDENTIALS = { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };
