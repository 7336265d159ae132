/**
 * Which shop a name answers for (issue 38, decision 079): every shop of the deployment with
 * the domains recorded for it (`tenant_domains`), read whole into memory so that choosing the
 * shop of a page request costs a map lookup.
 *
 * - A recorded domain names its shop, and only a recorded domain: a Host no shop holds names
 *   none (the caller answers 404), never another shop.
 * - A loopback name (`127.0.0.1`, `localhost`, `::1`) names the deployment's default shop: the
 *   one `TENANT_TOKEN` names, else the only shop when there is exactly one (a single-shop
 *   deployment, or the first shop made by the first-run set-up). This is how the demo answers
 *   at `http://127.0.0.1:8080`.
 * - A shop's primary domain is where its links point (canonical links, sitemaps, e-mails,
 *   payment returns); a shop without one is reached at the server's own address.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { ShopStatus } from '../platform/db/tables/tenants.ts';

/** A shop as the directory knows it. */
export interface DirectoryShop {
  id: number;
  token: string;
  name: string;
  /** The folder of its media files under the media store (`tidewater-example`). */
  mediaSlug: string;
  currency: string;
  status: ShopStatus;
  /** Its primary domain (`tidewater.example`), or null when none is recorded. */
  primaryDomain: string | null;
  /** Whether it was reached at its primary domain over HTTPS (`tenants.https_seen_at`). */
  httpsSeen: boolean;
}

/** The names that always mean "this machine": they answer for the default shop. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The host part of a Host header (`Shop.Example:8080` -> `shop.example`, `[::1]:80` -> `::1`),
 * lowercased and without a trailing dot; '' when there is none.
 */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const trimmed = host.trim().toLowerCase();
  // `[::1]:8080` -> `::1`; a bare IPv6 address (two colons or more) has no port to drop.
  const name = trimmed.startsWith('[')
    ? trimmed.slice(1, trimmed.indexOf(']') > 0 ? trimmed.indexOf(']') : undefined)
    : (trimmed.match(/:/g)?.length ?? 0) > 1
      ? trimmed
      : trimmed.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/** One reading of every shop and its domains. */
export class ShopDirectory {
  private constructor(
    private readonly byDomain: ReadonlyMap<string, DirectoryShop>,
    private readonly byId: ReadonlyMap<number, DirectoryShop>,
    private readonly defaultShop: DirectoryShop | null,
  ) {}

  /**
   * Reads every shop and domain.
   * @param defaultToken the token of the shop loopback names answer for (config.tenantToken).
   * @throws the database's error when a read fails.
   */
  static async read(db: Kysely<Database>, defaultToken: string): Promise<ShopDirectory> {
    const [tenants, domains] = await Promise.all([
      db
        .selectFrom('tenants')
        .select(['id', 'token', 'name', 'media_slug', 'currency', 'status', 'https_seen_at'])
        .execute(),
      db.selectFrom('tenant_domains').select(['tenant_id', 'domain', 'is_primary']).execute(),
    ]);
    const byId = new Map<number, DirectoryShop>();
    for (const { media_slug: mediaSlug, https_seen_at: seen, ...row } of tenants)
      byId.set(row.id, { ...row, mediaSlug, primaryDomain: null, httpsSeen: seen !== null });
    const byDomain = new Map<string, DirectoryShop>();
    for (const row of domains) {
      const shop = byId.get(row.tenant_id);
      if (!shop) continue;
      byDomain.set(row.domain, shop);
      if (row.is_primary) shop.primaryDomain = row.domain;
    }
    const named = tenants.find((row) => row.token === defaultToken);
    const only = byId.size === 1 ? [...byId.values()][0]! : null;
    return new ShopDirectory(byDomain, byId, named ? byId.get(named.id)! : only);
  }

  /** How many shops the deployment has. */
  get size(): number {
    return this.byId.size;
  }

  /** The default shop: loopback names answer for it (see the module comment); null for none. */
  get fallback(): DirectoryShop | null {
    return this.defaultShop;
  }

  /**
   * The shop a request's host names (`shop.example:8080` or a bare name): the shop holding that
   * domain, the default shop for a loopback name, else null.
   */
  forHost(host: string | undefined): DirectoryShop | null {
    const name = hostName(host);
    return this.byDomain.get(name) ?? (LOOPBACK.has(name) ? this.defaultShop : null);
  }

  /**
   * The shop holding the domain of a Host header, or null when no shop records it (a loopback
   * name included: it holds no shop, it only falls back to the default one).
   */
  holderOf(host: string | undefined): DirectoryShop | null {
    return this.byDomain.get(hostName(host)) ?? null;
  }

  /** The shop with this id, or null when the directory was read before it was made. */
  byTenantId(tenantId: number): DirectoryShop | null {
    return this.byId.get(tenantId) ?? null;
  }
}

/**
 * Records that shop `shop` was reached at its primary domain over HTTPS (the launch checklist's
 * proof that the domain answers, server/shops/launch.ts), once: the first time only writes.
 */
export async function recordHttpsSeen(
  db: Kysely<Database>,
  shop: DirectoryShop,
  at: Date = new Date(),
): Promise<void> {
  if (shop.httpsSeen) return;
  shop.httpsSeen = true;
  await db
    .updateTable('tenants')
    .set({ https_seen_at: at.toISOString() })
    .where('id', '=', shop.id)
    .where('https_seen_at', 'is', null)
    .execute();
}
