/**
 * Composition of the reference shop API (architecture guide, "Server"): external plugins, then
 * app plugins, then routes. `buildApp` returns a ready-to-listen instance; tests call
 * `app.inject` on it.
 *
 * Routing and request validation come from openapi/storefront.yaml through fastify-openapi-glue:
 * each operationId maps to a handler in handlers/, and every operation without one answers 501.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, {
  type FastifyInstance,
  LogController,
  type FastifyServerOptions,
  type RouteHandlerMethod,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { loadJwtSecret } from './auth/tokens.ts';
import { type AppConfig, jwtSecretPath } from './config.ts';
import { type DbHandle, openDatabase } from './db/connection.ts';
import {
  changePassword,
  confirmPasswordReset,
  getAccount,
  requestPasswordReset,
} from './handlers/account.ts';
import { login, logout, refreshToken, register } from './handlers/auth.ts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from './handlers/addresses.ts';
import {
  addCartItem,
  clearCart,
  getCart,
  removeCartItem,
  updateCartItem,
} from './handlers/cart.ts';
import { createComment, getBlogPost, listBlogPosts, listComments } from './handlers/blog.ts';
import {
  getCategory,
  getProduct,
  listCategories,
  listProductSuggestions,
  listProducts,
} from './handlers/catalog.ts';
import {
  createContactMessage,
  getContactInfo,
  listDocuments,
  listFaqs,
} from './handlers/content.ts';
import { notImplemented } from './handlers/not-implemented.ts';
import { cancelOrder, createOrder, getOrder, listOrders } from './handlers/orders.ts';
import { createReview } from './handlers/reviews.ts';
import {
  getPaymentOptions,
  getPaymentStatus,
  initiateCardPayment,
  receiveGatewayNotification,
} from './handlers/payments.ts';
import {
  findSiteSettings,
  getCompanyInfo,
  getPublicSettings,
  getSiteSettings,
} from './handlers/site.ts';
import { getShippingOptions, quoteShipping } from './handlers/shipping.ts';
import type { HandlerMap } from './handlers/types.ts';
import { HttpError } from './lib/http-error.ts';
import { nestsDeeperThan } from './lib/json-depth.ts';
import { clientErrorHandler } from './lib/client-error.ts';
import { siteOrigin } from './lib/site-origin.ts';
import type { Renderer } from './lib/server-render.ts';
import { account } from './plugins/account.ts';
import { auth, securityHandlers, unwrapSecurityError } from './plugins/auth.ts';
import { catalogCache } from './plugins/catalog-cache.ts';
import { contactThrottle } from './plugins/contact-throttle.ts';
import { db } from './plugins/db.ts';
import { errors, frameworkErrorResponder } from './plugins/errors.ts';
import { health } from './plugins/health.ts';
import { media } from './plugins/media.ts';
import { orders } from './plugins/orders.ts';
import { providerNotifications } from './plugins/provider-notifications.ts';
import { sandboxGateway } from './plugins/sandbox-gateway.ts';
import { seo } from './plugins/seo.ts';
import { cacheSync } from './plugins/cache-sync.ts';
import { pages } from './plugins/pages.ts';
import { tenant } from './plugins/tenant.ts';
import { seedContentIfMissing } from './seed/content-seed.ts';
import { seedShopSettingsIfMissing } from './seed/shop-seed.ts';
import {
  seedDemoCustomersIfMissing,
  seedIfEmpty,
  seedPaymentSettingsIfMissing,
} from './seed/seed.ts';

/**
 * The contract the routes are generated from: `openapi/storefront.yaml` of the project, found
 * from this module's place whether it runs as server/app.ts (tests, `npm run dev`) or
 * compiled into dist/api/main.mjs (`npm start`).
 */
export const SPECIFICATION_PATH = ['../openapi/storefront.yaml', '../../openapi/storefront.yaml']
  .map((candidate) => fileURLToPath(new URL(candidate, import.meta.url)))
  .find((candidate) => existsSync(candidate)) as string;

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's path prefix (config.publicApiPath), for addresses handlers build. */
    publicApiPath: string;
  }
}

