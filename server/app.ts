/**
 * Composition of the reference shop API (architecture guide, "Server"): external plugins, then
 * app plugins, then routes. `buildApp` returns a ready-to-listen instance; tests call
 * `app.inject` on it.
 *
 * Routing and request validation come from openapi/storefront.yaml through fastify-openapi-glue:
 * each operationId maps to a handler of http/storefront/ (the table is http/operations.ts), and
 * every operation without one answers 501. The schemas are compiled by
 * http/validator-compiler.ts; the API scope's body parsing and hooks are http/api-requests.ts;
 * the rendered reference of the same contract is platform/api-docs/api-docs.ts.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify, {
  type FastifyInstance,
  LogController,
  type FastifyServerOptions,
  type RouteHandlerMethod,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { loadJwtSecret } from './accounts/tokens.ts';
import { type AppConfig, jwtSecretPath } from './config/config.ts';
import { type DbHandle, openDatabase } from './platform/db/connection.ts';
import { notImplemented } from './http/storefront/not-implemented.ts';
import { findSiteSettings } from './content/site-settings.ts';
import { clientErrorHandler } from './http/client-error.ts';
import { siteOrigin } from './http/site-origin.ts';
import type { Renderer } from '../common/render-contract.ts';
import { DeferredCompiles, deferredSerializerFactory } from './http/deferred-compiles.ts';
import { createValidatorCompiler } from './http/validator-compiler.ts';
import { handlers } from './http/operations.ts';
import { account } from './http/wiring/accounts.ts';
import { apiDocs } from './platform/api-docs/api-docs.ts';
import { idleGc } from './platform/idle-gc.ts';
import { apiRequests } from './http/api-requests.ts';
import { auth, securityHandlers } from './http/auth.ts';
import { catalogCache } from './http/catalog-cache.ts';
import { contactThrottle } from './http/wiring/contact-throttle.ts';
import { backInStockThrottle } from './http/wiring/back-in-stock-throttle.ts';
import { giftCardThrottle } from './http/wiring/gift-card-throttle.ts';
import { db } from './platform/db/db-plugin.ts';
import { errors, frameworkErrorResponder } from './http/errors.ts';
import { health } from './platform/health.ts';
import { registerMetrics } from './platform/metrics/metrics.ts';
import { readOrderFigures } from './orders/order-figures.ts';
import { media } from './platform/media.ts';
import { createMediaStore, type MediaStore } from './platform/media-store.ts';
import { orders } from './http/wiring/orders.ts';
import { push } from './http/wiring/push.ts';
import { startMediaSweep } from './http/wiring/media-sweep.ts';
import { backups } from './http/wiring/backups.ts';
import { providerNotifications } from './http/provider-notifications.ts';
import { sandboxGateway } from './http/sandbox-gateway.ts';
import { seo } from './http/seo.ts';
import { cacheSync } from './http/cache-sync.ts';
import { pages } from './http/pages.ts';
import { ADMIN_SPECIFICATION_PATH } from './http/admin/admin-spec.ts';
import { lazyAdminApi } from './http/admin/lazy-admin-api.ts';
import { firstRunSetup } from './http/admin/first-run.ts';
import { staffServices } from './http/admin/staff-services.ts';
import { adminApp } from './http/admin-app.ts';
import { tenant } from './http/tenant.ts';
import { shopGate, shopOpen } from './http/shop-open.ts';
import { shopHosts } from './http/shop-hosts.ts';
import { seedContentIfMissing } from './seed/content-seed.ts';
import { seedShopSettingsIfMissing } from './seed/shop-seed.ts';
import { seedVariantsIfMissing } from './seed/variants-seed.ts';
import { seedGiftCardIfMissing } from './seed/gift-card-seed.ts';
import { seedProductSafetyIfMissing } from './seed/safety-seed.ts';
import { seedBackOfficeIfMissing } from './seed/back-office-seed.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { recordDefaultShopDomain } from './shops/default-domain.ts';
import { seedPaymentSettingsIfMissing } from './seed/payment-seed.ts';
import { seedDemoCustomersIfMissing } from './seed/customer-seed.ts';

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
    /**
     * The storefront's public origin (./http/site-origin.ts: STOREFRONT_URL, else the address
     * the API was started on), for absolute addresses in answers: never the request's Host.
     */
    siteOrigin: (tenantId: number | null) => string;
    /** Where media files are kept and read from (platform/media-store.ts: disk or S3). */
    mediaStore: MediaStore;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests); by default one is opened from `config`. */
  database?: DbHandle;
  /**
   * Seed the demo shops when the database is empty, and their demo customers, payment settings
   * and content when missing (default: config.seedDemo, SEED_DEMO; tests may skip the media files).
   */
  seed?:
    | boolean
    | {
        skipMedia: boolean;
        backOfficeDemo?: boolean;
        variantsDemo?: boolean;
        giftCardDemo?: boolean;
      };
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
  /**
   * Compile every route's request validators and response serializers before the app is ready
   * (default false: each on its route's first request, lib/deferred-compiles.ts), so that a
   * schema which cannot compile fails the start. Tests of the whole contract pass true.
   */
  compileSchemasAtStart?: boolean;
}

