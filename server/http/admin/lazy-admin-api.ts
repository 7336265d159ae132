/**
 * The back office's API, loaded on its first request (decision 045). A shop's API process serves
 * shoppers nearly all the time; the back office's routes (a hundred and fifty, each with its
 * schemas from openapi/admin.yaml), its handlers and the packages only they use (two-factor
 * sign-in, the HTML sanitizer, image processing) held about 4 MB of the process's heap at rest, and
 * its code a third of the bundle's source, for requests that most processes see a few times a day.
 *
 * So at start the process registers only this: a route that sends every request under
 * `{publicApiPath}/admin/` (but not the reference at `{publicApiPath}/admin/docs/`) to a second
 * Fastify instance, built on the first such request by ./admin-server.ts (a module loaded then,
 * a chunk of its own in the build), which holds the routes exactly as they were registered
 * before, over the same database, caches, outbox and staff services. The request is handed over
 * before its body is read, so uploads and JSON bodies reach the back office untouched. Concurrent
 * first requests share one build; a build that fails answers 503 and is tried again by the next
 * request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminServerOptions } from './admin-server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's API, built on its first request (./lazy-admin-api.ts). */
    backOffice: BackOffice;
  }
}

/** The back office's API as the main app holds it. */
export interface BackOffice {
  /** Whether it has been built (its code loaded and its routes registered). */
  readonly loaded: boolean;
  /** Builds it now, once (the first request does; a start that compiles every schema too). */
  load(): Promise<FastifyInstance>;
}

export type LazyAdminApiOptions = AdminServerOptions;

async function lazyAdminApiPlugin(app: FastifyInstance, options: LazyAdminApiOptions) {
  const prefix = `${options.publicApiPath}/admin/`;
  let built: Promise<FastifyInstance> | null = null;
  let loaded = false;
  const load = (): Promise<FastifyInstance> => {
    built ??= import('./admin-server.ts')
      .then(({ buildAdminServer }) => buildAdminServer(app, options))
      .then(
        (server) => {
          loaded = true;
          return server;
        },
        (error: unknown) => {
          built = null;
          throw error;
        },
      );
    return built;
  };
  app.decorate<BackOffice>('backOffice', {
    get loaded() {
      return loaded;
    },
    load,
  });

  // Every method, every path under the prefix: the reference's routes, being static, are
  // matched before this wildcard, and the storefront's pages' wildcard after it. The request is
  // handed over in its first hook, before its body is read.
  app.all(
    `${prefix}*`,
    {
      onRequest: (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        load().then(
          (server) => server.routing(request.raw, reply.raw),
          (error: unknown) => {
            request.log.error({ err: error }, 'the back office API could not be loaded');
            reply.raw.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
            reply.raw.end(JSON.stringify({ detail: 'Service temporarily unavailable.' }));
          },
        );
        return Promise.resolve(reply);
      },
    },
    // Never reached: the hook has handed the request over.
    async () => undefined,
  );
  app.addHook('onClose', async () => {
    if (built) await (await built.catch(() => null))?.close();
  });
}

/** Registers the hand-over and decorates `app.backOffice` (not encapsulated). */
export const lazyAdminApi = fp(lazyAdminApiPlugin, { name: 'lazy-admin-api' });
