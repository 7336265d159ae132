/**
 * For the tests of the command-line scripts that work on the API's database (shop:create,
 * staff:create): a scratch SQLite file migrated to the latest schema for the file's tests, and
 * a run of the script against it with standard input piped in, as a maker would pipe a password.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DbHandle } from '../../server/platform/db/connection.ts';
import { migrateToLatest } from '../../server/platform/db/migrations.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** What a run printed and how it ended. */
export interface ScriptRun {
  code: number | null;
  out: string;
  err: string;
}

/**
 * A scratch database for the calling file (made in `beforeAll`, deleted in `afterAll`) and
 * `run(args, stdin)`, which runs `scripts/<name>` on it with the cheapest password hash cost.
 * Read `handle` inside tests and hooks only.
 */
export function useScriptOnScratchDatabase(name: string) {
  let dir = '';
  let sqlitePath = '';
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), `${name.replace(/\W/g, '-')}-`));
    sqlitePath = path.join(dir, 'shop.sqlite');
    handle = openDatabase({ databaseUrl: null, sqlitePath });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get handle(): DbHandle {
      if (!handle) throw new Error('the scratch database is made in beforeAll');
      return handle;
    },
    /**
     * Runs the script with `args`, `stdin` piped in (Node with tsx's loader, one process), and
     * `extraEnv` beside the scratch database's settings.
     */
    run(args: string[], stdin: string, extraEnv: NodeJS.ProcessEnv = {}): ScriptRun {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...extraEnv,
        SQLITE_PATH: sqlitePath,
        PASSWORD_HASH_COST: '10',
      };
      delete env.DATABASE_URL;
      delete env.TEST_DATABASE_URL;
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts', name), ...args],
        { cwd: root, env, input: stdin, encoding: 'utf8' },
      );
      return { code: result.status, out: result.stdout, err: result.stderr };
    },
  };
}