/** How long (ms) without a request before the process collects its garbage (plugins/idle-gc.ts). */
const IDLE_GC_MS = 10_000;

/** Trusts the nearest `hops` proxies (TRUST_PROXY=N), as Fastify does for a number. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the app: opens and migrates the database, seeds it when empty, and registers the API
 * under `config.publicApiPath`, its reference at `{publicApiPath}/docs/`, the media files and
 * (when `config.serveSpa`) the storefront.
 * @throws when the database cannot be opened or migrated, or the contract cannot be loaded.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const deferredCompiles = new DeferredCompiles();
  const trustProxy =
    typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // A log line per request costs much of the catalogue's throughput; keep it for debugging.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Only the configured proxies may name the client's address, host and scheme (TRUST_PROXY):
    // the address is what the login and registration throttles count.
    trustProxy,
    // Slugs may be 120 characters (the contract's Slug); longer ones get the contract's 400,
    // and only absurd ones (over 1000) a 414 before routing, in the {detail} shape.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorResponder,
    // What Node's parser refuses before Fastify runs (431, 400, 408) in the API's {detail} shape.
    clientErrorHandler,
    // Fastify's own serializers, each compiled on its route's first answer.
    schemaController: {
      compilersFactory: { buildSerializer: deferredSerializerFactory(deferredCompiles) },
    },
  });
  app.setValidatorCompiler(createValidatorCompiler(deferredCompiles));

  // External plugins.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });

  // App plugins.
  await app.register(errors);
  await app.register(idleGc, { idleMs: IDLE_GC_MS });
  const handle =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      pgTimeouts: config.pgTimeouts,
      onPoolError: (error) =>
        app.log.error({ err: error }, 'an idle PostgreSQL connection failed and was discarded'),
      onModeTightened: (message, paths) => app.log.warn({ paths }, message),
    });
  await app.register(db, { handle, closeWithApp: options.database === undefined });
  await app.register(catalogCache, {
    ttlMs: config.catalogCacheTtlMs,
    countTtlMs: config.catalogCountTtlMs,
  });
  await app.register(cacheSync, { databaseUrl: config.databaseUrl });
  // One secret signs shoppers' and staff's tokens; their audiences keep them apart.
  const jwtSecret = loadJwtSecret(config.jwtSecret ?? undefined, jwtSecretPath(config));
  await app.register(auth, {
    secret: jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    passwordHashCost: config.passwordHashCost,
    loginMaxFailures: config.loginMaxFailures,
    loginMaxAttemptsPerAddress: config.loginMaxAttemptsPerAddress,
    registerMaxPerAddress: config.registerMaxPerAddress,
  });
  await app.register(staffServices, {
    secret: jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    passwordHashCost: config.passwordHashCost,
    loginMaxFailures: config.loginMaxFailures,
    loginMaxAttemptsPerAddress: config.loginMaxAttemptsPerAddress,
    passwordResetMaxPerAddress: config.passwordResetMaxPerAddress,
    passwordResetMaxPerEmail: config.passwordResetMaxPerEmail,
    passwordResetResponseMs: config.passwordResetResponseMs,
  });
  // Whether each shop's storefront answers (launched, on holiday), and its preview passes.
  await app.register(shopGate, {
    secret: jwtSecret,
    ttlMs: config.catalogCacheTtlMs,
    passwordHashCost: config.passwordHashCost,
    maxFailures: config.loginMaxFailures,
    maxAttemptsPerAddress: config.loginMaxAttemptsPerAddress,
  });
  await app.register(contactThrottle, { maxPerAddress: config.contactMaxPerAddress });
  await app.register(backInStockThrottle, { maxPerAddress: config.backInStockMaxPerAddress });
  await app.register(giftCardThrottle);
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
    if (shops.length > 0) app.log.info({ tenants: shops }, 'seeded the demo shipping and products');
    const safety = await seedProductSafetyIfMissing(app.db);
    if (safety > 0) app.log.info({ rows: safety }, 'seeded the demo product safety information');
    // The gyuto's sizes (issue 42): on a real start, and in a test that asks for them (the
    // others add the gyuto to carts without naming a size).
    if (typeof seed !== 'object' || seed.variantsDemo) {
      const variants = await seedVariantsIfMissing(app.db);
      if (variants > 0) app.log.info({ variants }, "seeded the demo gyuto's sizes");
    }
    // The demo's gift card product (issue 42, decision 090): on a real start, and in a test
    // that asks for it (the others count the demo's products and categories as seeded).
    if (typeof seed !== 'object' || seed.giftCardDemo) {
      const giftCard = await seedGiftCardIfMissing(app.db, {
        mediaDir: config.mediaDir,
        publicApiPath: config.publicApiPath,
        skipMedia: typeof seed === 'object' && seed.skipMedia,
      });
      if (giftCard > 0) app.log.info('seeded the demo gift card product');
    }
    // The back office's demo staff and orders in every state: on a real start, and in a test
    // that asks for them (the others keep counting only the orders they place).
    if (typeof seed !== 'object' || seed.backOfficeDemo) {
      const backOffice = await seedBackOfficeIfMissing(app.db, {
        passwordHashCost: config.passwordHashCost,
      });
      if (backOffice.length > 0) app.log.info({ added: backOffice }, 'seeded the back office demo');
    }
  }

  // The default shop answers at STOREFRONT_URL: recorded, so no new shop can claim that host.
  const defaultDomain = await recordDefaultShopDomain(
    app.db,
    config.tenantToken,
    config.storefrontUrl,
  );
  if (defaultDomain) app.log.info({ domain: defaultDomain }, "recorded the default shop's domain");
  // No shop at all (no demo seed, no `npm run shop:create`): the back office offers the first-run
  // set-up at {publicApiPath}/admin/setup/, with a one-time code logged now (`app.firstRun`).
  await app.register(firstRunSetup, {
    publicApiPath: config.publicApiPath,
    passwordHashCost: config.passwordHashCost,
  });

  app.decorate('publicApiPath', config.publicApiPath);
  const mediaStore = createMediaStore(config);
  app.decorate('mediaStore', mediaStore);
  app.addHook('onClose', async () => mediaStore.close());
  await app.register(shopHosts, { defaultTenantToken: config.tenantToken });
  app.decorate(
    'siteOrigin',
    siteOrigin(app, config, (tenantId) => app.shops.primaryDomainOf(tenantId)),
  );
  // The back office's push notifications, which the order module wakes after its commits.
  await app.register(push, { ...config, background: options.background ?? true });
  await app.register(orders, {
    ...config,
    background: options.background ?? true,
  });
  if (options.background ?? true) startMediaSweep(app);
  // The server's own backups into BACKUP_DIR, when set (decision 080).
  await app.register(backups, { ...config, background: options.background ?? true });

  // Routes: the API (tenant-scoped), the sandbox card gateway, media files, then the storefront.
  // Outside the API and its tenant rules: for load balancers and process managers.
  await app.register(health);
  // GET /metrics for Prometheus, and the timing of every request, only with METRICS on: off, the
  // metrics library is not even loaded (platform/metrics/metrics.ts, issue 39).
  const metrics = await registerMetrics(app, {
    enabled: config.metrics,
    allow: config.metricsAllow,
    readShopFigures: () => readOrderFigures(app.db),
  });
  // Outside them too: the reference describes the API, not a shop, so it needs no tenant header.
  await app.register(apiDocs, {
    routePrefix: `${config.publicApiPath}/docs`,
    specificationPath: SPECIFICATION_PATH,
    apiUrl: config.publicApiPath,
    tenantToken: config.tenantToken,
  });
  await app.register(apiDocs, {
    routePrefix: `${config.publicApiPath}/admin/docs`,
    specificationPath: ADMIN_SPECIFICATION_PATH,
    apiUrl: `${config.publicApiPath}/admin`,
    tenantToken: config.tenantToken,
    pageTitle: 'Handcraft back office API reference',
  });
  await app.register(async (api) => {
    await api.register(tenant);
    // A shop not launched answers only its settings; one on holiday takes no orders.
    await api.register(shopOpen);
    // JSON bodies only, kept raw; required bodies; no-store on token answers.
    await api.register(apiRequests, { noStorePrefix: `${config.publicApiPath}/accounts/` });
    await api.register(openapiGlue, {
      specification: SPECIFICATION_PATH,
      prefix: config.publicApiPath,
      securityHandlers,
      operationResolver: (operationId: string) =>
        (handlers as Record<string, RouteHandlerMethod | undefined>)[operationId] ?? notImplemented,
    });
  });
  // The back office: its API under {publicApiPath}/admin/ (decision 020), loaded on its first
  // request (decision 045), and its app at /admin/.
  await app.register(lazyAdminApi, {
    publicApiPath: config.publicApiPath,
    trustProxy,
    logRequests: config.logLevel === 'debug' || config.logLevel === 'trace',
    compileSchemas: options.compileSchemasAtStart ?? false,
  });
  if (config.serveSpa) await app.register(adminApp, { distDir: config.distDir });
  await app.register(providerNotifications, { publicApiPath: config.publicApiPath });
  // A test card pays a sandbox order: never registered unless PAYMENT_SANDBOX is on (config.ts
  // refuses it with NODE_ENV=production).
  if (config.paymentSandbox) {
    await app.register(sandboxGateway, {
      publicApiPath: config.publicApiPath,
      delayedResultMs: config.sandboxDelayedResultMs,
    });
  }
  await app.register(media, {
    store: mediaStore,
    publicApiPath: config.publicApiPath,
    // At a shop's own domain, its own files only.
    servable: (request, key) => {
      const holder = app.shops.holderOf(request);
      return holder === null || key.startsWith(`${holder.mediaSlug}/`);
    },
  });
  if (config.serveSpa) {
    if (app.shops.fallback() === null)
      app.log.warn(
        { token: config.tenantToken },
        'TENANT_TOKEN names no shop, and there is not exactly one: 127.0.0.1 answers no shop',
      );
    await app.register(seo, { origin: app.siteOrigin });
    await app.register(pages, {
      distDir: config.distDir,
      publicApiPath: config.publicApiPath,
      readSiteSettings: (tenantId) => findSiteSettings(app.db, tenantId),
      origin: app.siteOrigin,
      pageCacheTtlMs: config.pageCacheTtlMs,
      maxRendersInFlight: config.pageRendersInFlight,
      ...(metrics ? { metrics: metrics.pages } : {}),
      ...(options.loadRenderer !== undefined ? { loadRenderer: options.loadRenderer } : {}),
    });
  }
  await app.ready();
  if (options.compileSchemasAtStart) {
    deferredCompiles.compileAll();
    // The back office's too: built now, its schemas compiled as it is.
    await app.backOffice.load();
  }
  return app;
}
