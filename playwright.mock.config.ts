/// <reference types="node" />
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, freePortSync } from './scripts/lib/chromium';

/**
 * The shopper flows against the Prism mock (`npm run test:e2e:mock`), in Debian's Chromium.
 *
 * `webServer` starts `npm run mock` (scripts/mock.mjs: Prism, the mock gateway and Vite) on
 * three free ports, chosen once in the runner and handed to the workers through the
 * environment (Playwright loads this file in both). It counts as up when a request through
 * Vite and the gateway reaches Prism: Prism answers a request without the tenant header 401,
 * the gateway answers 502 while Prism is still starting.
 *
 * One worker: the mock's switches (`POST /api/__mock/rules`) hold for the whole stack, so two
 * tests side by side would see each other's errors. With MOCK_BUILT=1 (as `npm test` runs it,
 * after the build) Vite serves the built storefront (`vite preview`); without it, its dev server,
 * and tests/e2e-mock/global-setup.ts has Vite compile every route once before the first test,
 * so no test pays for it.
 */

const prismPort = process.env.E2E_MOCK_PRISM_PORT || freePortSync();
const gatewayPort = process.env.E2E_MOCK_GATEWAY_PORT || freePortSync();
const vitePort = process.env.E2E_MOCK_VITE_PORT || freePortSync();
process.env.E2E_MOCK_PRISM_PORT = prismPort;
process.env.E2E_MOCK_GATEWAY_PORT = gatewayPort;
process.env.E2E_MOCK_VITE_PORT = vitePort;
const baseURL = `http://127.0.0.1:${vitePort}`;

export default defineConfig({
  testDir: 'tests/e2e-mock',
  // Not inside the main run's test-results/, which that run empties when it starts (the two
  // may run at once); git ignores every test-results/ folder.
  outputDir: 'tests/e2e-mock/test-results',
  globalSetup: './tests/e2e-mock/global-setup.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // A failed load is retried twice (1 s, then 2 s) before its message shows, and an answer the
  // screens cannot use is retried the same way: the messages of the catalogue take that long.
  expect: { timeout: 12_000 },
  // No HTML report: the main run's report lives in playwright-report/ and the two may run at once.
  reporter: [
    ['list'],
    // npm test's table of the slowest spec files (scripts/test.mjs) reads this.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? ([['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]] as const)
      : []),
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS],
    },
    // Recording a trace of every test costs the run seconds: in CI only a retried test's.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/mock.mjs',
    url: `${baseURL}/api/pages/site-settings/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: { MOCK_PORT: prismPort, MOCK_GATEWAY_PORT: gatewayPort, VITE_PORT: vitePort },
  },
});
