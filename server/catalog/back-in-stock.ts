/**
 * "E-mail me when it is back" (issue 42, decision 092): a shopper on a sold-out product (stock 0
 * and not made to order) leaves an address; the shop e-mails it once when the piece can be
 * bought again, then forgets it.
 *
 * - **Double opt-in.** Asking stores a pending request and queues (in the same transaction,
 *   through the outbox) an e-mail with a link `/back-in-stock/confirm?token=…`. The token is 32
 *   random bytes (base64url); only its SHA-256 is kept (`token_hash`). Until the link is
 *   followed the request is pending: it is never e-mailed about the product, and it is deleted 7
 *   days after it was made (`expires_at`), by the on-read pruning of every ask and confirmation
 *   in the shop. A confirmed request lives at most a year.
 * - **One request per address and product/variant** in a shop (a unique index). Asking again
 *   while pending sends a new link (the old one stops working); while confirmed it says so and
 *   sends nothing. The answer never says whether the address has an account.
 * - **Throttled.** Asks and confirmations are counted per client address (429 past the limit);
 *   the confirmation e-mails to one address are counted too, silently (past the limit the answer
 *   is the same and nothing is sent), so the form cannot flood someone's inbox.
 * - **Back in stock.** {@link backInStock}, called in the transaction where the stock comes back
 *   (the back office's stock change and bulk edit, a product edit that makes it orderable, stock
 *   given back by a cancel or a refund), deletes the product's confirmed requests and queues one
 *   e-mail for each, with an outbox key unique to the request (`back-in-stock:<id>`): two
 *   processes, or two rises, send it once. The address is forgotten with the row (GDPR art.
 *   5(1)(c) and (e)).
 * - **The shopper's rights.** A signed-in shopper's requests (by account, or by the account's
 *   verified address) are in their data download and go with their erasure
 *   (server/accounts/my-data.ts, erasure.ts).
 *
 * Errors: `invalid_back_in_stock_request` (400, fields), `product_not_found` (404: no such
 * active product in this shop), `back_in_stock_not_sold_out` (409: it can be ordered now),
 * `invalid_back_in_stock_token` (400, field `token`); ThrottledError (429). Spec:
 * openapi/storefront.yaml, operations `requestBackInStock` and `confirmBackInStock`.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId, isUniqueViolation } from '../platform/db/errors.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { BLANK_MESSAGE, NUL_MESSAGE, REQUIRED_MESSAGE } from '../platform/field-messages.ts';
import { hashResetToken } from '../platform/credentials/reset-tokens.ts';
import { type AddressThrottle, ThrottledError } from '../platform/credentials/throttle.ts';
import { staffEmailShop } from '../staff/staff-mail.ts';
import type { CatalogErrorCode } from './errors.ts';
import { variantLabel } from './variant-names.ts';
import type {
  BackInStockConfirmEmailData,
  BackInStockEmailData,
} from './emails/back-in-stock-email-data.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** How long a pending request (and its link) lives: 7 days. */
export const PENDING_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a confirmed request waits at most: a year. */
export const CONFIRMED_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** The window of the throttles: one hour. */
export const BACK_IN_STOCK_WINDOW_SECONDS = 60 * 60;
/** Confirmation e-mails to one address per window (past it, silently none). */
export const CONFIRM_EMAILS_PER_ADDRESS = 5;
/** The longest address kept (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** Every message of "E-mail me when it is back", as the contract and the storefront quote them. */
export const BACK_IN_STOCK_MESSAGES = {
  invalidEmail: 'Enter a valid email address.',
  required: REQUIRED_MESSAGE,
  blank: BLANK_MESSAGE,
  nul: NUL_MESSAGE,
  notAnId: 'A valid integer is required.',
  sent: (email: string) =>
    `Check your inbox: we have sent a link to ${email}. Follow it within 7 days and we will e-mail you once when this piece is back.`,
  already:
    'This address is already on the list for this piece: we will e-mail it once when it is back.',
  inStock: 'This piece is in stock: you can order it now.',
  confirmed: (product: string) =>
    `Confirmed: we will e-mail you once when ${product} is back in stock, then forget your address.`,
  backAlready: (product: string) =>
    `Good news: ${product} is back in stock. We have e-mailed you its link.`,
  invalidToken: 'This link is no longer valid. It may have expired: ask again on the piece’s page.',
} as const;

