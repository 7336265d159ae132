/**
 * Whether a shop's storefront answers (issue 38, decision 079 "Launch"), at the HTTP door:
 *
 * - `shopGate` (the app's root; `app.shopGate`): what a shop's state is now, read from the
 *   database and kept a moment (`ttlMs`, the catalogue cache's TTL), forgotten whenever the
 *   shop's whole cache is (`catalogCache.invalidate`, which every launch, holiday and reopening
 *   calls, and which ./cache-sync.ts relays from other processes), so a change shows at once;
 *   the preview pass, a JWT (the app's secret and algorithm, audience `shop-preview`, the shop's
 *   id) in an HttpOnly, SameSite=Lax cookie (Secure over HTTPS) valid 7 days, given for the
 *   owner's preview password (throttled as a login is: ./throttled.ts answers 429) or to a
 *   signed-in member of staff; a pass given for a password stops working once the password
 *   changes or is cleared.
 * - `shopOpen` (the storefront API's scope, right after the tenant plugin): a `closed` shop
 *   answers 403 `{"detail":"This shop is not open yet."}` to every operation but its site
 *   settings (the Opening soon page shows the name), the preview password and the card
 *   gateway's notifications, unless the request carries a preview pass of the shop (its answer
 *   is then `Cache-Control: private, no-store`); a shop
 *   on `holiday` answers 409 `{"detail": <the owner's message, or the default>}` to adding to
 *   the cart, changing a line and placing an order, and everything else as usual.
 *
 * The tenant plugin's own record of the status (`request.tenant.status`, kept up to 30 s unless
 * the shop's cache is forgotten first) is a hint only: an `open` hint lets browsing through without a query (an open shop only ever moves
 * to a holiday, which browses on), and everything else, every ordering operation included, is
 * decided on the state read here.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { holidayMessage, SHOP_STATUS_MESSAGES } from '../../common/shop-status.ts';
import { JWT_ALGORITHM, JWT_ISSUER } from '../platform/credentials/jwt.ts';
import { LoginThrottle, ThrottledError } from '../platform/credentials/throttle.ts';
import type { ShopStatus } from '../platform/db/tables/tenants.ts';
import { matchPreviewPassword } from '../shops/launch.ts';
import { STAFF_SESSION_TTL_SECONDS } from '../staff/context.ts';
import { HttpError } from './http-error.ts';

/** The preview pass's cookie. */
export const PREVIEW_COOKIE = 'shop_preview';
/** The preview pass's audience: no other token of the app's secret is one. */
export const PREVIEW_AUDIENCE = 'shop-preview';
/** How long a preview pass given for the password lasts (seconds): 7 days. */
export const PREVIEW_PASS_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * How long a member of staff's preview pass lasts (seconds): a back office session's 12 hours,
 * so a member removed from the shop previews it no longer than their session would have lasted.
 */
export const STAFF_PREVIEW_PASS_TTL_SECONDS = STAFF_SESSION_TTL_SECONDS;

/** How long a pass given this way lasts (seconds). */
export function passTtlSeconds(via: PreviewVia): number {
  return via === 'staff' ? STAFF_PREVIEW_PASS_TTL_SECONDS : PREVIEW_PASS_TTL_SECONDS;
}
/** The longest password the preview form takes to the hash at all; longer ones are wrong. */
const LONGEST_PASSWORD_TRIED = 1000;

/** The storefront operations a closed shop still answers without a preview pass. */
export const ANSWERED_WHILE_CLOSED: ReadonlySet<string> = new Set([
  'getSiteSettings',
  'getPublicSettings',
  'previewShop',
  'receiveGatewayNotification',
]);

/** The storefront operations a shop on holiday refuses: taking an order, or filling a cart. */
export const REFUSED_ON_HOLIDAY: ReadonlySet<string> = new Set([
  'addCartItem',
  'updateCartItem',
  'createOrder',
]);

/** A shop's state as the gate reads it. */
export interface GateState {
  status: ShopStatus;
  closedMessage: string | null;
  /** A fingerprint of the preview password's hash (null: none set); passes given for it carry it. */
  passwordPrint: string | null;
}

/** What a preview pass was given for. */
export type PreviewVia = 'password' | 'staff';

/** The outcome of a preview password tried (see {@link ShopGate.tryPassword}). */
export type PreviewAttempt =
  | { ok: true; pass: string }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'throttled'; error: ThrottledError };

