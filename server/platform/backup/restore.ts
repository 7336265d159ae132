/**
 * Restoring a shop's backup archive (issue 39, decision 080), made by ./archive.ts, into a new
 * deployment: `npm run restore -- FILE` (scripts/restore.ts).
 *
 * A restore writes only where nothing is: into a data folder without a database (SQLITE_PATH,
 * its key files, an empty MEDIA_DIR) or into a PostgreSQL database without tables. Before it
 * writes anything it reads the whole archive once and refuses, with a {@link RestoreRefusal}
 * in one line:
 *
 * - an archive whose files do not match its manifest's checksums (damaged or altered), that is
 *   not a shop backup, or whose manifest this release cannot read;
 * - a schema with a migration this release does not know (an archive of a newer release: its
 *   tables would not be what this code reads);
 * - an archive of the other database kind than the target's (SQLite into PostgreSQL);
 * - a target that holds data: a database file, a key file, a media file, a table.
 *
 * Then the files are unpacked into a hidden staging folder beside the target, checked again,
 * and moved into place without replacing anything (a link or an exclusive copy, never a rename
 * over a file); a PostgreSQL dump goes in with `pg_restore --single-transaction`, so a failed
 * restore leaves the database empty. On a failure, the files placed so far are removed.
 */
import { createHash } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import * as tar from 'tar';
import { jwtSecretPath, paymentSecretsKeyPath } from '../../config/config.ts';
import type { MediaS3Config } from '../../config/media-config.ts';
import { migrations as knownMigrations } from '../db/migrations.ts';
import { runPostgresTool } from './postgres-tools.ts';
import {
  COUNTED_TABLES,
  countRows,
  hashFile,
  isArchivePath,
  KEY_FILES,
  type KeyName,
  type Manifest,
  ManifestError,
  MEDIA_FOLDER,
  parseManifest,
  type RowCounts,
} from './manifest.ts';

/** Where to restore to: the settings of the deployment that will run on it (`loadConfig`). */
export interface RestoreTarget {
  /** PostgreSQL's connection string (an empty database), or null for the SQLite file. */
  databaseUrl: string | null;
  sqlitePath: string;
  mediaDir: string;
  mediaS3: MediaS3Config | null;
  /** JWT_SECRET, when the new deployment gives it by the environment. */
  jwtSecret: string | null;
  /** PAYMENT_SECRETS_KEY, when the new deployment gives it by the environment. */
  paymentSecretsKey: Uint8Array | null;
}

/** What happened to one key. */
export interface RestoredKey {
  /** The key file written, or null when the archive holds none. */
  file: string | null;
  /** Where the key came from when the archive was made, in the manifest's words. */
  source: 'file' | 'environment' | 'none';
}

/** What a restore did. */
export interface RestoreReport {
  manifest: Manifest;
  /** The database restored: the SQLite file, or the PostgreSQL database's name. */
  database: string;
  /** Rows of the main tables in the restored database. */
  counts: RowCounts;
  /** Media files written into MEDIA_DIR. */
  mediaFiles: number;
  keys: Record<KeyName, RestoredKey>;
  /** Migrations of this release the archive's schema lacks: the server runs them at its start. */
  pendingMigrations: string[];
  /** What the operator must see (a key to set by hand, counts that differ), one line each. */
  warnings: string[];
}

/** A restore refused before anything was written (or undone), in one line. */
export class RestoreRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusal';
  }
}

/** The longest manifest read (bytes): a manifest lists files, it is never near this. */
const MANIFEST_LIMIT = 64 * 1024 * 1024;

