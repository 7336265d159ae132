/**
 * Making a shop's backup archive (issue 39, decision 080): one tar.gz holding everything a
 * deployment needs to come back (./manifest.ts describes the layout), made while the shop runs.
 * Used by `npm run backup` (scripts/backup.ts) and by the server's schedule (./schedule.ts).
 *
 * - **SQLite**: a connection of its own, in a worker thread, opens a read transaction on the file,
 *   which fixes a snapshot (WAL mode: the shop's writers go on, and never wait for it), reads the
 *   schema and the counts from it, and copies it with SQLite's online backup API
 *   (better-sqlite3's `backup`) in steps of `pagesPerStep` pages: the copy is the database as it
 *   was when the backup began. A copy whose source is written by another connection between steps
 *   starts again from the first page; inside the read transaction none is ever seen, so it never
 *   does. In a worker, nothing of the copy runs on the event loop of the process that asked (the
 *   shop's own, when the schedule runs it): not the steps, not the counts, not the copy's commit,
 *   which waits for the disk to hold the whole file (a quarter of a second for 400 MB).
 * - **PostgreSQL**: a REPEATABLE READ transaction exports its snapshot, reads the schema and the
 *   counts in it, and `pg_dump --format=custom --snapshot=...` dumps exactly that snapshot (only
 *   ACCESS SHARE locks: writers go on; a migration waits for the dump).
 * - **Media**: the media folder's files are hard-linked (copied across file systems) into a
 *   staging folder beside the archive before they are hashed and packed, so a file replaced or
 *   removed meanwhile is archived as it was; media kept in S3 are noted, not copied.
 * - **Keys**: the generated key files (jwtSecretPath, paymentSecretsKeyPath) are copied; a key
 *   given by the environment is noted as such, never written anywhere.
 *
 * The archive is written as a hidden partial file (mode 0600: it holds the keys) and renamed to
 * its name once complete, so a file with the archive's name is always a whole archive. An
 * existing file is never replaced.
 */