/** The gate's services on `app.shopGate`. */
export interface ShopGate {
  /** Shop `tenantId`'s state, from memory when read within the TTL and not forgotten since. */
  state(tenantId: number): Promise<GateState>;
  /** Forgets what was read of shop `tenantId` (its whole cache was forgotten). */
  forget(tenantId: number): void;
  /**
   * A preview pass of shop `tenantId` (a JWT) given to its staff, or for its password (then
   * bound to `passwordHash`, the hash the password matched: default the one stored now).
   */
  issuePass(tenantId: number, via: PreviewVia, passwordHash?: string): Promise<string>;
  /** Whether the request carries a preview pass of shop `tenantId` that still holds. */
  hasPreview(request: FastifyRequest, tenantId: number): Promise<boolean>;
  /**
   * Tries `password` as shop `tenantId`'s preview password from the request's address: counted
   * by the preview throttle first (consecutive failures per shop and address, and attempts per
   * address, as logins are), cleared by a right one.
   */
  tryPassword(request: FastifyRequest, tenantId: number, password: string): Promise<PreviewAttempt>;
  /**
   * Sets the pass's cookie on `reply` (Secure when the request came over HTTPS), kept as long
   * as a pass given `via` that way lasts (default: for the password).
   */
  setPassCookie(request: FastifyRequest, reply: FastifyReply, pass: string, via?: PreviewVia): void;
  /** scrypt work factor of a new preview password's hash (config.passwordHashCost). */
  readonly passwordHashCost: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether each shop's storefront answers, and its preview passes (./shop-open.ts). */
    shopGate: ShopGate;
  }
  interface FastifyRequest {
    /** True when a closed shop answers this request for its preview pass (no cache may keep it). */
    shopPreviewed: boolean;
  }
}

/** What the gate's services take. */
export interface ShopGateOptions {
  /** HS256 secret, at least 32 bytes: the app's (server/accounts/tokens.ts loadJwtSecret). */
  secret: Uint8Array;
  /** How long a shop's state is kept (ms; 0 or less: read on every question). Default 1000. */
  ttlMs?: number;
  /** scrypt work factor of the password check's timing equaliser (config.passwordHashCost). */
  passwordHashCost: number;
  /** Consecutive wrong preview passwords per shop and address per 15 minutes (LOGIN_MAX_FAILURES). */
  maxFailures: number;
  /** Attempts per address per 5 minutes (LOGIN_MAX_ATTEMPTS_PER_ADDRESS). */
  maxAttemptsPerAddress: number;
}

/** The fingerprint of a stored password hash a pass carries: changes whenever the hash does. */
function printOf(hash: string | null): string | null {
  return hash === null ? null : createHash('sha256').update(hash).digest('base64url').slice(0, 16);
}

