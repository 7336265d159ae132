import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three Vitest projects: the storefront's unit and component tests in jsdom, the
 * reference API's tests in Node through `app.inject` (SQLite by default, PostgreSQL
 * too when TEST_DATABASE_URL is set), and the tests of the repository's scripts in Node.
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          globals: true,
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
