/**
 * Resolves the shop from the `X-Tenant-Token` header on every API request (contract: security
 * scheme tenantToken) and decorates `request.tenant`. Every query then filters by
 * `request.tenant.id`, so one shop never sees another's data.
 * Missing header -> 401 `{"detail":"Tenant token missing."}`;
 * unknown token -> 403 `{"detail":"Unknown tenant token."}`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';

/** The shop a request belongs to. */
export interface RequestTenant {
  id: number;
  token: string;
  name: string;
  mediaSlug: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by plugins/tenant.ts on every API route before validation and handlers run. */
    tenant: RequestTenant;
  }
}

export interface TenantPluginOptions {
  /** How long a resolved token is trusted without asking the database again (ms; default 30 s). */
  ttlMs?: number;
}

const MAX_CACHED = 1000;

/**
 * A small TTL cache in front of the tenants table: the lookup runs on every request, and tenants
 * change rarely. Unknown tokens are not cached, so a new tenant works at once.
 */
export class TenantResolver {
  private readonly cache = new Map<string, { tenant: RequestTenant; expires: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
  ) {}

  /** @returns the tenant for `token`, or null when no tenant has it. */
  async resolve(token: string): Promise<RequestTenant | null> {
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.expires > now) return hit.tenant;
    const row = await this.db
      .selectFrom('tenants')
      .select(['id', 'token', 'name', 'media_slug'])
      .where('token', '=', token)
      .executeTakeFirst();
    if (!row) {
      this.cache.delete(token);
      return null;
    }
    const tenant = { id: row.id, token: row.token, name: row.name, mediaSlug: row.media_slug };
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(token, { tenant, expires: now + this.ttlMs });
    return tenant;
  }
}

async function tenantPlugin(app: FastifyInstance, options: TenantPluginOptions): Promise<void> {
  const resolver = new TenantResolver(app.db, options.ttlMs ?? 30_000);
  app.decorateRequest('tenant', null as unknown as RequestTenant);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-tenant-token'];
    const token = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!token) throw new HttpError(401, { detail: 'Tenant token missing.' });
    const tenant = await resolver.resolve(token);
    if (!tenant) throw new HttpError(403, { detail: 'Unknown tenant token.' });
    request.tenant = tenant;
  });
}

/**
 * Adds the tenant hook to the instance it is registered on (not encapsulated): register it in
 * the same context as the API routes, and not around media or SPA routes.
 */
export const tenant = fp(tenantPlugin, { name: 'tenant', dependencies: ['db'] });