/**
 * Reads the whole archive `file` once, writing nothing, and checks every file against its
 * manifest (present, same size and SHA-256, nothing unlisted).
 * @returns the manifest.
 * @throws RestoreRefusal when the file is missing, not a readable tar.gz, not a shop backup, or
 *   any file differs from its manifest.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new RestoreRefusal(`${file}: no such archive.`);
  const found = new Map<string, { sha256: string; bytes: number }>();
  let manifestText: string | null = null;
  let problem: string | null = null;
  const pending: Promise<void>[] = [];
  try {
    await tar.list({
      file,
      strict: true,
      // A database of mostly empty pages packs small; the manifest's sizes bound what is read.
      maxDecompressionRatio: Infinity,
      onReadEntry: (entry) => {
        const path = entry.path.replace(/\/+$/, '');
        if (!isArchivePath(path)) {
          problem ??= `it holds an entry with an unsafe name (${JSON.stringify(entry.path)})`;
          return;
        }
        if (entry.type === 'Directory') return;
        if (entry.type !== 'File' && entry.type !== 'OldFile') {
          problem ??= `it holds ${path}, which is not a plain file`;
          return;
        }
        if (found.has(path) || (path === 'manifest.json' && manifestText !== null)) {
          problem ??= `it holds ${path} twice`;
          return;
        }
        if (path === 'manifest.json') {
          const chunks: Buffer[] = [];
          let size = 0;
          entry.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MANIFEST_LIMIT) chunks.push(chunk);
          });
          pending.push(
            new Promise((resolve) =>
              entry.on('end', () => {
                if (size > MANIFEST_LIMIT) problem ??= 'its manifest is too large';
                else manifestText = Buffer.concat(chunks).toString('utf8');
                resolve();
              }),
            ),
          );
          return;
        }
        const hash = createHash('sha256');
        let bytes = 0;
        entry.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
        });
        pending.push(
          new Promise((resolve) =>
            entry.on('end', () => {
              found.set(path, { sha256: hash.digest('hex'), bytes });
              resolve();
            }),
          ),
        );
      },
    });
    await Promise.all(pending);
  } catch (error) {
    throw new RestoreRefusal(
      `${file} is damaged (${(error as Error).message.split('\n')[0]}): nothing was restored.`,
    );
  }
  if (problem)
    throw new RestoreRefusal(`${file} is not a backup this release restores: ${problem}.`);
  if (manifestText === null) {
    throw new RestoreRefusal(`${file} has no manifest.json: it is not a shop backup.`);
  }
  let manifest: Manifest;
  try {
    manifest = parseManifest(manifestText);
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    throw new RestoreRefusal(`${file} cannot be restored: ${error.message}.`);
  }
  for (const listed of manifest.files) {
    const actual = found.get(listed.path);
    if (!actual) {
      throw new RestoreRefusal(
        `${file} is damaged: ${listed.path} is missing from it; nothing was restored.`,
      );
    }
    if (actual.sha256 !== listed.sha256 || actual.bytes !== listed.bytes) {
      throw new RestoreRefusal(
        `${file} is damaged: ${listed.path} does not match its checksum; nothing was restored.`,
      );
    }
  }
  const listed = new Set(manifest.files.map((entry) => entry.path));
  const extra = [...found.keys()].find((path) => !listed.has(path));
  if (extra) {
    throw new RestoreRefusal(
      `${file} holds ${extra}, which its manifest does not list; nothing was restored.`,
    );
  }
  return manifest;
}

/**
 * The migrations of the archive this release does not know: a newer release's.
 */
export function unknownMigrations(manifest: Manifest): string[] {
  const known = new Set(Object.keys(knownMigrations('sqlite')));
  return manifest.schema.migrations.filter((name) => !known.has(name));
}

/** Whether a folder holds any file, however deep (false when it does not exist). */
async function holdsFiles(folder: string): Promise<boolean> {
  if (!existsSync(folder)) return false;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.some((entry) => !entry.isDirectory());
}

/** The name of the database a connection string names, for messages (never its password). */
function databaseName(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)'} on ${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

/** Opens a pg client on `databaseUrl` (pg loaded only here: a SQLite restore never loads it). */
async function connectPostgres(databaseUrl: string): Promise<pg.Client> {
  const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new RestoreRefusal(
      `The database of DATABASE_URL (${databaseName(databaseUrl)}) cannot be reached: ${(error as Error).message}. Create an empty database first (createdb).`,
    );
  }
  return client;
}

/** Tables (and partitioned tables) outside PostgreSQL's own schemas. */
const USER_TABLES = `select count(*) as n from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%'`;

/**
 * Everything that must hold before a byte is written (see the module comment).
 * @throws RestoreRefusal naming the first that does not.
 */
