/// <reference types="node" />
/**
 * What open-a-shop.spec.ts needs besides the browser (issue 38's "Done when"): a production
 * server of its own on an empty data dir, `npm run shop:create` run against it as the docs give
 * it (docs/operating.md "Opening a shop"), the set-up code read from the server's log, and
 * screenshots kept outside the repository.
 *
 * The server is started as a real shop is (README "Running a real shop"): NODE_ENV=production,
 * SEED_DEMO=0, its public address in STOREFRONT_URL. That address is `https://tidewater.test:PORT`,
 * as if an HTTPS proxy stood in front of it, so the checklist's "own domain over HTTPS" item is
 * met; the browser itself speaks plain http to the port, with `tidewater.test` mapped to
 * 127.0.0.1 by Chromium's host resolver rules.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium';

/** The shop of issue 38's "Done when". */
export const SHOP = {
  name: 'Tidewater Knives',
  domain: 'tidewater.test',
  currency: 'GBP',
  country: 'GB',
};

/** Its first owner. */
export const TIDEWATER_OWNER = {
  email: 'owner@tidewater.test',
  password: 'honed-on-whetstones-9',
  name: 'Maya Hart',
};

/** Chromium resolves the shop's name (and any name under it) to this machine. */
export const TIDEWATER_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    ...CHROMIUM_ARGS,
    `--host-resolver-rules=MAP ${SHOP.domain} 127.0.0.1, MAP *.${SHOP.domain} 127.0.0.1`,
  ],
};

/** Where the screenshots a person looks at go: outside the repository. */
export const SHOTS_DIR = '/tmp/shots-38';

/** A production server of the spec's own, on its own port and data dir. */
export interface ShopServer {
  port: string;
  /** The origin the browser uses: `http://tidewater.test:PORT`. */
  origin: string;
  /** The origin the shop's links carry (STOREFRONT_URL): `https://tidewater.test:PORT`. */
  publicOrigin: string;
  /** The server's loopback origin: `http://127.0.0.1:PORT`. */
  loopback: string;
  /** The folder the server writes its e-mails to (OUTBOX_DIR). */
  outbox: string;
  /** The environment both the server and `npm run shop:create` run with. */
  env: NodeJS.ProcessEnv;
  /** Everything the server has logged so far (pino's JSON lines, stdout and stderr). */
  log(): string;
  /** Stops the server and deletes its data dir. */
  stop(): Promise<void>;
}

/**
 * What the HTTPS proxy in front of the shop does when its owner first opens it at
 * https://tidewater.test/: a request at the shop's domain, from loopback (TRUST_PROXY's
 * default), saying `X-Forwarded-Proto: https`. The server records that the domain answers over
 * HTTPS (the launch checklist's last item). Resolves with the answer's status.
 */
export function visitThroughHttpsProxy(server: ShopServer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: Number(server.port),
        path: '/',
        headers: {
          host: `${SHOP.domain}:${server.port}`,
          'x-forwarded-proto': 'https',
          accept: 'text/html',
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

/** The environment of the spec's processes: this one's, without what would point them elsewhere. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // An inherited DATABASE_URL would point the server at someone's PostgreSQL; a NODE_OPTIONS
  // Playwright's runner set, at its loaders; TENANT_TOKEN, at another default shop.
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  delete env.TENANT_TOKEN;
  delete env.PAYMENT_SANDBOX;
  return env;
}

/**
 * Starts `node dist/api/main.mjs` (what `npm start` runs once built) as a production shop on an
 * empty database in a fresh temp dir, on `port`; resolves once it listens.
 * @throws Error with the server's log when it exits or does not listen within 60 s.
 */
export async function startShopServer(port: string): Promise<ShopServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'open-a-shop-e2e-'));
  const outbox = path.join(dir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const publicOrigin = `https://${SHOP.domain}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    PORT: port,
    STOREFRONT_URL: publicOrigin,
    SQLITE_PATH: path.join(dir, 'shop.sqlite'),
    MEDIA_DIR: path.join(dir, 'media'),
    OUTBOX_DIR: outbox,
    SERVE_SPA: '1',
    // As playwright.config.ts's servers: cheaper hashes, roomy per-address limits (every login
    // of the run comes from 127.0.0.1).
    PASSWORD_HASH_COST: '12',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
    REGISTER_MAX_PER_ADDRESS: '1000',
    CONTACT_MAX_PER_ADDRESS: '1000',
    PASSWORD_RESET_MAX_PER_ADDRESS: '1000',
    PAGE_RENDERS_IN_FLIGHT: '4',
  };
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/api/main.mjs'], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A worker that dies without its afterAll leaves no server behind.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  void exited.then(() => process.off('exit', orphanGuard));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not listen within 60 s:\n${log}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('"msg":"Server listening at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${log}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening;
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    origin: `http://${SHOP.domain}:${port}`,
    publicOrigin,
    loopback: `http://127.0.0.1:${port}`,
    outbox,
    env,
    log: () => log,
    stop,
  };
}

/**
 * Runs `npm run shop:create -- --name "Tidewater Knives" --domain tidewater.test --currency GBP
 * --country GB --owner-email owner@tidewater.test` on the server's database, the owner's password
 * piped to its standard input, as docs/operating.md gives it. Answers what it printed.
 * @throws Error with its output when it exits other than 0.
 */
export async function shopCreate(server: ShopServer): Promise<string> {
  const child = spawn(
    'npm',
    [
      'run',
      '--silent',
      'shop:create',
      '--',
      '--name',
      SHOP.name,
      '--domain',
      SHOP.domain,
      '--currency',
      SHOP.currency,
      '--country',
      SHOP.country,
      '--owner-email',
      TIDEWATER_OWNER.email,
    ],
    { cwd: process.cwd(), env: server.env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stdin.end(`${TIDEWATER_OWNER.password}\n`);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run shop:create exited ${code}:\n${out}`);
  return out;
}

/** The words the server logs its set-up code with (server/http/admin/first-run.ts). */
const CODE_LINE =
  /No shop yet: open \/admin\/ and enter this set-up code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/;

/**
 * The set-up code the server logged at start (warn level), from its JSON log lines.
 * @throws Error when it logged none.
 */
export function setupCodeOf(server: ShopServer): string {
  for (const line of server.log().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { level?: number; msg?: string };
    const match = entry.msg ? CODE_LINE.exec(entry.msg) : null;
    if (match && entry.level === 40) return match[1]!;
  }
  throw new Error(`the server logged no set-up code:\n${server.log()}`);
}

/**
 * Saves the viewport as `/tmp/shots-38/<project>-<flow>-<name>.png` for a person to look at
 * (not in the repository); nothing when E2E_SCREENSHOTS=0, as the fixtures' `shot`.
 */
export async function shotOutside(
  page: Page,
  info: TestInfo,
  flow: string,
  name: string,
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${info.project.name}-${flow}-${name}.png`) });
}
