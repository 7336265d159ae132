/**
 * The shop a page request is for, from its Host (issue 38, decision 079): one build and one
 * process serve every shop of the deployment, each at its own domains
 * (../shops/shop-directory.ts). `app.shops.forRequest(request)` answers the shop, or null for a
 * Host no shop holds (the caller answers {@link sendUnknownHost}, never another shop).
 *
 * The Host is `request.host`: the Host header, or X-Forwarded-Host only when the nearest hop is
 * a configured proxy (TRUST_PROXY). Either way only a domain recorded for a shop is accepted,
 * so a forged name reaches no shop.
 *
 * The directory is read at start; read again by the first request after a shop's whole cache
 * is forgotten (its settings, status or domains changed, here or in another process:
 * ./cache-sync.ts), by `refresh()` (a shop made in this process), and when a Host is unknown, at
 * most once per
 * {@link UNKNOWN_HOST_REREAD_MS}, so a shop made by another process answers within moments
 * while a flood of made-up names costs one read a second.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hostName,
  recordHttpsSeen,
  ShopDirectory,
  type DirectoryShop,
} from '../shops/shop-directory.ts';

/** How often (ms) at most an unknown Host makes the directory be read again. */
export const UNKNOWN_HOST_REREAD_MS = 1000;

/** The deployment's shops by name, as a request meets them. */
export interface ShopHosts {
  /** The shop the request's Host names, or null for none (see the module comment). */
  forRequest(request: FastifyRequest): Promise<DirectoryShop | null>;
  /**
   * The shop holding the request's Host as one of its domains (no loopback fallback), or null:
   * what the API and the media files check a request's token and file against.
   */
  holderOf(request: FastifyRequest): DirectoryShop | null;
  /** A shop by its id, or null when unknown (made since the directory was read). */
  byTenantId(tenantId: number): DirectoryShop | null;
  /** The primary domain of a shop, or null when it has none recorded (or is unknown yet). */
  primaryDomainOf(tenantId: number): string | null;
  /** The shop loopback names answer for (../shops/shop-directory.ts), or null for none. */
  fallback(): DirectoryShop | null;
  /**
   * Null when the directory knows shop `tenantId`; else a reading of it, to await before the
   * shop's links are made (a shop made by another process).
   */
  ensure(tenantId: number): Promise<void> | null;
  /**
   * Notes a request that reached `shop` at its primary domain over HTTPS (through a trusted
   * proxy's X-Forwarded-Proto, or TLS here): the launch checklist's domain item. Never waits.
   */
  noteHttps(request: FastifyRequest, shop: DirectoryShop): void;
  /** How many shops the deployment has (0: the first-run set-up is due). */
  count(): number;
  /** Reads the directory again now (after a shop is made or its domains change). */
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The deployment's shops by Host (./shop-hosts.ts). */
    shops: ShopHosts;
  }
}

/** The plain page of a Host no shop answers at. */
export function sendUnknownHost(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .header('Content-Security-Policy', "default-src 'none'")
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="robots" content="noindex"><title>No shop here</title></head>' +
        '<body><h1>No shop here</h1><p>No shop answers at this address.</p></body></html>',
    );
}

async function shopHostsPlugin(
  app: FastifyInstance,
  options: { defaultTenantToken: string },
): Promise<void> {
  let directory = await ShopDirectory.read(app.db, options.defaultTenantToken);
  let readAt = Date.now();
  // Set when a shop's whole cache is forgotten: the next request that needs a shop reads again.
  let stale = false;
  // The read in flight: a refresh waits for it and reads again, so what it answers was read
  // after it was asked (a shop committed a moment before is in it).
  let reading: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    stale = false;
    const read = (reading ?? Promise.resolve())
      .catch(() => {})
      .then(() => ShopDirectory.read(app.db, options.defaultTenantToken))
      .then((fresh) => {
        directory = fresh;
        readAt = Date.now();
      });
    reading = read;
    void read.then(
      () => (reading === read ? (reading = null) : null),
      () => (reading === read ? (reading = null) : null),
    );
    return read;
  };
  const current = async () => {
    if (stale) await refresh();
    else if (reading) await reading.catch(() => {});
    return directory;
  };
  app.catalogCache.onInvalidate((_tenantId, productSlugs) => {
    if (productSlugs === undefined) stale = true;
  });
  const noteHttps = (request: FastifyRequest, shop: DirectoryShop) => {
    if (shop.httpsSeen || request.protocol !== 'https') return;
    if (shop.primaryDomain === null || hostName(request.host) !== shop.primaryDomain) return;
    recordHttpsSeen(app.db, shop).catch((error: unknown) =>
      app.log.warn(
        { err: error, tenantId: shop.id },
        'could not record the shop served over HTTPS',
      ),
    );
  };
  app.decorate('shops', {
    async forRequest(request) {
      let found = (await current()).forHost(request.host);
      if (!found && Date.now() - readAt >= UNKNOWN_HOST_REREAD_MS) {
        await refresh();
        found = directory.forHost(request.host);
      }
      if (found) noteHttps(request, found);
      return found;
    },
    holderOf: (request) => directory.holderOf(request.host),
    byTenantId: (tenantId) => directory.byTenantId(tenantId),
    primaryDomainOf: (tenantId) => directory.byTenantId(tenantId)?.primaryDomain ?? null,
    // Only a shop the directory does not know waits: a known shop's links do not change with
    // its settings or status, and its requests never wait behind a reading.
    ensure: (tenantId) => (directory.byTenantId(tenantId) === null ? refresh() : null),
    noteHttps,
    fallback: () => directory.fallback,
    count: () => directory.size,
    refresh,
  } satisfies ShopHosts);
}

/** Decorates `app.shops` (not encapsulated); needs the db and the catalogue cache. */
export const shopHosts = fp(shopHostsPlugin, {
  name: 'shop-hosts',
  dependencies: ['db', 'catalog-cache'],
});