async function checkTarget(file: string, manifest: Manifest, target: RestoreTarget): Promise<void> {
  const newer = unknownMigrations(manifest);
  if (newer.length > 0) {
    throw new RestoreRefusal(
      `${file} was made by a newer release (${manifest.app.version}): its schema has migrations this release does not know (${newer.join(', ')}). Restore it with that release or a later one.`,
    );
  }
  const kind = target.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.kind !== kind) {
    throw new RestoreRefusal(
      manifest.database.kind === 'sqlite'
        ? `${file} holds a SQLite database, and DATABASE_URL names PostgreSQL: unset DATABASE_URL to restore it into SQLITE_PATH.`
        : `${file} holds a PostgreSQL dump: set DATABASE_URL to an empty PostgreSQL database to restore it.`,
    );
  }
  if (target.databaseUrl) {
    const client = await connectPostgres(target.databaseUrl);
    try {
      const tables = Number((await client.query<{ n: string }>(USER_TABLES)).rows[0]!.n);
      if (tables > 0) {
        throw new RestoreRefusal(
          `The database of DATABASE_URL (${databaseName(target.databaseUrl)}) already has ${tables} tables: a restore goes only into an empty database, it never overwrites one.`,
        );
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  } else {
    if (target.sqlitePath === ':memory:') {
      throw new RestoreRefusal('SQLITE_PATH is :memory:: a restore needs a file to write.');
    }
    for (const path of [target.sqlitePath, `${target.sqlitePath}-wal`]) {
      if (existsSync(path)) {
        throw new RestoreRefusal(
          `${path} already exists: a restore goes only into an empty data folder, it never overwrites a database. Move it away or set SQLITE_PATH to a new place.`,
        );
      }
    }
  }
  for (const name of Object.keys(KEY_FILES) as KeyName[]) {
    const path = keyPath(name, target);
    if (manifest.keys[name].source === 'file' && existsSync(path)) {
      throw new RestoreRefusal(
        `${path} already exists: a restore never replaces a key. Move it away (the data folder must be empty).`,
      );
    }
  }
  const media = manifest.media;
  if (media.store === 'disk' && media.files > 0) {
    if (target.mediaS3) {
      throw new RestoreRefusal(
        `${file} holds ${media.files} media files from a media folder, and MEDIA_S3_URL names a bucket: restore with MEDIA_S3_URL unset, then copy MEDIA_DIR into the bucket.`,
      );
    }
    if (await holdsFiles(target.mediaDir)) {
      throw new RestoreRefusal(
        `${target.mediaDir} (MEDIA_DIR) already holds files: a restore never mixes media with another shop's. Move them away.`,
      );
    }
  }
}

/** Where key `name` goes for `target` (the paths the server reads, server/config/). */
function keyPath(name: KeyName, target: RestoreTarget): string {
  return name === 'jwtSecret' ? jwtSecretPath(target) : paymentSecretsKeyPath(target);
}

/**
 * Puts the staged file `from` at `to`, never replacing a file: a hard link, or an exclusive copy
 * across file systems.
 * @throws RestoreRefusal when `to` exists (it appeared since the checks).
 */
async function place(from: string, to: string, placed: string[]): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new RestoreRefusal(`${to} appeared meanwhile: nothing replaced.`);
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    try {
      await copyFile(from, to, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new RestoreRefusal(`${to} appeared meanwhile: nothing replaced.`);
      }
      throw copyError;
    }
  }
  placed.push(to);
}

