/**
 * Launching a shop (issue 38, decision 079 "Launch"): a new shop starts `closed` and shows
 * "Opening soon" until its owner launches it; Launch is refused while the set-up checklist has
 * items left, and names them; an open shop may be closed for a holiday (browsing stays,
 * ordering stops, with the owner's message) and reopened. A closed shop is shown to its staff
 * and to anyone who knows the preview password the owner sets here.
 *
 * The checklist, each item with where in the back office it is done:
 * - `seller`: who the seller is, the legal name and a geographic address (E-Commerce Regulations
 *   2002 reg. 6), and while the shop is VAT registered its VAT number and rate;
 * - `payment`: a payment method a buyer can pay with: card with live credentials the provider
 *   accepted when the owner tested them (`payment_settings.credentials_checked_mode`, cleared
 *   when they are replaced or refused; test keys take no real money), or the sandbox gateway
 *   where it runs; bank transfer with the bank details; or the shop's own method with its name;
 * - `shipping`: a shipping zone and a method to send or hand over in;
 * - `product`: an active product with at least one photo (the item leads to Categories while the
 *   shop has none: a product needs one);
 * - `policies`: a refund policy and a privacy policy with words in them;
 * - `domain`: the shop at its own domain over HTTPS: its storefront address (the caller's
 *   `storefrontUrl`) is `https://` at one of its recorded domains, and a request has reached it
 *   there over HTTPS (`tenants.https_seen_at`, recorded by server/http/shop-hosts.ts as the
 *   proxy in front reports it): a configured address alone proves no certificate or DNS.
 *
 * Each change is one transaction with its activity entry, written through the door's journal
 * (`Acting`, decision 077: object type `shop`); the caller makes the storefront forget what it
 * showed afterwards (`catalogCache.invalidate`), which every cached answer, page and process
 * follows. The preview password is kept as a scrypt hash, never shown, never logged.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  CLOSED_MESSAGE_MAX_LENGTH,
  PREVIEW_PASSWORD_MAX_LENGTH,
  PREVIEW_PASSWORD_MIN_LENGTH,
} from '../../common/shop-status.ts';
import { CARD_PROVIDERS } from '../payments/registry.ts';
import {
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
} from '../platform/credentials/passwords.ts';
import type { Database } from '../platform/db/database.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import type { ShopStatus } from '../platform/db/tables/tenants.ts';
import { DomainError } from '../platform/domain-error.ts';
import { NUL_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import type { Acting } from '../platform/journal.ts';
import { CONTROL, CONTROL_BUT_LINES } from '../platform/text-checks.ts';
import type { ShopErrorCode } from './errors.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The checklist's items, in the order the back office shows them. */
export type ChecklistKey = 'seller' | 'payment' | 'shipping' | 'product' | 'policies' | 'domain';

/** One item of the set-up checklist. */
export interface ChecklistItem {
  key: ChecklistKey;
  done: boolean;
  /** What the owner does, as the checklist says it. */
  label: string;
  /** The back office page where it is done (`/settings/payments`); null: outside it. */
  where: string | null;
}

/** Each item's words and place (the contract's examples quote them). */
export const CHECKLIST_ITEMS: Record<ChecklistKey, { label: string; where: string | null }> = {
  seller: {
    label: 'Say who the seller is: the legal name and address, and the VAT number if registered',
    where: '/settings/site',
  },
  payment: {
    label:
      'Set up a way to pay: card (live keys tested with your provider), bank transfer or your own method',
    where: '/settings/payments',
  },
  shipping: { label: 'Add a shipping zone and a way to send', where: '/settings/shipping' },
  product: { label: 'Add a first product with a photo', where: '/products' },
  policies: { label: 'Write the refund and privacy policies', where: '/content/policies' },
  domain: { label: 'Serve the shop at its own domain over HTTPS', where: null },
};

const ORDER: readonly ChecklistKey[] = [
  'seller',
  'payment',
  'shipping',
  'product',
  'policies',
  'domain',
];

/** What the owner is told when a move does not fit the shop's state, and of the form's fields. */
export const LAUNCH_MESSAGES = {
  notReady: (missing: readonly ChecklistItem[]) =>
    `The shop cannot launch yet. Still to do: ${missing.map((item) => item.label).join('; ')}.`,
  alreadyOpen: 'The shop is already open.',
  onHolidayLaunch: 'The shop has launched and is on holiday: reopen it instead.',
  notLaunched: 'The shop has not launched yet: launch it from the checklist.',
  notOnHoliday: 'The shop is not on holiday.',
  controlCharacters: 'Control characters are not allowed.',
  passwordTooShort: `Use at least ${PREVIEW_PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Use at most ${PREVIEW_PASSWORD_MAX_LENGTH} characters.`,
} as const;

