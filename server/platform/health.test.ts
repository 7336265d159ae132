import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from './db/connection.ts';
import type { Database } from './db/database.ts';
import { health } from './health.ts';

/**
 * A PostgreSQL server behind a partition: it accepts connections and never answers, so every
 * query waits until a time limit ends it.
 */
let blackhole: Server;
let url: string;
const sockets = new Set<Socket>();
beforeAll(async () => {
  blackhole = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
  url = `postgres://shop@127.0.0.1:${(blackhole.address() as AddressInfo).port}/shop`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => blackhole.close(resolve));
});

async function appOn(db: Kysely<Database>): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('db', db);
      },
      { name: 'db' },
    ),
  );
  await app.register(health);
  return app;
}

describe('/readyz against an unreachable PostgreSQL', () => {
  it('answers 503 with a detail, and lets polls share one waiting query instead of queueing more', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => {});
    const app = await appOn(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/readyz' })),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual({ detail: 'Database unreachable.' });
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      const again = await app.inject({ method: 'GET', url: '/readyz' });
      expect(again.statusCode).toBe(503);
      // Six polls, one connection attempt: nothing piled up behind the partition.
      expect(pool.totalCount + pool.waitingCount).toBe(1);
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await pool.end().catch(() => {});
    }
  }, 15_000);
});

describe('the PostgreSQL pool’s time limits', () => {
  it('fails a query with a timeout instead of hanging when the server does not answer', async () => {
    const handle = openDatabase({
      databaseUrl: url,
      sqlitePath: '',
      pgTimeouts: { connectMs: 300, statementMs: 500, idleMs: 1000 },
      onPoolError: () => {},
    });
    try {
      await expect(handle.db.selectFrom('tenants').select('id').execute()).rejects.toThrow(
        /timeout/i,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await handle.db.destroy().catch(() => {});
    }
  }, 10_000);
});
