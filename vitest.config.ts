import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Two Vitest projects: the storefront's unit and component tests in jsdom, and the
 * reference API's tests in Node through `app.inject` (SQLite by default, PostgreSQL
 * too when TEST_DATABASE_URL is set).
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
    ],
  },
});
