/**
 * Entry point of `npm start` (after scripts/build-if-needed.mjs): loads the configuration,
 * builds the app (migrations and first-start seed included), listens on HOST:PORT and shuts
 * down cleanly on SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';

async function main(): Promise<void> {
  let config;
  try {
    // Read before the default below: NODE_ENV=production given by the operator is what forbids
    // the sandbox card gateway, not the default that only picks React's production build.
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // The server render (imported on the first page request) runs React and TanStack Router,
  // which pick their development builds unless told otherwise: those are several times slower
  // and log development warnings. `npm start` is the production server.
  process.env.NODE_ENV ??= 'production';

  const app = await buildApp({ config });
  if (config.serveSpa && !existsSync(join(config.distDir, 'index.html'))) {
    app.log.warn(
      `${join(config.distDir, 'index.html')} is missing: run "npm run build" (npm start builds it first) to serve the storefront.`,
    );
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A hung connection must not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // Draining: Fastify stops accepting connections, answers new requests on open ones with
    // 503, lets the requests in flight finish, then closes the database (onClose hooks). A
    // keep-alive connection whose request finishes after the close began would hold the
    // server open; it is closed as soon as it is idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  app.log.info(
    `Storefront: ${config.serveSpa ? `${base}/` : '(SERVE_SPA=false)'}  API: ${base}${config.publicApiPath}/  Database: ${
      config.databaseUrl ? 'PostgreSQL' : config.sqlitePath
    }`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
