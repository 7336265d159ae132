/**
 * The back office's API as a Fastify instance of its own, built on its first request by
 * ./lazy-admin-api.ts (decision 045): the same routes, hooks and error bodies as when
 * ./admin-api.ts was registered at start, over the main app's own services (its database, catalogue
 * cache, order services and outbox, staff services, media store...), so that a change made in the
 * back office reaches the storefront's caches as before.
 */
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { DeferredCompiles, deferredSerializerFactory } from '../deferred-compiles.ts';
import { errors, frameworkErrorResponder } from '../errors.ts';
import { createValidatorCompiler } from '../validator-compiler.ts';
import { adminApi } from './admin-api.ts';

/** What the back office's API needs from the main app's configuration. */
export interface AdminServerOptions {
  /** The API's path prefix (config.publicApiPath); the back office's is `{it}/admin`. */
  publicApiPath: string;
  /** As the main app's Fastify option (config.trustProxy): the sign-in throttles count it. */
  trustProxy: FastifyServerOptions['trustProxy'];
  /** Log every request (the main app does only at debug or trace level). */
  logRequests: boolean;
  /**
   * Compile every route's schemas once built (the main app's `compileSchemasAtStart`), so that
   * a schema that cannot compile fails the start rather than a staff member's request.
   */
  compileSchemas: boolean;
}

/**
 * The main app's decorations the back office's handlers and hooks read (`request.server.db`,
 * `app.staff`...), shared, never copied: one cache, one outbox, one set of throttles.
 */
const SHARED = [
  'db',
  'dbDialect',
  'catalogCache',
  'orders',
  'paymentProviders',
  'emailOutbox',
  'sweepOrders',
  'staff',
  'auth',
  'account',
  'mediaStore',
  'siteOrigin',
  'publicApiPath',
  'whenIdle',
  'shopGate',
  'shops',
  // The back office's push notifications (../wiring/push.ts).
  'push',
] as const;

/**
 * Builds and readies the back office's API over `main`'s services.
 * @throws when openapi/admin.yaml cannot be loaded, or (with `compileSchemas`) a schema of it
 *   cannot compile
 */
export async function buildAdminServer(
  main: FastifyInstance,
  options: AdminServerOptions,
): Promise<FastifyInstance> {
  const deferredCompiles = new DeferredCompiles();
  const server = Fastify({
    loggerInstance: main.log,
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    trustProxy: options.trustProxy,
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorResponder,
    schemaController: {
      compilersFactory: { buildSerializer: deferredSerializerFactory(deferredCompiles) },
    },
  });
  server.setValidatorCompiler(createValidatorCompiler(deferredCompiles));
  // Named `db` as the main app's database plugin is: the plugins that need the database
  // (the tenant check) declare that dependency by its name.
  const mainServices = fp(
    async (instance: FastifyInstance) => {
      for (const name of SHARED) {
        if (main.hasDecorator(name)) instance.decorate(name, main[name] as never);
      }
    },
    { name: 'db' },
  );
  await server.register(mainServices);
  await server.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  await server.register(errors);
  await server.register(adminApi, { publicApiPath: options.publicApiPath });
  await server.ready();
  if (options.compileSchemas) deferredCompiles.compileAll();
  return server;
}
