/// <reference types="node" />
/**
 * The servers of a contract run: the reference API from source (`tsx server/main.ts`, API only,
 * on a throwaway SQLite database in a temp dir, on a free loopback port) and two Prism proxies
 * in front of it, `strict` (`prism proxy --errors`, which also validates the requests) and
 * `lenient` (the same with `--validate-request=false`, for deliberately invalid requests that
 * the strict proxy would answer itself with 422), and the same pair for the back office's
 * contract (openapi/admin.yaml) in front of the same API's `/api/admin`.
 */
import path from 'node:path';
import { freePort, waitForHttp } from '../../scripts/lib/local-servers';
import { demoTenant } from './case';
import { adminContractFile, contractFile } from './contract-document';
import { bin, startProcess } from './processes';
import type { Bases } from './runner';

/** The contact-form limit the API runs with here, low enough for a case to reach the 429. */
export const CONTACT_MAX = 3;

/** Where the started servers answer, and the API's files the setups read. */
export interface Servers {
  bases: Bases;
  /** The same three ways to the back office's API (`direct` is the API's `/api/admin`). */
  adminBases: Bases;
  /** The API itself, with its `/api` prefix (setups and `direct` cases). */
  upstream: string;
  sqlitePath: string;
  /** Where the API writes its e-mails (the password-reset cases read their links there). */
  outboxDir: string;
}

/**
 * Starts the API and the four proxies (both contracts) with their files under `tmp`, and waits
 * until each answers (up to 180 s for the API, 60 s for Prism). The processes are stopped by
 * `stopAll`.
 * @throws when a process exits early or does not answer in time.
 */
export async function startServers(tmp: string): Promise<Servers> {
  const [apiPort, strictPort, lenientPort, adminStrictPort, adminLenientPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const sqlitePath = path.join(tmp, 'shop.sqlite');
  const outboxDir = path.join(tmp, 'outbox');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    SERVE_SPA: '0',
    SQLITE_PATH: sqlitePath,
    MEDIA_DIR: path.join(tmp, 'media'),
    CONTACT_MAX_PER_ADDRESS: String(CONTACT_MAX),
    // Reset e-mails land in the temp dir, where the account cases read their links.
    OUTBOX_DIR: outboxDir,
    // The test API processes' work factor (server/test/api-process.ts): each sign-in and
    // registration of the two contracts' cases costs milliseconds instead of a third of a second.
    PASSWORD_HASH_COST: '10',
    PASSWORD_RESET_MAX_PER_EMAIL: '3',
    PASSWORD_RESET_MAX_PER_ADDRESS: '20',
  };
  // The contract run always uses its own SQLite file, never a PostgreSQL from the environment.
  delete env.DATABASE_URL;
  const api = startProcess('api', bin('tsx'), ['server/main.ts'], env);
  const upstream = `http://127.0.0.1:${apiPort}/api`;
  const adminUpstream = `${upstream}/admin`;
  const prismArgs = (port: number, file = contractFile, target = upstream) => [
    'proxy',
    '--errors',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    file,
    target,
  ];
  const strict = startProcess('prism strict', bin('prism'), prismArgs(strictPort), process.env);
  const lenient = startProcess(
    'prism lenient',
    bin('prism'),
    [...prismArgs(lenientPort), '--validate-request=false'],
    process.env,
  );
  const adminStrict = startProcess(
    'prism admin strict',
    bin('prism'),
    prismArgs(adminStrictPort, adminContractFile, adminUpstream),
    process.env,
  );
  const adminLenient = startProcess(
    'prism admin lenient',
    bin('prism'),
    [...prismArgs(adminLenientPort, adminContractFile, adminUpstream), '--validate-request=false'],
    process.env,
  );

  await waitForHttp('reference API', api, `${upstream}/pages/site-settings/`, {
    headers: demoTenant,
    timeoutMs: 180_000,
  });
  await Promise.all([
    waitForHttp('prism strict', strict, `http://127.0.0.1:${strictPort}/pages/site-settings/`, {
      headers: demoTenant,
      timeoutMs: 60_000,
    }),
    waitForHttp('prism lenient', lenient, `http://127.0.0.1:${lenientPort}/pages/site-settings/`, {
      headers: demoTenant,
      timeoutMs: 60_000,
    }),
    // Any answer will do (Prism's own 401 without a staff token): the proxy is listening.
    ...[
      ['prism admin strict', adminStrict, adminStrictPort] as const,
      ['prism admin lenient', adminLenient, adminLenientPort] as const,
    ].map(([name, child, port]) =>
      waitForHttp(name, child, `http://127.0.0.1:${port}/me/`, {
        headers: demoTenant,
        timeoutMs: 60_000,
      }),
    ),
  ]);
  return {
    bases: {
      strict: `http://127.0.0.1:${strictPort}`,
      lenient: `http://127.0.0.1:${lenientPort}`,
      direct: upstream,
    },
    adminBases: {
      strict: `http://127.0.0.1:${adminStrictPort}`,
      lenient: `http://127.0.0.1:${adminLenientPort}`,
      direct: adminUpstream,
    },
    upstream,
    sqlitePath,
    outboxDir,
  };
}
