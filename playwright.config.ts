/// <reference types="node" />
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, freePortSync } from './scripts/lib/chromium';
import { CONSENT_KEY, consentRecordText } from './src/features/consent/consent-record';

/**
 * End-to-end tests in Debian's Chromium against the `npm start` server.
 *
 * The server gets its own SQLite file and media folder in a temp dir and a free port, so a
 * run never touches `data/` and never collides with a dev server. Playwright loads this file
 * in the runner and in every worker: the port and the temp dir are chosen once and handed
 * down through the environment. Set E2E_PORT to run against a server you started yourself.
 *
 * A second server serves the second demo shop's storefront (demo-pottery, on E2E_POTTERY_PORT)
 * from the same database, so the checkout branches that only its payment options reach are
 * tested end to end too.
 */

const ownServer = !process.env.E2E_PORT;
const port = process.env.E2E_PORT || freePortSync();
// The second demo shop (its payment options differ, so every checkout branch is
// reachable): a storefront built with its own tenant token, on its own port.
const ownPotteryServer = !process.env.E2E_POTTERY_PORT;
const potteryPort = process.env.E2E_POTTERY_PORT || freePortSync();
// Deleted after the run, so only a dir this config named itself (in the runner) is accepted.
const inherited = process.env.E2E_DATA_DIR ?? '';
const dataDir = path.basename(inherited).startsWith('storefront-e2e-')
  ? inherited
  : path.join(os.tmpdir(), `storefront-e2e-${process.pid}`);
process.env.E2E_PORT = port;
process.env.E2E_POTTERY_PORT = potteryPort;
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://127.0.0.1:${port}`;

/** What both servers share: the demo data, cheap hashes, roomy per-address limits. */
const serverEnv = {
  HOST: '127.0.0.1',
  SQLITE_PATH: path.join(dataDir, 'shop.sqlite'),
  MEDIA_DIR: path.join(dataDir, 'media'),
  SERVE_SPA: '1',
  // The client counts a token as expired 60 s before its end, so a 65 s access
  // token is refreshed 5 s into a session: the refresh-during-a-session test needs that.
  ACCESS_TOKEN_TTL_SECONDS: '65',
  // Cheaper hashes and a roomier per-address limit: every e2e login comes from 127.0.0.1.
  PASSWORD_HASH_COST: '12',
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
  REGISTER_MAX_PER_ADDRESS: '1000',
  CONTACT_MAX_PER_ADDRESS: '1000',
  PASSWORD_RESET_MAX_PER_ADDRESS: '1000',
  // Reset e-mails are written here (account.spec.ts reads the link from them), never
  // into the repository's data/outbox.
  OUTBOX_DIR: path.join(dataDir, 'outbox'),
  // A render for each worker's page at once: with the default (cores - 1, so 1 on two cores)
  // two workers loading pages together get the SPA shell for one of them, which a test with
  // JavaScript off cannot render (a flood's shell is server/http/pages-*.test.ts's to test).
  PAGE_RENDERS_IN_FLIGHT: '4',
  // Push subscriptions may point at a test's own push service on 127.0.0.1, over plain HTTP
  // (back-office-push.spec.ts): a browser's real push service cannot be reached here.
  PUSH_ALLOW_LOOPBACK_HTTP: '1',
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ...(process.env.CI ? ([['html', { open: 'never' }]] as const) : []),
    // npm test's table of the slowest spec files (scripts/test.mjs) reads this.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? ([['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]] as const)
      : []),
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS],
    },
    // Recording a trace of every test cost a quarter of the e2e's CPU (measured on three spec
    // files: 91 s against 67 s of CPU): in CI only a retried test's, as the mock's run does.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Both storefronts start with analytics refused, as a visitor who chose would: the consent
    // banner, shown while consent.spec.ts gives demo-pottery an analytics id, then never covers
    // what another test clicks. consent.spec.ts starts with an empty storage instead.
    storageState: {
      cookies: [],
      origins: [baseURL, `http://127.0.0.1:${potteryPort}`].map((origin) => ({
        origin,
        localStorage: [
          { name: CONSENT_KEY, value: consentRecordText(false, new Date('2026-01-01T00:00:00Z')) },
        ],
      })),
    },
  },
  // Every test runs at 1280 px. At 375 px (the spec's mobile layout, 768 px and below) only
  // the tests whose outcome depends on the layout run: those tagged @layout (menus, tables,
  // forms, sticky parts, touch, and the axe scan of every page) and @mobile (the phone alone).
  // @desktop tests exercise the wide layout only. The README lists which is which and why.
  projects: [
    { name: 'desktop', grepInvert: /@mobile/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      grep: /@layout|@mobile/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  // Started in order: the pottery storefront finds the database the first server seeded.
  webServer: [
    {
      // `env -u`: an inherited DATABASE_URL would point the e2e server at someone's PostgreSQL.
      // The trap deletes the throwaway database when Playwright stops the server.
      command: [
        `trap 'rm -rf "$E2E_DATA_DIR"' EXIT INT TERM;`,
        'node scripts/build-if-needed.mjs &&',
        'env -u DATABASE_URL node dist/api/main.mjs',
      ].join(' '),
      url: `${baseURL}/`,
      // A fresh database is seeded (images made with sharp) on first start: allow for it.
      timeout: 180_000,
      reuseExistingServer: !ownServer && !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { ...serverEnv, PORT: port },
    },
    {
      // The same build served for the second shop (TENANT_TOKEN): its pages name that shop in
      // `<meta name="tenant-token">`, which the storefront and the back office read.
      command: [
        // Against someone else's first server, the data dir is this server's alone to remove.
        ownServer ? '' : `trap 'rm -rf "$E2E_DATA_DIR"' EXIT INT TERM;`,
        'env -u DATABASE_URL node dist/api/main.mjs',
      ].join(' '),
      url: `http://127.0.0.1:${potteryPort}/`,
      timeout: 180_000,
      reuseExistingServer: !ownPotteryServer && !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        ...serverEnv,
        PORT: potteryPort,
        TENANT_TOKEN: 'demo-pottery',
      },
    },
  ],
});