/** The throttles the HTTP layer hands in (server/http/wiring/back-in-stock-throttle.ts). */
export interface BackInStockThrottles {
  /** Asks per client address and shop (429 past it). */
  asks: AddressThrottle;
  /** Confirmations per client address and shop (429 past it). */
  confirmations: AddressThrottle;
  /** Confirmation e-mails per address (key `email:<address>`; past it, silently none). */
  emails: AddressThrottle;
}

/** Who asks, from where. */
export interface BackInStockScope {
  db: Kysely<Database>;
  tenantId: number;
  clientAddress: string;
  /** The signed-in shopper; null for a visitor. */
  userId: number | null;
  /** The shop's public origin (configuration), for the links in the e-mails; no trailing slash. */
  origin: string;
}

/** The body of an ask: the product's id and the address. */
export interface BackInStockAsk {
  product: unknown;
  /** The sold-out variant of a piece with variants (issue 42, decision 091); absent: the piece. */
  variant?: unknown;
  email: unknown;
}

/** What an ask or a confirmation answers. */
export interface BackInStockAnswer {
  detail: string;
}

/** What a confirmation answers: its words and the piece it is about. */
export interface BackInStockConfirmation extends BackInStockAnswer {
  product: { name: string; slug: string };
}

const notFound = () => new DomainError<CatalogErrorCode>('product_not_found', 'Not found.');
const invalid = (fields: FieldErrors) =>
  new DomainError<CatalogErrorCode>('invalid_back_in_stock_request', 'Invalid input.', { fields });
const invalidToken = () =>
  new DomainError<CatalogErrorCode>(
    'invalid_back_in_stock_token',
    BACK_IN_STOCK_MESSAGES.invalidToken,
    { field: 'token' },
  );

/** A plausible address: one `@`, something before it, a dotted domain, no spaces or controls. */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/**
 * Checks an ask's fields.
 * @returns the product id and the address trimmed and lowered.
 * @throws DomainError `invalid_back_in_stock_request` naming every bad field.
 */