/** The handler of each operation of the contract; an operation without one answers 501. */
export const handlers: HandlerMap = {
  register,
  login,
  logout,
  refreshToken,
  getAccount,
  changePassword,
  requestPasswordReset,
  confirmPasswordReset,
  listAddresses,
  createAddress,
  updateAddress,
  deleteAddress,
  getSiteSettings,
  getPublicSettings,
  getCompanyInfo,
  listCategories,
  getCategory,
  listProducts,
  getProduct,
  listProductSuggestions,
  getCart,
  addCartItem,
  updateCartItem,
  removeCartItem,
  clearCart,
  getShippingOptions,
  quoteShipping,
  createOrder,
  listOrders,
  getOrder,
  cancelOrder,
  getPaymentOptions,
  initiateCardPayment,
  getPaymentStatus,
  receiveGatewayNotification,
  createReview,
  listBlogPosts,
  getBlogPost,
  listComments,
  createComment,
  getContactInfo,
  createContactMessage,
  listFaqs,
  listDocuments,
};

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests); by default one is opened from `config`. */
  database?: DbHandle;
  /**
   * Seed the demo shops when the database is empty, and their demo customers, payment settings
   * and content when missing (default: config.seedDemo, SEED_DEMO; tests may skip the media files).
   */
  seed?: boolean | { skipMedia: boolean };
  /** Fastify logger setting (default: pino at config.logLevel). */
  logger?: FastifyServerOptions['logger'];
  /**
   * How the storefront's server render is loaded (default: the built one in
   * `config.distDir/server`, when there is one; null: no server rendering). Tests pass the
   * source module.
   */
  loadRenderer?: (() => Promise<Renderer>) | null;
  /**
   * Run the e-mail outbox and the order sweep in the background (default true); tests that
   * drive them by hand (`app.emailOutbox.drain()`, `app.sweepOrders()`) pass false.
   */
  background?: boolean;
}

function createValidatorCompiler() {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12. Query strings arrive as strings, hence
  // coerceTypes; 'array' also turns a repeated parameter into a list where one is declared.
  // JSON bodies keep DRF's leniency for scalars ("2" for an integer, 42 for a string) but
  // not the list coercion: ["a"] where a string is expected is a wrong type, answered 400.
  const options = { strict: false, allErrors: true, useDefaults: true, removeAdditional: false };
  const ajv = new Ajv2020({ ...options, coerceTypes: 'array' });
  const bodyAjv = new Ajv2020({ ...options, coerceTypes: true });
  addFormats(ajv);
  addFormats(bodyAjv);
  let counter = 0;
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
    // fastify-openapi-glue gives every schema with a recursive $ref the same $id; Ajv refuses
    // a second schema with a known id, so each compiled schema gets its own.
    let own = '$id' in schema ? { ...schema, $id: `${String(schema.$id)}/${++counter}` } : schema;
    if (httpPart === 'headers') own = lowerCaseHeaderNames(own);
    const validate = (httpPart === 'body' ? bodyAjv : ajv).compile(own);
    return refuseUnstorable(validate, httpPart === 'querystring' || httpPart === 'params');
  };
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Refuses, before and after the contract's own checks, values no field can mean and the database cannot
 * hold, so they end as a 400 instead of an odd lookup or a PostgreSQL error:
 * - a number too large for a double (`1e309` in JSON or in a query string) reads as Infinity,
 *   which Ajv's `integer` and `minimum` accept: 'A valid number is required.';
 * - with `refuseNul`, a NUL character in a query or path parameter (PostgreSQL cannot store or
 *   compare one in text): 'Null characters are not allowed.' (bodies are checked per field by
 *   their handlers).
 */
function refuseUnstorable(validate: Validate, refuseNul: boolean): Validate {
  const wrapped: Validate = (data) => {
    // Looked for before the contract's checks, whose type coercion would turn a body's
    // Infinity into the string "Infinity" where a string is expected, and after them, when a
    // query string's "1e309" has become Infinity.
    let bad = unstorablePath(data, '', refuseNul);
    if (bad === null) {
      const valid = validate(data);
      wrapped.errors = validate.errors;
      if (!valid) return false;
      bad = unstorablePath(data, '', refuseNul);
      if (bad === null) return true;
    }
    wrapped.errors = [
      bad.nul
        ? {
            keyword: 'nul',
            instancePath: bad.path,
            schemaPath: '#',
            params: {},
            message: 'null characters are not allowed',
          }
        : {
            keyword: 'type',
            instancePath: bad.path,
            schemaPath: '#/type',
            params: { type: 'number' },
            message: 'must be a finite number',
          },
    ];
    return false;
  };
  return wrapped;
}

