import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deploy` (issue 39): the deployment of deploy/ proved on this machine (Caddy in
 * front of two built API processes on PostgreSQL with S3 media; tests/deploy/deploy.test.ts).
 * Apart from the other projects: it needs the built shop, caddy and TEST_DATABASE_URL.
 */
export default defineConfig({
  test: {
    name: 'deploy',
    globals: true,
    environment: 'node',
    include: ['tests/deploy/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