export function checkAsk(body: BackInStockAsk): {
  productId: number;
  variantId: number | null;
  email: string;
} {
  const errors: FieldErrors = {};
  const { product, variant, email } = body;
  if (product === undefined || product === null) errors.product = [BACK_IN_STOCK_MESSAGES.required];
  else if (typeof product !== 'number' || !Number.isInteger(product) || product < 1) {
    errors.product = [BACK_IN_STOCK_MESSAGES.notAnId];
  }
  if (
    variant !== undefined &&
    variant !== null &&
    (typeof variant !== 'number' || !Number.isInteger(variant) || variant < 1)
  ) {
    errors.variant = [BACK_IN_STOCK_MESSAGES.notAnId];
  }
  let address = '';
  if (email === undefined || email === null) errors.email = [BACK_IN_STOCK_MESSAGES.required];
  else if (typeof email !== 'string') errors.email = [BACK_IN_STOCK_MESSAGES.invalidEmail];
  else if (hasNul(email)) errors.email = [BACK_IN_STOCK_MESSAGES.nul];
  else if (email.trim() === '') errors.email = [BACK_IN_STOCK_MESSAGES.blank];
  else {
    address = email.trim().toLowerCase();
    if (address.length > MAX_EMAIL_LENGTH || !EMAIL.test(address)) {
      errors.email = [BACK_IN_STOCK_MESSAGES.invalidEmail];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return {
    productId: product as number,
    variantId: typeof variant === 'number' ? variant : null,
    email: address,
  };
}

/** Deletes the shop's requests past their expiry (pending ones after 7 days). */
export async function pruneBackInStock(db: Db, tenantId: number, now: Date): Promise<void> {
  await db
    .deleteFrom('back_in_stock_requests')
    .where('tenant_id', '=', tenantId)
    .where('expires_at', '<=', now.toISOString())
    .execute();
}

/** True when a product row can be ordered now: active, and in stock or made to order. */
function orderable(row: {
  stock: number;
  made_to_order: boolean | number;
  is_active: boolean | number;
  archived_at: unknown;
}): boolean {
  return toBool(row.is_active) && !row.archived_at && (row.stock > 0 || toBool(row.made_to_order));
}

/** The product of a request, as its e-mails name and link it. */
/**
 * Variant `variantId` of product `productId` in the shop, with its name and stock (issue 42);
 * undefined when the piece has no such variant.
 */
async function variantOf(db: Db, tenantId: number, productId: number, variantId: number) {
  const row = await db
    .selectFrom('product_variants')
    .select(['id', 'stock', 'value1', 'value2'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('id', '=', variantId)
    .executeTakeFirst();
  return row && { id: row.id, stock: row.stock, label: variantLabel(row) };
}

/** The piece's name in the e-mails: with its variant's, "Gyuto (240 mm)". */
const pieceName = (name: string, variant: { label: string } | undefined) =>
  variant ? `${name} (${variant.label})` : name;

async function productOf(db: Db, tenantId: number, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'stock', 'made_to_order', 'is_active', 'archived_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** The product's page on the shop. */
const productUrl = (origin: string, slug: string) =>
  `${origin}/products/${encodeURIComponent(slug)}`;

/**
 * Asks to be e-mailed once when product `body.product` of the shop is back (see the module
 * comment): a new or renewed pending request and its confirmation e-mail (queued in the same
 * transaction; wake the outbox after this returns), or, for an address already confirmed for the
 * piece, only an answer saying so. The address is counted silently for the e-mails it is sent.
 * @returns the words to show: the link was sent, or the address is already on the list.
 * @throws DomainError `invalid_back_in_stock_request` (400; nothing counted),
 *   `product_not_found` (404: not an active product of this shop), `back_in_stock_not_sold_out`
 *   (409); ThrottledError past the client address's asks of the hour.
 */
export async function requestBackInStock(
  scope: BackInStockScope,
  throttles: BackInStockThrottles,
  body: BackInStockAsk,
  now: Date = new Date(),
): Promise<BackInStockAnswer> {
  const { productId, variantId, email } = checkAsk(body);
  const { db, tenantId } = scope;
  await throttles.asks.consume(tenantId, scope.clientAddress);
  if (!isRowId(productId) || (variantId !== null && !isRowId(variantId))) throw notFound();
  const product = await productOf(db, tenantId, productId);
  if (!product || !toBool(product.is_active) || product.archived_at) throw notFound();
  const variant =
    variantId === null ? undefined : await variantOf(db, tenantId, productId, variantId);
  if (variantId !== null && !variant) throw notFound();
  if (variant ? variant.stock > 0 : orderable(product)) {
    throw new DomainError<CatalogErrorCode>(
      'back_in_stock_not_sold_out',
      BACK_IN_STOCK_MESSAGES.inStock,
    );
  }
  const sent = { detail: BACK_IN_STOCK_MESSAGES.sent(email) };
  const findExisting = (q: Db) =>
    q
      .selectFrom('back_in_stock_requests')
      .select(['id', 'confirmed_at'])
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where((eb) =>
        variantId === null ? eb('variant_id', 'is', null) : eb('variant_id', '=', variantId),
      )
      .where('email', '=', email)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
  if ((await findExisting(db))?.confirmed_at) return { detail: BACK_IN_STOCK_MESSAGES.already };
  // Past the address's e-mails of the hour: the same answer, and nothing sent or changed. (Not
  // inside the transaction: the throttle writes through its own connection.)
  try {
    await throttles.emails.consumeKey(tenantId, `email:${email}`);
  } catch (error) {
    if (error instanceof ThrottledError) return sent;
    throw error;
  }
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashResetToken(token);
  const expiresAt = new Date(now.getTime() + PENDING_TTL_MS).toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      await pruneBackInStock(trx, tenantId, now);
      const existing = await findExisting(trx);
      if (existing?.confirmed_at) return { detail: BACK_IN_STOCK_MESSAGES.already };
      let id: number;
      if (existing) {
        id = existing.id;
        await trx
          .updateTable('back_in_stock_requests')
          .set({
            token_hash: tokenHash,
            expires_at: expiresAt,
            link_origin: scope.origin,
            ...(scope.userId !== null ? { user_id: scope.userId } : {}),
          })
          .where('id', '=', id)
          .execute();
      } else {
        ({ id } = await trx
          .insertInto('back_in_stock_requests')
          .values({
            tenant_id: tenantId,
            product_id: productId,
            variant_id: variantId,
            email,
            user_id: scope.userId,
            token_hash: tokenHash,
            link_origin: scope.origin,
            created_at: now.toISOString(),
            confirmed_at: null,
            expires_at: expiresAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      const shop = await staffEmailShop(trx, tenantId, scope.origin, 'no-reply@invalid.example');
      const data: BackInStockConfirmEmailData = {
        kind: 'back_in_stock_confirm',
        shop,
        productName: pieceName(product.name, variant),
        productUrl: productUrl(scope.origin, product.slug),
        confirmUrl: `${scope.origin}/back-in-stock/confirm?token=${token}`,
        expiresAt,
      };
      await queue(trx, tenantId, email, data, `back-in-stock-confirm:${id}:${tokenHash}`, now);
      return sent;
    });
  } catch (error) {
    // Two asks for the same address and piece at once: the other one made the request.
    if (isUniqueViolation(error)) return sent;
    throw error;
  }
}

/** Writes one e-mail to the outbox in `db`, once per `key`. */
async function queue(
  db: Db,
  tenantId: number,
  recipient: string,
  data: BackInStockConfirmEmailData | BackInStockEmailData,
  key: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({
      tenant_id: tenantId,
      order_id: null,
      kind: data.kind,
      recipient,
      data: JSON.stringify(data),
      dedupe_key: key,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Follows a confirmation link: its request becomes active (for a year at most). Following it
 * again answers the same. When the piece can be ordered already, its one e-mail is queued at
 * once and the request deleted (wake the outbox after this returns).
 * @returns the words to show and the piece.
 * @throws ThrottledError past the client address's confirmations of the hour; DomainError
 *   `invalid_back_in_stock_token` (400, field `token`) for a token that is malformed, unknown,
 *   another shop's, expired, or whose request is gone (e-mailed already, erased).
 */
export async function confirmBackInStock(
  scope: Pick<BackInStockScope, 'db' | 'tenantId' | 'clientAddress'>,
  throttles: Pick<BackInStockThrottles, 'confirmations'>,
  token: unknown,
  now: Date = new Date(),
): Promise<BackInStockConfirmation> {
  const { db, tenantId } = scope;
  await throttles.confirmations.consume(tenantId, scope.clientAddress);
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw invalidToken();
  // Its own statement: a refusal below rolls the transaction back, the pruning stays.
  await pruneBackInStock(db, tenantId, now);
  return db.transaction().execute(async (trx) => {
    // A write first (SQLite: a transaction that read first fails when another wrote meanwhile).
    await pruneBackInStock(trx, tenantId, now);
    const row = await trx
      .selectFrom('back_in_stock_requests')
      .select(['id', 'product_id', 'variant_id', 'confirmed_at'])
      .where('tenant_id', '=', tenantId)
      .where('token_hash', '=', hashResetToken(token))
      .executeTakeFirst();
    if (!row) throw invalidToken();
    const product = (await productOf(trx, tenantId, row.product_id))!;
    const piece = { name: product.name, slug: product.slug };
    if (!row.confirmed_at) {
      await trx
        .updateTable('back_in_stock_requests')
        .set({
          confirmed_at: now.toISOString(),
          expires_at: new Date(now.getTime() + CONFIRMED_TTL_MS).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
    }
    const variant =
      row.variant_id === null
        ? undefined
        : await variantOf(trx, tenantId, row.product_id, row.variant_id);
    if (variant ? variant.stock > 0 : row.variant_id === null && orderable(product)) {
      await backInStock(trx, tenantId, row.product_id, row.variant_id, now);
      return { detail: BACK_IN_STOCK_MESSAGES.backAlready(product.name), product: piece };
    }
    return { detail: BACK_IN_STOCK_MESSAGES.confirmed(product.name), product: piece };
  });
}

/**
 * The stock of product `productId` (or of its variant `variantId`) came back: call it in the
 * transaction that raised it from 0. Deletes the confirmed requests waiting for it and queues one
 * "back in stock" e-mail for each that has not expired (outbox key `back-in-stock:<request id>`:
 * one e-mail per request, whoever gets there first). Pending requests stay pending.
 *
 * For the product itself (`variantId` null) it checks that the product can be ordered now
 * (active, and in stock or made to order) and does nothing otherwise, so a caller may call it
 * after any rise; for a variant the caller has made sure the variant is in stock.
 * Wake the outbox after the commit (`app.emailOutbox.wake()`); it polls anyway.
 * @returns how many e-mails were queued.
 */
export async function backInStock(
  trx: Db,
  tenantId: number,
  productId: number,
  variantId: number | null,
  now: Date = new Date(),
): Promise<number> {
  const product = await productOf(trx, tenantId, productId);
  if (!product) return 0;
  if (variantId === null && !orderable(product)) return 0;
  const variant =
    variantId === null ? undefined : await variantOf(trx, tenantId, productId, variantId);
  // Deleting claims the rows: of two transactions at once, the second finds them gone.
  const claimed = await trx
    .deleteFrom('back_in_stock_requests')
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where((eb) =>
      variantId === null ? eb('variant_id', 'is', null) : eb('variant_id', '=', variantId),
    )
    .where('confirmed_at', 'is not', null)
    .returning(['id', 'email', 'link_origin', 'expires_at'])
    .execute();
  const live = claimed.filter((r) => new Date(toIsoString(r.expires_at)) > now);
  const shops = new Map<string, BackInStockEmailData['shop']>();
  for (const request of live) {
    let shop = shops.get(request.link_origin);
    if (!shop) {
      shop = await staffEmailShop(trx, tenantId, request.link_origin, 'no-reply@invalid.example');
      shops.set(request.link_origin, shop);
    }
    const data: BackInStockEmailData = {
      kind: 'back_in_stock',
      shop,
      productName: pieceName(product.name, variant),
      productUrl: productUrl(request.link_origin, product.slug),
    };
    await queue(trx, tenantId, request.email, data, `back-in-stock:${request.id}`, now);
  }
  return live.length;
}

/** A request as the shopper's data download shows it. */
export interface BackInStockRequestOfShopper {
  product: { id: number; name: string; slug: string };
  variant_id: number | null;
  email: string;
  status: 'pending' | 'confirmed';
  created_at: string;
  expires_at: string;
}

/** The requests of shopper `userId`: made while signed in, or for `verifiedEmail` (if any). */
function requestsOf(db: Db, tenantId: number, userId: number, verifiedEmail: string | null) {
  return db
    .selectFrom('back_in_stock_requests as r')
    .where('r.tenant_id', '=', tenantId)
    .where((eb) =>
      verifiedEmail === null
        ? eb('r.user_id', '=', userId)
        : eb.or([eb('r.user_id', '=', userId), eb('r.email', '=', verifiedEmail.toLowerCase())]),
    );
}

/**
 * The requests of shopper `userId` for their data download (GDPR art. 15): the ones made while
 * signed in, and the ones for their address once it is verified (nothing is matched to an
 * account by an unproven address: server/accounts/email-verification.ts). Reads only;
 * expired ones are left out.
 */
export async function backInStockRequestsOf(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  verifiedEmail: string | null,
  now: Date = new Date(),
): Promise<BackInStockRequestOfShopper[]> {
  const rows = await requestsOf(db, tenantId, userId, verifiedEmail)
    .where('r.expires_at', '>', now.toISOString())
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'r.variant_id',
      'r.email',
      'r.confirmed_at',
      'r.created_at',
      'r.expires_at',
    ])
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    product: { id: r.id, name: r.name, slug: r.slug },
    variant_id: r.variant_id,
    email: r.email,
    status: r.confirmed_at ? 'confirmed' : 'pending',
    created_at: toIsoString(r.created_at),
    expires_at: toIsoString(r.expires_at),
  }));
}

/**
 * Deletes the requests of shopper `userId` (as {@link backInStockRequestsOf} finds them), and
 * their confirmation e-mails not sent yet, in the erasure's transaction (GDPR art. 17).
 * @returns how many were deleted.
 */
export async function forgetBackInStockRequestsOf(
  trx: Db,
  tenantId: number,
  userId: number,
  verifiedEmail: string | null,
): Promise<number> {
  const ids = (await requestsOf(trx, tenantId, userId, verifiedEmail).select('r.id').execute()).map(
    (r) => r.id,
  );
  if (ids.length === 0) return 0;
  await trx.deleteFrom('back_in_stock_requests').where('id', 'in', ids).execute();
  // Their confirmation e-mails not sent yet go too (they carry the address and the link).
  await trx
    .deleteFrom('email_outbox')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .where('kind', '=', 'back_in_stock_confirm')
    .where((eb) =>
      eb.or(ids.map((id) => eb('dedupe_key', 'like', `back-in-stock-confirm:${id}:%`))),
    )
    .execute();
  return ids.length;
}

/**
 * How many confirmed requests wait for each of `productIds` in the shop (absent: none), for the
 * back office.
 */
export async function waitingCounts(
  db: Db,
  tenantId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('back_in_stock_requests')
    .select(['product_id', sql<number>`count(*)`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('product_id', 'in', [...productIds])
    .where('confirmed_at', 'is not', null)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
}