/** Where a shop stands, as the back office shows it above the checklist. */
export interface ShopState {
  status: ShopStatus;
  /** The owner's holiday message; null for none (the storefront then says its own words). */
  closedMessage: string | null;
  /** When an owner first launched the shop (ISO 8601); null until then. */
  launchedAt: string | null;
  /** Whether a preview password is set (never the password). */
  previewPasswordSet: boolean;
}

/** What the checklist reads besides the database. */
export interface ChecklistOptions {
  /** The shop's storefront address (`https://tidewater.example`): the domain item reads it. */
  storefrontUrl: string;
  /** Whether the sandbox card gateway runs here (PAYMENT_SANDBOX): then it counts as card. */
  sandboxCounts?: boolean;
}

const statusConflict = (message: string) =>
  new DomainError<ShopErrorCode>('shop_status_conflict', message);

const invalidInput = (field: string, message: string) =>
  new DomainError<ShopErrorCode>('invalid_shop_status_input', message, { field });

/**
 * Shop `tenantId`'s state.
 * @throws Error when the shop does not exist (the door only hands over existing shops).
 */
export async function shopState(db: Db | Trx, tenantId: number): Promise<ShopState> {
  const row = await db
    .selectFrom('tenants')
    .select(['status', 'closed_message', 'launched_at', 'preview_password_hash'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return {
    status: row.status,
    closedMessage: row.closed_message,
    launchedAt: row.launched_at === null ? null : toIsoString(row.launched_at),
    previewPasswordSet: row.preview_password_hash !== null,
  };
}

/** True when `html` has words in it once its tags and entities of spacing are taken away. */
function hasWords(html: string | null | undefined): boolean {
  if (!html) return false;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text !== '';
}

/** Whether `storefrontUrl` is an `https://` address at one of `domains`. */
function servedOverHttps(storefrontUrl: string, domains: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(storefrontUrl);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return url.protocol === 'https:' && domains.includes(host);
}

/**
 * The set-up checklist of shop `tenantId`: every item, done or not, in the order the back office
 * shows them (see the module comment for what each asks). Reads only; a handful of small
 * queries.
 */
export async function launchChecklist(
  db: Db | Trx,
  tenantId: number,
  options: ChecklistOptions,
): Promise<ChecklistItem[]> {
  const [site, payments, zones, methods, product, policies, domains, tenant, category] =
    await Promise.all([
      db
        .selectFrom('site_settings')
        .select(['legal_name', 'legal_address', 'vat_registered', 'vat_number', 'vat_rate_bp'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      db
        .selectFrom('payment_settings')
        .select([
          'enable_card_payment',
          'enable_bank_transfer',
          'enable_custom_payment',
          'bank_account_details',
          'custom_payment_label',
          'provider',
          'credentials',
          'credentials_checked_mode',
        ])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      db
        .selectFrom('shipping_zones')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('shipping_methods')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('products')
        .select('products.id')
        .where('products.tenant_id', '=', tenantId)
        .where('products.is_active', '=', 1)
        .where('products.archived_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_images')
              .select('product_images.id')
              .whereRef('product_images.product_id', '=', 'products.id'),
          ),
        )
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('legal_documents')
        .select(['document_type', 'content'])
        .where('tenant_id', '=', tenantId)
        .execute(),
      db.selectFrom('tenant_domains').select('domain').where('tenant_id', '=', tenantId).execute(),
      db
        .selectFrom('tenants')
        .select('https_seen_at')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('categories')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .limit(1)
        .executeTakeFirst(),
    ]);

  const registered = site ? toBool(site.vat_registered) : false;
  const seller =
    site !== undefined &&
    site.legal_name.trim() !== '' &&
    site.legal_address.trim() !== '' &&
    (!registered || (site.vat_number !== null && site.vat_rate_bp !== null));

  const card =
    payments !== undefined &&
    toBool(payments.enable_card_payment) &&
    payments.credentials !== null &&
    (CARD_PROVIDERS[payments.provider].sandboxOnly
      ? options.sandboxCounts === true
      : payments.credentials_checked_mode === 'live');
  const bank =
    payments !== undefined &&
    toBool(payments.enable_bank_transfer) &&
    (payments.bank_account_details ?? '').trim() !== '';
  const custom =
    payments !== undefined &&
    toBool(payments.enable_custom_payment) &&
    (payments.custom_payment_label ?? '').trim() !== '';

  const written = (type: 'refund_policy' | 'privacy_policy') =>
    policies.some((doc) => doc.document_type === type && hasWords(doc.content));

  const done: Record<ChecklistKey, boolean> = {
    seller,
    payment: card || bank || custom,
    shipping: Number(zones.n) > 0 && Number(methods.n) > 0,
    product: product !== undefined,
    policies: written('refund_policy') && written('privacy_policy'),
    domain:
      tenant.https_seen_at !== null &&
      servedOverHttps(
        options.storefrontUrl,
        domains.map((row) => row.domain),
      ),
  };
  // A product needs a category: a shop without one is sent to make it first.
  const where = (key: ChecklistKey) =>
    key === 'product' && category === undefined ? '/categories' : CHECKLIST_ITEMS[key].where;
  return ORDER.map((key) => ({
    key,
    done: done[key],
    label: CHECKLIST_ITEMS[key].label,
    where: where(key),
  }));
}

/** Runs `change` on the shop's row in one transaction, with the state read first. */
async function onShop<T>(
  db: Db,
  tenantId: number,
  change: (trx: Trx, before: ShopState) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => change(trx, await shopState(trx, tenantId)));
}

/**
 * Launches the member's shop: refused while any checklist item is left, else `open` from now,
 * with `launched_at` set the first time. Logs `shop.launch`.
 * @throws DomainError `shop_not_ready` (409) whose answer carries `missing`, the items left;
 *   `shop_status_conflict` (409) when the shop is already open or on holiday.
 */
export async function launchShop(
  db: Db,
  acting: Acting,
  options: ChecklistOptions & { now?: Date },
): Promise<ShopState> {
  const at = options.now ?? new Date();
  return onShop(db, acting.tenantId, async (trx, before) => {
    if (before.status === 'open') throw statusConflict(LAUNCH_MESSAGES.alreadyOpen);
    if (before.status === 'holiday') throw statusConflict(LAUNCH_MESSAGES.onHolidayLaunch);
    const missing = (await launchChecklist(trx, acting.tenantId, options)).filter(
      (item) => !item.done,
    );
    if (missing.length > 0) {
      throw new DomainError<ShopErrorCode>('shop_not_ready', LAUNCH_MESSAGES.notReady(missing), {
        extra: { missing },
      });
    }
    const launchedAt = before.launchedAt ?? at.toISOString();
    const moved = await trx
      .updateTable('tenants')
      .set({ status: 'open', closed_message: null, launched_at: launchedAt })
      .where('id', '=', acting.tenantId)
      .where('status', '=', 'closed')
      .executeTakeFirst();
    // Another launch committed first: the shop is open, as this one wanted.
    if (moved.numUpdatedRows !== 1n) throw statusConflict(LAUNCH_MESSAGES.alreadyOpen);
    await journal(trx, acting, 'shop.launch', { status: 'closed' }, { status: 'open' }, at);
    return { ...before, status: 'open', closedMessage: null, launchedAt };
  });
}

/**
 * The holiday message as kept: trimmed, null when blank.
 * @throws DomainError `invalid_shop_status_input` on `message`: a NUL or another control
 *   character (line breaks and tabs are kept), or more than {@link CLOSED_MESSAGE_MAX_LENGTH}
 *   characters.
 */
export function checkClosedMessage(message: string | null | undefined): string | null {
  if (message === null || message === undefined) return null;
  if (message.includes('\u0000')) throw invalidInput('message', NUL_MESSAGE);
  if (CONTROL_BUT_LINES.test(message))
    throw invalidInput('message', LAUNCH_MESSAGES.controlCharacters);
  const text = message.trim();
  if ([...text].length > CLOSED_MESSAGE_MAX_LENGTH)
    throw invalidInput('message', tooLongMessage(CLOSED_MESSAGE_MAX_LENGTH));
  return text === '' ? null : text;
}

/**
 * Closes the member's launched shop for a holiday with `message` for its shoppers (null or
 * blank: the storefront's own words): browsing stays, ordering stops. On a shop already on
 * holiday it changes the message. Logs `shop.close` (the status and message before and after).
 * @throws DomainError `invalid_shop_status_input` on `message` ({@link checkClosedMessage});
 *   `shop_status_conflict` (409) for a shop that has not launched.
 */
export async function closeShop(
  db: Db,
  acting: Acting,
  message: string | null,
  options: { now?: Date } = {},
): Promise<ShopState> {
  const text = checkClosedMessage(message);
  const at = options.now ?? new Date();
  return onShop(db, acting.tenantId, async (trx, before) => {
    if (before.status === 'closed') throw statusConflict(LAUNCH_MESSAGES.notLaunched);
    await trx
      .updateTable('tenants')
      .set({ status: 'holiday', closed_message: text })
      .where('id', '=', acting.tenantId)
      .execute();
    await journal(
      trx,
      acting,
      'shop.close',
      { status: before.status, message: before.closedMessage },
      { status: 'holiday', message: text },
      at,
    );
    return { ...before, status: 'holiday', closedMessage: text };
  });
}

/**
 * Reopens the member's shop after a holiday: `open`, its message gone. Logs `shop.reopen`.
 * @throws DomainError `shop_status_conflict` (409) for a shop that is not on holiday.
 */
export async function reopenShop(
  db: Db,
  acting: Acting,
  options: { now?: Date } = {},
): Promise<ShopState> {
  const at = options.now ?? new Date();
  return onShop(db, acting.tenantId, async (trx, before) => {
    if (before.status === 'closed') throw statusConflict(LAUNCH_MESSAGES.notLaunched);
    if (before.status === 'open') throw statusConflict(LAUNCH_MESSAGES.notOnHoliday);
    await trx
      .updateTable('tenants')
      .set({ status: 'open', closed_message: null })
      .where('id', '=', acting.tenantId)
      .execute();
    await journal(
      trx,
      acting,
      'shop.reopen',
      { status: 'holiday', message: before.closedMessage },
      { status: 'open' },
      at,
    );
    return { ...before, status: 'open', closedMessage: null };
  });
}

/**
 * Sets (or with null, clears) the password that shows the member's closed shop to people who
 * are not its staff. Hashed with scrypt before the transaction; logs `shop.preview_password_set`
 * or `shop.preview_password_clear`, never the password.
 * @throws DomainError `invalid_shop_status_input` on `password`: a NUL or control character,
 *   fewer than {@link PREVIEW_PASSWORD_MIN_LENGTH} or more than
 *   {@link PREVIEW_PASSWORD_MAX_LENGTH} characters.
 */
export async function setPreviewPassword(
  db: Db,
  acting: Acting,
  password: string | null,
  options: { passwordHashCost: number; now?: Date },
): Promise<ShopState> {
  let hash: string | null = null;
  if (password !== null) {
    if (password.includes('\u0000')) throw invalidInput('password', NUL_MESSAGE);
    if (CONTROL.test(password)) throw invalidInput('password', LAUNCH_MESSAGES.controlCharacters);
    const length = [...password].length;
    if (length < PREVIEW_PASSWORD_MIN_LENGTH)
      throw invalidInput('password', LAUNCH_MESSAGES.passwordTooShort);
    if (length > PREVIEW_PASSWORD_MAX_LENGTH)
      throw invalidInput('password', LAUNCH_MESSAGES.passwordTooLong);
    hash = await hashPassword(password, { log2Cost: options.passwordHashCost });
  }
  const at = options.now ?? new Date();
  return onShop(db, acting.tenantId, async (trx, before) => {
    await trx
      .updateTable('tenants')
      .set({ preview_password_hash: hash })
      .where('id', '=', acting.tenantId)
      .execute();
    await journal(
      trx,
      acting,
      hash === null ? 'shop.preview_password_clear' : 'shop.preview_password_set',
      { preview_password: before.previewPasswordSet ? 'set' : 'none' },
      { preview_password: hash === null ? 'none' : 'set' },
      at,
    );
    return { ...before, previewPasswordSet: hash !== null };
  });
}

/**
 * The stored hash of shop `tenantId`'s preview password when `password` is it, else null. A
 * shop without one (or an unknown shop) spends the time of a check anyway and answers null, so
 * the answer's timing does not tell whether a password is set. Never throws on bad input.
 */
export async function matchPreviewPassword(
  db: Db,
  tenantId: number,
  password: string,
  options: { passwordHashCost: number },
): Promise<string | null> {
  const row = await db
    .selectFrom('tenants')
    .select('preview_password_hash')
    .where('id', '=', tenantId)
    .executeTakeFirst();
  const hash = row?.preview_password_hash ?? null;
  if (hash === null) {
    await burnPasswordCheck(password, { log2Cost: options.passwordHashCost });
    return null;
  }
  return (await verifyPassword(password, hash)) ? hash : null;
}

/** Whether `password` is shop `tenantId`'s preview password ({@link matchPreviewPassword}). */
export async function checkPreviewPassword(
  db: Db,
  tenantId: number,
  password: string,
  options: { passwordHashCost: number },
): Promise<boolean> {
  return (await matchPreviewPassword(db, tenantId, password, options)) !== null;
}

/** Writes one change of the shop's state down through the door's journal, inside `trx`. */
async function journal(
  trx: Trx,
  acting: Acting,
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await acting.journal(
    trx,
    { action, objectType: 'shop', objectId: acting.tenantId, before, after },
    at,
  );
}