/** The value of cookie `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

async function shopGatePlugin(app: FastifyInstance, options: ShopGateOptions): Promise<void> {
  const ttlMs = options.ttlMs ?? 1000;
  const states =
    ttlMs > 0
      ? new LRUCache<number, GateState>({ max: 10_000, ttl: ttlMs, updateAgeOnGet: false })
      : null;
  const throttle = new LoginThrottle(app.db, {
    scopePrefix: 'preview-',
    pairFailures: options.maxFailures,
    pairWindowSeconds: 15 * 60,
    addressAttempts: options.maxAttemptsPerAddress,
    addressWindowSeconds: 5 * 60,
  });

  const read = async (tenantId: number): Promise<GateState> => {
    const row = await app.db
      .selectFrom('tenants')
      .select(['status', 'closed_message', 'preview_password_hash'])
      .where('id', '=', tenantId)
      .executeTakeFirst();
    // A shop deleted under a request: as good as closed.
    if (!row) return { status: 'closed', closedMessage: null, passwordPrint: null };
    return {
      status: row.status,
      closedMessage: row.closed_message,
      passwordPrint: printOf(row.preview_password_hash),
    };
  };

  const gate: ShopGate = {
    passwordHashCost: options.passwordHashCost,
    async state(tenantId) {
      const held = states?.get(tenantId);
      if (held) return held;
      const state = await read(tenantId);
      states?.set(tenantId, state);
      return state;
    },
    forget(tenantId) {
      states?.delete(tenantId);
    },
    async issuePass(tenantId, via, passwordHash) {
      const print =
        via !== 'password'
          ? undefined
          : passwordHash !== undefined
            ? printOf(passwordHash)
            : (await read(tenantId)).passwordPrint;
      return new SignJWT({ tid: tenantId, via, ...(print === undefined ? {} : { pwp: print }) })
        .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
        .setIssuer(JWT_ISSUER)
        .setAudience(PREVIEW_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${passTtlSeconds(via)}s`)
        .sign(options.secret);
    },
    async hasPreview(request, tenantId) {
      const pass = cookieValue(request.headers.cookie, PREVIEW_COOKIE);
      if (!pass || pass.length > 2000) return false;
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(pass, options.secret, {
          algorithms: [JWT_ALGORITHM],
          issuer: JWT_ISSUER,
          audience: PREVIEW_AUDIENCE,
          requiredClaims: ['exp', 'iat'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return false;
        throw error;
      }
      if (claims.tid !== tenantId) return false;
      if (claims.via === 'staff') return true;
      if (claims.via !== 'password') return false;
      const state = await gate.state(tenantId);
      return state.passwordPrint !== null && claims.pwp === state.passwordPrint;
    },
    async tryPassword(request, tenantId, password) {
      try {
        await throttle.before(tenantId, 'shop-preview', request.ip);
      } catch (error) {
        if (error instanceof ThrottledError) return { ok: false, reason: 'throttled', error };
        throw error;
      }
      const matched =
        password.length <= LONGEST_PASSWORD_TRIED
          ? await matchPreviewPassword(app.db, tenantId, password, {
              passwordHashCost: options.passwordHashCost,
            })
          : null;
      if (matched === null) return { ok: false, reason: 'wrong' };
      await throttle.succeeded(tenantId, 'shop-preview', request.ip);
      // Bound to the password that matched, even should the owner change it meanwhile.
      return { ok: true, pass: await gate.issuePass(tenantId, 'password', matched) };
    },
    setPassCookie(request, reply, pass, via = 'password') {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${PREVIEW_COOKIE}=${pass}; Path=/; Max-Age=${passTtlSeconds(via)}; HttpOnly; SameSite=Lax${secure}`,
      );
    },
  };
  app.decorate('shopGate', gate);
  // A launch, a holiday, a reopening, a new preview password (here or in another process) all
  // forget the shop's whole cache.
  app.catalogCache.onInvalidate((tenantId, productSlugs) => {
    if (productSlugs === undefined) gate.forget(tenantId);
  });
}

/**
 * Decorates `app.shopGate` (not encapsulated: the storefront API, the back office's preview
 * session and the pages all read it); register after the db and catalog-cache plugins.
 */
export const shopGate = fp(shopGatePlugin, {
  name: 'shop-gate',
  dependencies: ['db', 'catalog-cache'],
});

/**
 * Whether the request carries a preview pass of shop `tenantId` that still holds (one given for
 * the preview password, while that password stays; one given to its staff): the pages show
 * such a visitor the real shop instead of Opening soon.
 */
export function hasPreview(request: FastifyRequest, tenantId: number): Promise<boolean> {
  return request.server.shopGate.hasPreview(request, tenantId);
}

/** The operation a request was routed to (its contract's operationId), if any. */
function operationOf(request: FastifyRequest): string | undefined {
  return (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
}

/** Why the gate refuses the request, or null to let it through. */
async function refusal(request: FastifyRequest, operation: string): Promise<HttpError | null> {
  const gate = request.server.shopGate;
  const state = await gate.state(request.tenant.id);
  if (state.status === 'open') return null;
  if (state.status === 'holiday') {
    return REFUSED_ON_HOLIDAY.has(operation)
      ? new HttpError(409, { detail: holidayMessage(state.closedMessage) })
      : null;
  }
  if (ANSWERED_WHILE_CLOSED.has(operation)) return null;
  if (await gate.hasPreview(request, request.tenant.id)) {
    request.shopPreviewed = true;
    return null;
  }
  return new HttpError(403, { detail: SHOP_STATUS_MESSAGES.notOpenYet });
}

async function shopOpenPlugin(api: FastifyInstance): Promise<void> {
  api.decorateRequest('shopPreviewed', false);
  // What a closed shop shows a previewer is for them alone: no shared cache keeps it.
  api.addHook('onSend', (request, reply, payload, done) => {
    if (request.shopPreviewed) reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
  // A callback hook: for an open shop's browsing (nearly every request) it answers at once.
  api.addHook('onRequest', (request, _reply, done) => {
    const operation = operationOf(request);
    // An unknown route answers its own 404.
    if (!operation) return done();
    if (request.tenant.status === 'open' && !REFUSED_ON_HOLIDAY.has(operation)) return done();
    refusal(request, operation).then((refused) => done(refused ?? undefined), done);
  });
}

/**
 * The storefront API's gate (see the module comment): register it in the API's scope right
 * after the tenant plugin, whose `request.tenant` it reads.
 */
export const shopOpen = fp(shopOpenPlugin, {
  name: 'shop-open',
  dependencies: ['shop-gate', 'tenant'],
});
