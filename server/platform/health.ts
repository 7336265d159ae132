/**
 * Liveness and readiness for load balancers and process managers, outside the shop API: no
 * tenant header, no contract, no `/api` prefix (they describe the process, not a shop).
 *
 * - `GET /healthz` -> 200 `{"status":"ok"}` while the process serves requests.
 * - `GET /readyz` -> 200 `{"status":"ready"}` when the database answers a query within 1 s,
 *   else 503 `{"detail":"Database unreachable."}` after at most that second. One check runs
 *   at a time: while one waits on the database, every /readyz shares it instead of adding a
 *   query to the pool's queue (a balancer polling a partitioned process would otherwise pile
 *   them up). While the process drains after SIGTERM, Fastify answers every new request 503
 *   (return503OnClosing), so a balancer stops sending.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';

/** How long /readyz waits for the database before it answers 503. */
export const READY_TIMEOUT_MS = 1000;

async function healthPlugin(app: FastifyInstance): Promise<void> {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  // The database check in flight, shared by every /readyz until it settles.
  let check: Promise<unknown> | null = null;
  app.get('/readyz', async (request, reply) => {
    check ??= sql`select 1`.execute(app.db).finally(() => {
      check = null;
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check,
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      return reply.headers(noStore).send({ status: 'ready' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).headers(noStore).send({ detail: 'Database unreachable.' });
    } finally {
      clearTimeout(timer);
    }
  });
}

/** Registers GET /healthz and GET /readyz on the root instance (after the db plugin). */
export const health = fp(healthPlugin, { name: 'health', dependencies: ['db'] });
