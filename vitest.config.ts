import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Vitest projects: the storefront's and the back office's (admin/) unit and component tests in
 * jsdom, the reference API's tests in Node through `app.inject` (SQLite by default; with
 * DATABASE_URL those whose outcome the database decides, on PostgreSQL; those few that mock a
 * module in a project of their own), and the tests of the repository's scripts in Node.
 */
/** Server test files that call vi.mock: they run isolated (see the `server` project). */
const SERVER_FILES_WITH_MODULE_MOCKS = ['server/accounts/password-reset-confirm-load.test.ts'];

/**
 * On PostgreSQL (`DATABASE_URL` or `TEST_DATABASE_URL`), the server tests run again only where
 * the database can change the outcome: files that build an app or a database
 * (server/test/'s harness). Tests of pure functions, and the files below, pass on SQLite and
 * are not run twice: their outcome is a render (pages, e-mails, the API reference), the HTTP
 * framing around the same queries the other files run (who may call what, the contract's
 * validation of hostile input, how the back office's API is loaded), or image processing.
 */
const SQLITE_ONLY_FILES = [
  'server/accounts/hostile-input.test.ts',
  'server/http/admin-app.test.ts',
  'server/http/admin/admin-contract-fuzz.test.ts',
  'server/http/admin/mark-paid-amount-limit.test.ts',
  'server/http/admin/image-uploads.test.ts',
  'server/http/admin/lazy-admin-api.test.ts',
  'server/http/admin/product-photos.test.ts',
  'server/http/admin/role-matrix.test.ts',
  'server/http/client-error.test.ts',
  'server/http/content-pages.test.ts',
  'server/http/contract-fuzz.test.ts',
  'server/http/deferred-compiles.test.ts',
  'server/http/hostile-requests.test.ts',
  'server/http/page-posts.test.ts',
  'server/http/pages-cache.test.ts',
  'server/http/pages-render-failure.test.ts',
  'server/http/pages-rendered.test.ts',
  'server/http/pages-structured-data.test.ts',
  'server/http/pages.test.ts',
  'server/media/upload-sweep.test.ts',
  'server/orders/emails/render-email-moves.test.ts',
  'server/orders/emails/render-email-escaping.test.ts',
  'server/orders/emails/render-email-layout.test.ts',
  'server/orders/emails/render-email-offline-methods.test.ts',
  'server/orders/emails/render-email-shop.test.ts',
  'server/orders/emails/render-email-shopper.test.ts',
  'server/payments/providers/sandbox/hosted-page.test.ts',
  'server/platform/api-docs/api-docs.test.ts',
];
const onPostgres = Boolean(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
/** What builds an app or a database in a server test (server/test/test-app.ts and its users). */
const HARNESS = /useTestApp|createTestApp|createTestDatabase|useAccountsApi|from '(\.\.\/)+test\//;
const SERVER_FILES_NOT_ON_POSTGRES = onPostgres
  ? [
      ...SQLITE_ONLY_FILES,
      ...readdirSync('server', { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => `server/${file}`)
        .filter((file) => !HARNESS.test(readFileSync(file, 'utf8'))),
    ]
  : [];

/**
 * The storefront's and the back office's test files that replace a module (vi.mock): they run
 * isolated, a module graph and a jsdom each; the others share one per worker (`web`).
 */
const WEB_TEST_DIRS = ['src', 'admin', 'common'];
/** Every web test file with its text, read once for the filters below. */
const WEB_TEST_FILES = WEB_TEST_DIRS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
    .map((file) => ({ file, text: readFileSync(file, 'utf8') })),
);
const WEB_FILES_WITH_MODULE_MOCKS = WEB_TEST_FILES.filter(({ text }) =>
  /\bvi\.(do)?[mM]ock\(/.test(text),
).map(({ file }) => file);

/**
 * The storefront's test files that script the API client (src/test/mock-api-client.ts), saying
 * so in this line. Their client is replaced for the whole project (`mockedApiClient`), so they
 * share one module graph and one jsdom per worker instead of a `vi.mock` and an isolated run
 * each (35 files: 84 s of jsdom set-up on two cores went to them).
 */
const MOCKED_CLIENT_LINE = /^\/\/ The API client here is src\/test\/mock-api-client\.ts/m;
const WEB_FILES_WITH_MOCKED_CLIENT = WEB_TEST_FILES.filter(({ text }) =>
  MOCKED_CLIENT_LINE.test(text),
).map(({ file }) => file);
const API_CLIENT = fileURLToPath(new URL('./src/api/client', import.meta.url));
const MOCK_API_CLIENT = fileURLToPath(new URL('./src/test/mock-api-client.ts', import.meta.url));
/** Resolves every import of src/api/client to src/test/mock-api-client.ts. */
const mockedApiClient = {
  name: 'mocked-api-client',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    if (!importer || !/(^|\/)client(\.ts)?$/.test(source)) return null;
    const resolved = path.resolve(path.dirname(importer), source).replace(/\.ts$/, '');
    return resolved === API_CLIENT ? MOCK_API_CLIENT : null;
  },
};
const WEB_TESTS = ['src/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}', 'common/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          globals: true,
          environment: 'jsdom',
          include: WEB_TESTS,
          exclude: [...WEB_FILES_WITH_MODULE_MOCKS, ...WEB_FILES_WITH_MOCKED_CLIENT],
          setupFiles: ['src/test/setup.ts'],
          // One module graph and one jsdom per worker, not per file: setting up jsdom and
          // importing React anew for each of 140 files took half the web tests' time (118 s
          // against 52 s on two cores). src/test/setup.ts empties the page and the storage
          // after each test, so no test sees another's.
          isolate: false,
        },
      },
      {
        plugins: [react(), mockedApiClient],
        test: {
          name: 'web-mocked-client',
          globals: true,
          environment: 'jsdom',
          include: WEB_FILES_WITH_MOCKED_CLIENT,
          // The scripted client's calls and answers start afresh in each file, as in a file's own
          // module graph.
          setupFiles: ['src/test/setup.ts', 'src/test/setup-mocked-client.ts'],
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-module-mocks',
          globals: true,
          environment: 'jsdom',
          include: WEB_FILES_WITH_MODULE_MOCKS,
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: [...SERVER_FILES_WITH_MODULE_MOCKS, ...SERVER_FILES_NOT_ON_POSTGRES],
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