/** Counts the main tables of the restored database. */
async function countRestored(target: RestoreTarget): Promise<RowCounts> {
  if (target.databaseUrl) {
    const client = await connectPostgres(target.databaseUrl);
    try {
      return await countRows(async (table) => {
        const { rows } = await client.query<{ t: string | null }>('select to_regclass($1) as t', [
          table,
        ]);
        if (rows[0]?.t == null) return null;
        return Number(
          (await client.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0]!.n,
        );
      });
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const db = new SqliteDatabase(target.sqlitePath, { fileMustExist: true });
  try {
    const tables = new Set(
      (
        db.prepare(`select name from sqlite_master where type = 'table'`).all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    return await countRows(async (table) =>
      tables.has(table)
        ? (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n
        : null,
    );
  } finally {
    db.close();
  }
}

/**
 * Restores the archive `file` into `target` (see the module comment).
 * @returns what was restored: the manifest, the restored database's counts, the media files
 *   and keys written, the migrations still to run, and warnings for the operator.
 * @throws RestoreRefusal for every refusal listed in the module comment, and when pg_restore
 *   fails (the database is left empty); other errors (a full disk) as they come. Whatever was
 *   placed before a failure is removed.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreReport> {
  const manifest = await verifyArchive(file);
  await checkTarget(file, manifest, target);

  const stagingParent = target.databaseUrl ? tmpdir() : dirname(target.sqlitePath);
  await mkdir(stagingParent, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(join(stagingParent, '.shop-restore-'));
  const placed: string[] = [];
  try {
    const listed = new Set(manifest.files.map((entry) => entry.path));
    await tar.extract({
      file,
      cwd: stage,
      strict: true,
      maxDecompressionRatio: Infinity,
      filter: (path) => listed.has(path.replace(/\/+$/, '')),
    });
    // Checked again as unpacked: the archive may have changed since it was read.
    for (const entry of manifest.files) {
      const staged = join(stage, entry.path);
      const actual = existsSync(staged) ? await hashFile(staged) : null;
      if (actual?.sha256 !== entry.sha256) {
        throw new RestoreRefusal(
          `${file} changed while it was restored (${entry.path}); nothing was restored.`,
        );
      }
    }

    const warnings: string[] = [];
    const keys = {} as Record<KeyName, RestoredKey>;
    for (const name of Object.keys(KEY_FILES) as KeyName[]) {
      const source = manifest.keys[name];
      const variable = name === 'jwtSecret' ? 'JWT_SECRET' : 'PAYMENT_SECRETS_KEY';
      const given = name === 'jwtSecret' ? target.jwtSecret : target.paymentSecretsKey;
      if (source.source === 'file') {
        const to = keyPath(name, target);
        await place(join(stage, source.file), to, placed);
        await chmod(to, 0o600);
        keys[name] = { file: to, source: 'file' };
        if (given !== null) {
          warnings.push(
            `${variable} is set here, so the server uses it and not the restored ${to}: it must be the key of the backed-up shop.`,
          );
        }
      } else {
        keys[name] = { file: null, source: source.source };
        if (source.source === 'environment' && given === null) {
          warnings.push(
            `The backed-up shop took ${variable} from its environment: set the same value here before starting the server.`,
          );
        }
      }
    }

    let mediaFiles = 0;
    for (const entry of manifest.files) {
      if (!entry.path.startsWith(`${MEDIA_FOLDER}/`)) continue;
      await place(
        join(stage, entry.path),
        join(target.mediaDir, entry.path.slice(MEDIA_FOLDER.length + 1)),
        placed,
      );
      mediaFiles += 1;
    }

    const databaseFile = join(stage, manifest.database.file);
    let database: string;
    if (target.databaseUrl) {
      try {
        await runPostgresTool('pg_restore', target.databaseUrl, [
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          databaseFile,
        ]);
      } catch (error) {
        throw new RestoreRefusal(`${(error as Error).message}; the database was left empty.`);
      }
      database = databaseName(target.databaseUrl);
    } else {
      await place(databaseFile, target.sqlitePath, placed);
      await chmod(target.sqlitePath, 0o600);
      database = target.sqlitePath;
    }

    const counts = await countRestored(target);
    for (const name of Object.keys(COUNTED_TABLES) as (keyof RowCounts)[]) {
      if (counts[name] !== manifest.counts[name]) {
        warnings.push(
          `The restored database has ${counts[name]} ${name}, the manifest says ${manifest.counts[name]}.`,
        );
      }
    }
    const archived = new Set(manifest.schema.migrations);
    const pendingMigrations = Object.keys(knownMigrations('sqlite')).filter(
      (name) => !archived.has(name),
    );
    return { manifest, database, counts, mediaFiles, keys, pendingMigrations, warnings };
  } catch (error) {
    for (const path of placed.reverse()) await rm(path, { force: true });
    throw error;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