import { createWriteStream, existsSync } from 'node:fs';
import {
  chmod,
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { constants, createGzip } from 'node:zlib';
import type pg from 'pg';
import * as tar from 'tar';
import { jwtSecretPath, paymentSecretsKeyPath } from '../../config/config.ts';
import type { MediaS3Config } from '../../config/media-config.ts';
import { runPostgresTool } from './postgres-tools.ts';
import {
  ARCHIVE_KIND,
  appRelease,
  type ArchivedFile,
  COUNTED_TABLES,
  countRows,
  DATABASE_FILES,
  type DatabaseKind,
  hashFile,
  KEY_FILES,
  type KeyName,
  type KeySource,
  type Manifest,
  MANIFEST_FORMAT,
  MEDIA_FOLDER,
  PARTIAL_PREFIX,
  type RowCounts,
} from './manifest.ts';

/** The settings a backup reads (the server's configuration, `loadConfig`). */
export interface BackupSource {
  /** PostgreSQL's connection string, or null for the SQLite file. */
  databaseUrl: string | null;
  sqlitePath: string;
  /** The media folder (archived unless `mediaS3` is set). */
  mediaDir: string;
  mediaS3: MediaS3Config | null;
  /** JWT_SECRET, when given by the environment (then not archived). */
  jwtSecret: string | null;
  /** PAYMENT_SECRETS_KEY, when given by the environment (then not archived). */
  paymentSecretsKey: Uint8Array | null;
}

export interface MakeBackupOptions {
  /** The archive to write (a tar.gz); refused when a file of that name exists. */
  out: string;
  /**
   * SQLite pages (4 KiB each by default) the copy's worker thread copies per step (default 256):
   * between two steps it reads its messages. Tests take 1, so the copy spans many steps.
   */
  pagesPerStep?: number;
  /**
   * Called once the database's snapshot is fixed and its copy has begun (SQLite: after the first
   * step; PostgreSQL: before `pg_dump` starts); the copy waits for the promise. Tests place
   * orders here, so that they overlap the copy for certain.
   */
  duringCopy?: () => Promise<void>;
  /** The clock (default: the system's). */
  now?: () => Date;
}

/** What a finished backup made. */
export interface BackupResult {
  /** The archive's absolute path. */
  file: string;
  /** Its size (bytes). */
  bytes: number;
  /** How long the backup took (seconds). */
  seconds: number;
  manifest: Manifest;
}

/** A backup that cannot be made, in one line for the operator (no stack needed). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The schema and counts read in the database's snapshot, and when it was taken. */
interface Snapshot {
  takenAt: Date;
  migrations: string[];
  counts: RowCounts;
}

const DEFAULT_PAGES_PER_STEP = 256;

/** How much of a file the archiver reads at a time (bytes). */
const READ_PIECE = 256 * 1024;

/**
 * Makes the archive `options.out` of the shop described by `source` (see the module comment).
 * @returns where it is, its size, how long it took and its manifest.
 * @throws BackupError when the archive exists already, there is no database to back up, or
 *   pg_dump fails; other errors (a full disk) as they come. Nothing is left behind on failure.
 */
export async function makeBackup(
  source: BackupSource,
  options: MakeBackupOptions,
): Promise<BackupResult> {
  const started = performance.now();
  const now = options.now ?? (() => new Date());
  const out = resolve(options.out);
  if (existsSync(out)) {
    throw new BackupError(`${out} already exists: a backup never replaces a file.`);
  }
  const outDir = dirname(out);
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(join(outDir, PARTIAL_PREFIX));
  const partial = join(outDir, `${basename(stage)}.partial`);
  try {
    const kind: DatabaseKind = source.databaseUrl ? 'postgres' : 'sqlite';
    await mkdir(join(stage, 'database'), { mode: 0o700 });
    const databaseFile = join(stage, DATABASE_FILES[kind]);
    const snapshot = source.databaseUrl
      ? await dumpPostgres(source.databaseUrl, databaseFile, now, options.duringCopy)
      : await copySqlite(
          source.sqlitePath,
          databaseFile,
          now,
          options.pagesPerStep ?? DEFAULT_PAGES_PER_STEP,
          options.duringCopy,
        );
    const files: ArchivedFile[] = [await archived(stage, DATABASE_FILES[kind])];

    const keys = {
      jwtSecret: await stageKey(
        stage,
        'jwtSecret',
        source.jwtSecret !== null,
        jwtSecretPath(source),
      ),
      paymentSecretsKey: await stageKey(
        stage,
        'paymentSecretsKey',
        source.paymentSecretsKey !== null,
        paymentSecretsKeyPath(source),
      ),
    } satisfies Record<KeyName, KeySource>;
    for (const key of Object.values(keys)) {
      if (key.source === 'file') files.push(await archived(stage, key.file));
    }

    let media: Manifest['media'];
    if (source.mediaS3) {
      const location = `s3://${source.mediaS3.bucket}/${source.mediaS3.prefix}`;
      media = {
        store: 's3',
        location,
        note: `The media live in ${location} (MEDIA_S3_URL) and are not in the archive: back the bucket up with its own tools (versioning, replication).`,
      };
    } else {
      const staged = await stageMedia(source.mediaDir, join(stage, MEDIA_FOLDER));
      for (const path of staged) files.push(await archived(stage, path));
      media = { store: 'disk', files: staged.length, folder: source.mediaDir };
    }

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      kind: ARCHIVE_KIND,
      createdAt: snapshot.takenAt.toISOString(),
      app: appRelease(),
      database: { kind, file: DATABASE_FILES[kind] },
      schema: { migrations: snapshot.migrations },
      counts: snapshot.counts,
      media,
      keys,
      files,
    };
    await writeFile(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });

    const entries = ['manifest.json', 'database'];
    if (files.some((file) => file.path.startsWith('keys/'))) entries.push('keys');
    if (media.store === 'disk' && media.files > 0) entries.push(MEDIA_FOLDER);
    await pipeline(
      tar.create(
        {
          cwd: stage,
          portable: true,
          // Two staged names of one file (hard links in the media folder) are archived as two
          // files, not as a link, so every entry carries its bytes.
          linkCache: new NoLinks(),
          // Read in small pieces: a piece is handed on in one turn of the event loop.
          maxReadSize: READ_PIECE,
        },
        entries,
      ),
      // Compressed by Node's zlib, which works in libuv's thread pool, not by tar's own gzip
      // (minizlib), which compresses on the event loop: half a second at a time on a large
      // database, which would hold up every request of the server's process. At the fastest
      // level: a third of the default's time (3.4 s against 9.2 s for a 420 MB database) for an
      // archive 12 % larger, so a backup takes a core away from the shop for less long.
      createGzip({ level: constants.Z_BEST_SPEED }),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    if (existsSync(out)) {
      throw new BackupError(
        `${out} appeared while the backup ran: a backup never replaces a file.`,
      );
    }
    await rename(partial, out);
    const { size } = await stat(out);
    return { file: out, bytes: size, seconds: (performance.now() - started) / 1000, manifest };
  } finally {
    await rm(stage, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** A link cache that remembers nothing: tar then archives every name with its bytes. */
class NoLinks extends Map<`${number}:${number}`, string> {
  override set(): this {
    return this;
  }
}

/** The manifest's entry of a staged file (`path` relative to the stage, `/`-separated). */
async function archived(stage: string, path: string): Promise<ArchivedFile> {
  return { path, ...(await hashFile(join(stage, path))) };
}

/**
 * Copies one key file into the stage, or says where the key comes from instead.
 * @param fromEnvironment the key is given by its variable (then the file is not archived).
 */
async function stageKey(
  stage: string,
  name: KeyName,
  fromEnvironment: boolean,
  path: string,
): Promise<KeySource> {
  const variable = name === 'jwtSecret' ? 'JWT_SECRET' : 'PAYMENT_SECRETS_KEY';
  if (fromEnvironment) {
    return {
      source: 'environment',
      variable,
      note: `from the environment (${variable}), not in the archive: keep it with the archive, apart from it`,
    };
  }
  if (!existsSync(path)) {
    return {
      source: 'none',
      note: `no ${variable} and no key file at ${path}: the server makes one at its next start`,
    };
  }
  const target = join(stage, KEY_FILES[name]);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  await copyFile(path, target);
  await chmod(target, 0o600);
  return { source: 'file', file: KEY_FILES[name] };
}

/** A media store's file being written (server/platform/media-store.ts: `<name>.<pid>.<random>.tmp`). */
const MEDIA_TEMP = /\.\d+\.[a-z0-9]+\.tmp$/;

/**
 * Hard-links (or, across file systems, copies) every regular file under `mediaDir` to the same
 * place under `target`, skipping a store's files being written and anything removed meanwhile.
 * @returns the staged files' paths in the archive (`media/...`), sorted.
 */
async function stageMedia(mediaDir: string, target: string): Promise<string[]> {
  if (!existsSync(mediaDir)) return [];
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true });
  const staged: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || MEDIA_TEMP.test(entry.name)) continue;
    const from = join(entry.parentPath, entry.name);
    const inside = relative(mediaDir, from).split(sep).join('/');
    const to = join(target, inside);
    await mkdir(dirname(to), { recursive: true });
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
      try {
        await copyFile(from, to);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw copyError;
      }
    }
    staged.push(`${MEDIA_FOLDER}/${inside}`);
  }
  return staged.sort();
}

