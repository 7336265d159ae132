/**
 * Decorates the app with the shop database (`app.db`, `app.dbDialect`) and closes it with the
 * app. Migrations run here, at registration, so no route ever sees an old schema.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DbHandle, Dialect } from './connection.ts';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDialect: Dialect;
  }
}

export interface DbPluginOptions {
  handle: DbHandle;
  /** Destroy the connection when the app closes (false when the caller owns it). */
  closeWithApp?: boolean;
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  const applied = await migrateToLatest(options.handle);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  app.decorate('db', options.handle.db);
  app.decorate('dbDialect', options.handle.dialect);
  if (options.closeWithApp ?? true) {
    app.addHook('onClose', async () => {
      await options.handle.db.destroy();
      app.log.info('database closed');
    });
  }
}

/** Registers the database decorators; run before any plugin that queries. */
export const db = fp(dbPlugin, { name: 'db' });
