/**
 * Resolves the shop from the `X-Tenant-Token` header on every API request (contract: security
 * scheme tenantToken) and decorates `request.tenant`. Every query then filters by
 * `request.tenant.id`, so one shop never sees another's data.
 * Missing header -> 401 `{"detail":"Tenant token missing."}`;
 * unknown token -> 403 `{"detail":"Unknown tenant token."}`;
 * at a domain recorded for one shop, another shop's token -> 403 {@link NOT_THIS_SHOP} (issue 38:
 * a shop's domain serves that shop alone; ./shop-hosts.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../platform/db/database.ts';
import type { DirectoryShop } from '../shops/shop-directory.ts';
import { HttpError } from './http-error.ts';

/** The answer to a token of another shop than the one whose domain the request came to. */
export const NOT_THIS_SHOP = "This tenant token is not the shop's at this address.";

/**
 * The shop a request belongs to: its id, token, name, media folder, currency (ISO 4217, every
 * amount it answers is in it) and status ('closed' before launch, 'open', or 'holiday').
 */
export type RequestTenant = Pick<
  DirectoryShop,
  'id' | 'token' | 'name' | 'mediaSlug' | 'currency' | 'status'
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by plugins/tenant.ts on every API route before validation and handlers run. */
    tenant: RequestTenant;
  }
}

export interface TenantPluginOptions {
  /** How long a resolved token is trusted without asking the database again (ms; default 30 s). */
  ttlMs?: number;
  /** Most tokens kept (default 1000); past it the least recently used one is forgotten. */
  maxCached?: number;
}

/** Tokens kept by default: far more shops than one deployment serves busily at once. */
export const DEFAULT_MAX_CACHED_TENANTS = 1000;

/**
 * A TTL + LRU cache in front of the tenants table: the lookup runs on every request, and tenants
 * change rarely. When the cache is full the least recently used token goes, so a deployment with
 * more shops than `maxCached` keeps its busiest ones resolved from memory (a cache emptied
 * whole when full made every shop ask the database again at once). A token is trusted for
 * `ttlMs` from when it was read from the database, however often it is used meanwhile.
 * Unknown tokens are not cached, so a new tenant works at once and made-up tokens cannot push
 * real ones out.
 */
export class TenantResolver {
  /** null when `ttlMs` is 0 or less: every request asks the database. */
  private readonly cache: LRUCache<string, RequestTenant> | null;

  /**
   * @param ttlMs how long (ms) a resolved token is served from memory; 0 or less: never
   * @param maxCached most tokens kept (at least 1)
   */
  constructor(
    private readonly db: Kysely<Database>,
    ttlMs: number,
    maxCached: number = DEFAULT_MAX_CACHED_TENANTS,
  ) {
    this.cache =
      ttlMs > 0
        ? new LRUCache<string, RequestTenant>({
            max: Math.max(1, Math.floor(maxCached)),
            ttl: ttlMs,
            updateAgeOnGet: false,
            allowStale: false,
          })
        : null;
  }

  /** Number of tokens held (tests and diagnostics). */
  get size(): number {
    return this.cache?.size ?? 0;
  }

  /**
   * The tenant for `token` when it was resolved within the TTL (now the most recently used),
   * else undefined: the synchronous half of `resolve`.
   */
  remembered(token: string): RequestTenant | undefined {
    return this.cache?.get(token);
  }

  /**
   * Forgets the shop with this id, so its next request reads it again (its name, currency or
   * status changed).
   */
  forget(tenantId: number): void {
    for (const [token, tenant] of this.cache?.entries() ?? [])
      if (tenant.id === tenantId) this.cache?.delete(token);
  }

  /**
   * @returns the tenant for `token` (from memory when it was resolved within the TTL, which
   * makes it the most recently used), or null when no tenant has it
   * @throws the database's error when the lookup fails (nothing is cached then)
   */
  async resolve(token: string): Promise<RequestTenant | null> {
    const hit = this.remembered(token);
    if (hit) return hit;
    const row = await this.db
      .selectFrom('tenants')
      .select(['id', 'token', 'name', 'media_slug', 'currency', 'status'])
      .where('token', '=', token)
      .executeTakeFirst();
    if (!row) return null;
    const tenant: RequestTenant = {
      id: row.id,
      token: row.token,
      name: row.name,
      mediaSlug: row.media_slug,
      currency: row.currency,
      status: row.status,
    };
    this.cache?.set(token, tenant);
    return tenant;
  }
}

async function tenantPlugin(app: FastifyInstance, options: TenantPluginOptions): Promise<void> {
  const resolver = new TenantResolver(
    app.db,
    options.ttlMs ?? 30_000,
    options.maxCached ?? DEFAULT_MAX_CACHED_TENANTS,
  );
  // A shop's whole cache forgotten (its settings or status changed, here or in another
  // process: ./cache-sync.ts) forgets what its token resolved to as well.
  app.catalogCache?.onInvalidate((tenantId, productSlugs) => {
    if (productSlugs === undefined) resolver.forget(tenantId);
  });
  app.decorateRequest('tenant', null as unknown as RequestTenant);
  // A callback hook with a synchronous answer from memory: the lookup runs on every API request,
  // and a promise for a token resolved a moment ago is measurable on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['x-tenant-token'];
    const token = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!token) return done(new HttpError(401, { detail: 'Tenant token missing.' }));
    const remembered = resolver.remembered(token);
    // The shop's links (its domain) must be known before a handler makes one: a shop made by
    // another process, or whose settings just changed, has the directory read first.
    const known = (tenant: RequestTenant) => {
      // At a shop's own domain only that shop's token is taken: a page of one shop never
      // talks to another's API through it (loopback and unrecorded names: the token decides).
      const holder = app.shops?.holderOf(request);
      if (holder && holder.id !== tenant.id)
        return done(new HttpError(403, { detail: NOT_THIS_SHOP }));
      if (holder) app.shops.noteHttps(request, holder);
      request.tenant = tenant;
      const reading = app.shops?.ensure(tenant.id);
      if (!reading) return done();
      reading.then(() => done(), done);
    };
    if (remembered) return known(remembered);
    resolver.resolve(token).then((tenant) => {
      if (!tenant) return done(new HttpError(403, { detail: 'Unknown tenant token.' }));
      known(tenant);
    }, done);
  });
}

/**
 * Adds the tenant hook to the instance it is registered on (not encapsulated): register it in
 * the same context as the API routes, and not around media or SPA routes.
 */
export const tenant = fp(tenantPlugin, { name: 'tenant', dependencies: ['db'] });