/** The migration names in kysely's table, in order (empty for a database never migrated). */
function migrationsOf(rows: { name: string }[]): string[] {
  return rows.map((row) => row.name).sort();
}

/**
 * The SQLite copy's worker thread, as plain JavaScript run with `eval` (the same text from source
 * and from the bundle, so the build needs no entry of its own). It opens the file, fixes the
 * snapshot (`begin`, then the first read), reads the migrations and counts, and copies with the
 * online backup API `pagesPerStep` pages a step. With `pauseInCopy` it posts `copying` once the
 * copy is under way (or done, for a file too small for two steps) and waits for `resume`. It
 * posts `done` with what it read, or `failed` with the error's message.
 */
const COPY_WORKER = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { sqlitePath, dest, pagesPerStep, pauseInCopy, tables } = workerData;
let paused = false;
let asked = false;
parentPort.on('message', (message) => {
  if (message === 'resume') paused = false;
});
const pause = () => {
  asked = true;
  paused = true;
  parentPort.postMessage({ type: 'copying' });
};
(async () => {
  const source = new Database(sqlitePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.exec('begin');
    const names = new Set(
      source.prepare("select name from sqlite_master where type = 'table'").all().map((row) => row.name),
    );
    const migrations = names.has('kysely_migration')
      ? source.prepare('select name from kysely_migration order by name').all().map((row) => row.name)
      : [];
    const counts = {};
    for (const [name, table] of Object.entries(tables)) {
      counts[name] = names.has(table)
        ? source.prepare('select count(*) as n from "' + table + '"').get().n
        : null;
    }
    let steps = 0;
    await source.backup(dest, {
      progress: () => {
        steps += 1;
        if (pauseInCopy && !asked && steps >= 2) pause();
        return paused ? 0 : pagesPerStep;
      },
    });
    if (pauseInCopy && !asked) pause();
    while (paused) await new Promise((resolve) => setTimeout(resolve, 1));
    source.exec('commit');
    parentPort.postMessage({ type: 'done', migrations, counts });
  } finally {
    source.close();
  }
})().then(
  () => parentPort.close(),
  (error) => {
    parentPort.postMessage({ type: 'failed', message: String((error && error.message) || error) });
    parentPort.close();
  },
);
`;

/** What the copy's worker posts. */
type CopyMessage =
  | { type: 'copying' }
  | { type: 'done'; migrations: string[]; counts: RowCounts }
  | { type: 'failed'; message: string };

/**
 * Copies the SQLite file at `sqlitePath` to `dest` from a snapshot (see the module comment), in a
 * worker thread: the copy's steps, the read of the counts and the commit of the copy (which waits
 * for the disk) never hold up the event loop of the process that asked, the shop's own when the
 * schedule runs it.
 * @throws BackupError when there is no database file or the copy fails.
 */
async function copySqlite(
  sqlitePath: string,
  dest: string,
  now: () => Date,
  pagesPerStep: number,
  duringCopy: (() => Promise<void>) | undefined,
): Promise<Snapshot> {
  if (sqlitePath === ':memory:' || !existsSync(sqlitePath)) {
    throw new BackupError(
      `There is no database at ${sqlitePath} (SQLITE_PATH): nothing to back up.`,
    );
  }
  // Taken before the snapshot is: whatever was committed before this moment is in the copy.
  const takenAt = now();
  const worker = new Worker(COPY_WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      sqlitePath: resolve(sqlitePath),
      dest,
      pagesPerStep,
      pauseInCopy: duringCopy !== undefined,
      tables: COUNTED_TABLES,
    },
  });
  try {
    const read = await new Promise<{ migrations: string[]; counts: RowCounts }>(
      (resolveCopy, reject) => {
        worker.on('message', (message: CopyMessage) => {
          if (message.type === 'copying') {
            duringCopy!().then(() => worker.postMessage('resume'), reject);
          } else if (message.type === 'done') {
            resolveCopy(message);
          } else {
            reject(new BackupError(`The copy of ${sqlitePath} failed: ${message.message}`));
          }
        });
        worker.on('error', reject);
        worker.on('exit', (code) =>
          reject(new BackupError(`The copy of ${sqlitePath} stopped (exit code ${code}).`)),
        );
      },
    );
    await chmod(dest, 0o600);
    return { takenAt, migrations: read.migrations, counts: read.counts };
  } finally {
    await worker.terminate();
  }
}

/**
 * Dumps the PostgreSQL database at `databaseUrl` to `dest` from an exported snapshot (see the
 * module comment).
 * @throws BackupError when the database cannot be reached or pg_dump fails.
 */
async function dumpPostgres(
  databaseUrl: string,
  dest: string,
  now: () => Date,
  duringCopy: (() => Promise<void>) | undefined,
): Promise<Snapshot> {
  // Loaded only here, as server/platform/db/connection.ts does: a SQLite shop never loads pg.
  const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `PostgreSQL (DATABASE_URL) cannot be reached: ${(error as Error).message}`,
    );
  }
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const takenAt = now();
    const exists = async (table: string) =>
      (await client.query<{ t: string | null }>('select to_regclass($1) as t', [table])).rows[0]
        ?.t != null;
    const migrations = (await exists('kysely_migration'))
      ? migrationsOf(
          (await client.query<{ name: string }>('select name from kysely_migration')).rows,
        )
      : [];
    const counts = await countRows(async (table) =>
      (await exists(table))
        ? Number(
            (await client.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0]!.n,
          )
        : null,
    );
    await duringCopy?.();
    try {
      await runPostgresTool('pg_dump', databaseUrl, [
        '--format=custom',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${dest}`,
      ]);
    } catch (error) {
      throw new BackupError((error as Error).message);
    }
    await client.query('commit');
    await chmod(dest, 0o600);
    return { takenAt, migrations, counts };
  } finally {
    await client.end().catch(() => undefined);
  }
}
