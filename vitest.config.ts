import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Vitest projects: the storefront's and the back office's (admin/) unit and component tests in
 * jsdom, the reference API's tests in Node through `app.inject` (SQLite by default, PostgreSQL
 * too when TEST_DATABASE_URL is set; those few that mock a module in a project of their own),
 * and the tests of the repository's scripts in Node.
 */
/** Server test files that call vi.mock: they run isolated (see the `server` project). */
const SERVER_FILES_WITH_MODULE_MOCKS = [
  'server/accounts/password-reset-confirm-load.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          globals: true,
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: SERVER_FILES_WITH_MODULE_MOCKS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          globalSetup: ['server/test/postgres-teardown.ts'],
          // One module graph per worker, not per file: importing the app anew for each of 110
          // files took half the server tests' CPU (149 s of run against 82 s on two cores).
          // Every test builds its own app and database, so no state is shared but modules.
          isolate: false,
        },
      },
      {
        test: {
          // The files that replace a module (vi.mock) need a module graph of their own.
          name: 'server-module-mocks',
          globals: true,
          environment: 'node',
          include: SERVER_FILES_WITH_MODULE_MOCKS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          globalSetup: ['server/test/postgres-teardown.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          globals: true,
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
