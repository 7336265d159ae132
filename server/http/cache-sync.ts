/**
 * Keeps the catalogue and page caches of several API processes on one PostgreSQL in step
 * (decision 005): each invalidation made here is announced with NOTIFY on a channel of this
 * database schema, and each one another process announces is applied here, so a piece sold out
 * through one process stops showing in stock on the others within moments instead of at the
 * end of their TTL. SQLite runs one process per file, so nothing is done there.
 *
 * One dedicated connection LISTENs (a pooled one would be handed back); when it drops, it is
 * opened again after a second and, since announcements may have been missed meanwhile, every
 * tenant's cache is forgotten. A message is JSON `{from, tenant, slugs?}`; a process ignores its
 * own and anything malformed.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type pg from 'pg';

export interface CacheSyncOptions {
  /** The PostgreSQL connection string (null: SQLite, nothing to do). */
  databaseUrl: string | null;
}

const RECONNECT_MS = 1000;
/** NOTIFY payloads stop at 8000 bytes: a bigger change is announced as "everything". */
const MAX_PAYLOAD = 7000;

interface Message {
  from: string;
  tenant: number;
  slugs?: string[];
}

function parseMessage(payload: string | undefined): Message | null {
  try {
    const message = JSON.parse(payload ?? '') as Partial<Message>;
    if (typeof message.from !== 'string' || !Number.isSafeInteger(message.tenant)) return null;
    if (message.slugs !== undefined && !Array.isArray(message.slugs)) return null;
    return message as Message;
  } catch {
    return null;
  }
}

async function cacheSyncPlugin(app: FastifyInstance, options: CacheSyncOptions): Promise<void> {
  if (!options.databaseUrl || app.dbDialect !== 'postgres') return;
  const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
  const me = randomUUID();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(app.db);
  // One channel per schema: tests run many schemas in one database.
  const channel = `storefront_catalog_${rows[0]?.schema ?? 'public'}`;

  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  // Announcements missed while the connection was down: forget every tenant's answers.
  const forgetEverything = async () => {
    const tenants = await app.db.selectFrom('tenants').select('id').execute();
    for (const { id } of tenants) app.catalogCache.invalidate(id, true);
  };

  const listen = async (reconnected: boolean) => {
    const next = new Client({ connectionString: options.databaseUrl! });
    next.on('notification', (note) => {
      const message = parseMessage(note.payload);
      if (!message || message.from === me) return;
      if (message.slugs) app.catalogCache.invalidateProducts(message.tenant, message.slugs, true);
      else app.catalogCache.invalidate(message.tenant, true);
    });
    const reopen = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (closing) return;
      if (error) app.log.warn({ err: error }, 'cache sync: the LISTEN connection failed');
      retry = setTimeout(() => void listen(true).catch(reopenLater), RECONNECT_MS);
    };
    next.on('error', reopen);
    next.on('end', () => reopen());
    client = next;
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    if (reconnected) await forgetEverything();
  };
  const reopenLater = (error: unknown) => {
    if (closing) return;
    app.log.warn({ err: error }, 'cache sync: could not LISTEN; trying again');
    retry = setTimeout(() => void listen(true).catch(reopenLater), RECONNECT_MS);
  };
  await listen(false);

  app.catalogCache.onInvalidate((tenantId, slugs, fromPeer) => {
    if (fromPeer) return;
    let payload = JSON.stringify({ from: me, tenant: tenantId, ...(slugs ? { slugs } : {}) });
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: me, tenant: tenantId });
    sql`select pg_notify(${channel}, ${payload})`
      .execute(app.db)
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'cache sync: could not tell the other processes'),
      );
  });

  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    const open = client;
    client = null;
    await open?.end().catch(() => {});
  });
}

/** Registers the PostgreSQL cache sync (after the db and catalog-cache plugins). */
export const cacheSync = fp(cacheSyncPlugin, {
  name: 'cache-sync',
  dependencies: ['db', 'catalog-cache'],
});
