/**
 * Real API processes for the multi-process tests: `tsx server/main.ts` on a test
 * database, listening on 127.0.0.1 at a free port, seeded beforehand by the test (SEED_DEMO=0).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestDatabase } from './test-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The secret the processes and the test sign tokens with. */
export const PROCESS_JWT_SECRET = 'multi-process-test-secret-0123456789abcdef';

/** The payment-secrets key every process of a test shares (hex, 32 bytes). */
export const PROCESS_PAYMENT_SECRETS_KEY = '5e'.repeat(32);

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  /** Everything the process printed so far. */
  output: string[];
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** A TCP port on 127.0.0.1 that nothing listened on a moment ago (rejects if none is given). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment of an API process on the test database (PostgreSQL database or SQLite file). */
export function processEnv(database: TestDatabase) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    SERVE_SPA: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    JWT_SECRET: PROCESS_JWT_SECRET,
    PAYMENT_SECRETS_KEY: PROCESS_PAYMENT_SECRETS_KEY,
    MEDIA_DIR: join(database.dir, 'media'),
    SQLITE_PATH: database.sqlitePath,
    CATALOG_CACHE_TTL_MS: '0',
    PASSWORD_HASH_COST: '10',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
    REGISTER_MAX_PER_ADDRESS: '100000',
  };
  delete env.DATABASE_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  return env;
}

/** How many lines the process has logged with `message` as their message (pino's `msg`). */
export function logged(api: ApiProcess, message: string): number {
  const needle = `"msg":${JSON.stringify(message)}`;
  return api.output.join('').split(needle).length - 1;
}

/** Starts `node --import tsx server/main.ts` and waits until GET /readyz answers 200 (60 s at most). */
export async function startApi(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const port = await freePort();
  // Node itself with tsx's loader, not the tsx wrapper: signals must reach the server process.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited early:\n${output.join('')}`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API not ready after 60 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output, exited };
}

/** Stops a process started by {@link startApi} (SIGKILL; it is a test fixture). */
export async function stopApi(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGKILL');
  await api.exited;
}

/** A JSON request to a process; the body parsed when there is one. */
export async function request(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the API answers
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