/** The JSON pointer of the first non-finite number (or NUL string) in `value`, or null. */
function unstorablePath(
  value: unknown,
  path: string,
  refuseNul: boolean,
): { path: string; nul: boolean } | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path, nul: false };
  if (typeof value === 'string')
    return refuseNul && value.includes('\u0000') ? { path, nul: true } : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const pointer = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const found = unstorablePath(item, pointer, refuseNul);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Node hands request headers over with lowercase names, and Fastify lowercases the names in a
 * headers schema only for its own validator: with a custom compiler the contract's
 * `Idempotency-Key` would never match (and a required `X-Gateway-Signature` never be found).
 */
function lowerCaseHeaderNames(schema: object): object {
  const { properties, required } = schema as {
    properties?: Record<string, unknown>;
    required?: unknown;
  };
  return {
    ...schema,
    ...(properties && {
      properties: Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    }),
    ...(Array.isArray(required) && {
      required: required.map((name) => (typeof name === 'string' ? name.toLowerCase() : name)),
    }),
  };
}

/** Trusts the nearest `hops` proxies (TRUST_PROXY=N), as Fastify does for a number. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the app: opens and migrates the database, seeds it when empty, and registers the API
 * under `config.publicApiPath`, the media files and (when `config.serveSpa`) the storefront.
 * @throws when the database cannot be opened or migrated, or the contract cannot be loaded.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // A log line per request costs much of the catalogue's throughput; keep it for debugging.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Only the configured proxies may name the client's address, host and scheme (TRUST_PROXY):
    // the address is what the login and registration throttles count.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Slugs may be 120 characters (the contract's Slug); longer ones get the contract's 400,
    // and only absurd ones (over 1000) a 414 before routing, in the {detail} shape.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorResponder,
    // What Node's parser refuses before Fastify runs (431, 400, 408) in the API's {detail} shape.
    clientErrorHandler,
  });
  app.setValidatorCompiler(createValidatorCompiler());

  // External plugins.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });

  // App plugins.
  await app.register(errors);
  const handle =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      pgTimeouts: config.pgTimeouts,
      onPoolError: (error) =>
        app.log.error({ err: error }, 'an idle PostgreSQL connection failed and was discarded'),
    });
  await app.register(db, { handle, closeWithApp: options.database === undefined });
  await app.register(catalogCache, { ttlMs: config.catalogCacheTtlMs });
  await app.register(cacheSync, { databaseUrl: config.databaseUrl });
  await app.register(auth, {
    secret: loadJwtSecret(config.jwtSecret ?? undefined, jwtSecretPath(config)),
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    passwordHashCost: config.passwordHashCost,
    loginMaxFailures: config.loginMaxFailures,
    loginMaxAttemptsPerAddress: config.loginMaxAttemptsPerAddress,
    registerMaxPerAddress: config.registerMaxPerAddress,
  });
  await app.register(contactThrottle, { maxPerAddress: config.contactMaxPerAddress });
  await app.register(account, {
    storefrontUrl: config.storefrontUrl,
    host: config.host,
    port: config.port,
    outboxDir: config.outboxDir,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    passwordResetMaxPerAddress: config.passwordResetMaxPerAddress,
    passwordResetMaxPerEmail: config.passwordResetMaxPerEmail,
    passwordResetResponseMs: config.passwordResetResponseMs,
  });
  const seed = options.seed ?? config.seedDemo;
  if (seed) {
    const seeded = await seedIfEmpty(app.db, {
      mediaDir: config.mediaDir,
      publicApiPath: config.publicApiPath,
      skipMedia: typeof seed === 'object' && seed.skipMedia,
    });
    if (seeded) app.log.info('seeded the demo shops');
    const customers = await seedDemoCustomersIfMissing(app.db, {
      passwordHashCost: config.passwordHashCost,
    });
    if (customers.length > 0) app.log.info({ customers }, 'seeded the demo customers');
    const paymentSettings = await seedPaymentSettingsIfMissing(app.db);
    if (paymentSettings.length > 0)
      app.log.info({ tenants: paymentSettings }, 'seeded the demo payment settings');
    const content = await seedContentIfMissing(app.db, {
      mediaDir: config.mediaDir,
      publicApiPath: config.publicApiPath,
      skipMedia: typeof seed === 'object' && seed.skipMedia,
    });
    if (content.length > 0) app.log.info({ tenants: content }, 'seeded the demo content');
    const shops = await seedShopSettingsIfMissing(app.db);
    if (shops.length > 0) app.log.info({ tenants: shops }, 'seeded the demo shipping and pieces');
  }

  app.decorate('publicApiPath', config.publicApiPath);
  await app.register(orders, {
    ...config,
    background: options.background ?? true,
  });

  // Routes: the API (tenant-scoped), the sandbox card gateway, media files, then the storefront.
  // Outside the API and its tenant rules: for load balancers and process managers.
  await app.register(health);
  await app.register(async (api) => {
    await api.register(tenant);
    // Tokens must never be stored by a browser or a proxy cache (RFC 6749, section 5.1).
    api.addHook('onSend', async (request, reply) => {
      if (request.routeOptions.url?.startsWith(`${config.publicApiPath}/accounts/`)) {
        reply.header('cache-control', 'no-store');
        reply.header('pragma', 'no-cache');
      }
    });
    api.setErrorHandler(unwrapSecurityError);
    // The API speaks JSON only: a body of any other type answers 415. (Fastify validates a
    // body against the schema of its own media type, so a text/plain body would otherwise
    // reach a handler unvalidated.) JSON bodies are kept as received too: the card gateway
    // signs the raw bytes of its notification. Parsing is still Fastify's own, with its
    // prototype-poisoning protection.
    const parseJson = api.getDefaultJsonParser('error', 'error');
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      request.rawBody = text;
      // Refused before anything recurses into it: no body of the contract nests this deep.
      if (nestsDeeperThan(text)) {
        done(new HttpError(400, { detail: 'The JSON body is nested too deeply.' }), undefined);
        return;
      }
      parseJson(request, text, done);
    });
    // Fastify validates a body only when one was sent with a media type; every request body
    // of the contract is required, so a request without one stops here.
    api.addHook('preValidation', async (request) => {
      if (request.body === undefined && request.routeOptions.schema?.body) {
        throw new HttpError(400, { detail: 'A JSON request body is required.' });
      }
    });
    await api.register(openapiGlue, {
      specification: SPECIFICATION_PATH,
      prefix: config.publicApiPath,
      securityHandlers,
      operationResolver: (operationId: string) =>
        (handlers as Record<string, RouteHandlerMethod | undefined>)[operationId] ?? notImplemented,
    });
  });
  await app.register(providerNotifications, { publicApiPath: config.publicApiPath });
  // A test card pays a sandbox order: never registered unless PAYMENT_SANDBOX is on (config.ts
  // refuses it with NODE_ENV=production).
  if (config.paymentSandbox) {
    await app.register(sandboxGateway, {
      publicApiPath: config.publicApiPath,
      delayedResultMs: config.sandboxDelayedResultMs,
    });
  }
  await app.register(media, { mediaDir: config.mediaDir, publicApiPath: config.publicApiPath });
  if (config.serveSpa) {
    const tenantRow = await app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', config.tenantToken)
      .executeTakeFirst();
    if (!tenantRow)
      app.log.warn(
        { token: config.tenantToken },
        'TENANT_TOKEN names no tenant: index.html gets no site settings',
      );
    const siteSettings = tenantRow ? await findSiteSettings(app.db, tenantRow.id) : null;
    await app.register(seo, { tenantId: tenantRow?.id ?? null, origin: siteOrigin(app, config) });
    await app.register(pages, {
      distDir: config.distDir,
      publicApiPath: config.publicApiPath,
      siteSettings,
      tenantToken: config.tenantToken,
      origin: siteOrigin(app, config),
      tenantId: tenantRow?.id ?? null,
      pageCacheTtlMs: config.pageCacheTtlMs,
      maxRendersInFlight: config.pageRendersInFlight,
      ...(options.loadRenderer !== undefined ? { loadRenderer: options.loadRenderer } : {}),
    });
  }
  await app.ready();
  return app;
}
