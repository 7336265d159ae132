/**
 * The manifest of a shop's backup archive (issue 39, decision 080): `manifest.json`, the first
 * entry of every archive ./archive.ts makes and the first thing ./restore.ts reads. It says what
 * the archive holds and what it does not (media kept in S3, keys given by the environment), which
 * release made it and with which schema, how many rows of the main tables it holds, and the
 * SHA-256 of every other file in it. It never holds a key's value: a key file is listed with its
 * checksum like any other file.
 *
 * The archive's layout, which both sides share:
 *
 * - `manifest.json`;
 * - `database/shop.sqlite` (SQLite's online backup of the file) or `database/shop.pgdump`
 *   (`pg_dump --format=custom`);
 * - `keys/jwt-secret`, `keys/payment-secrets-key`: the generated key files, when the server uses
 *   them (a key given by JWT_SECRET or PAYMENT_SECRETS_KEY is noted, not archived);
 * - `media/...`: the media folder's files, when the media are on disk.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The manifest's format; ./restore.ts refuses any other. */
export const MANIFEST_FORMAT = 1;

/** What every manifest says it is, so another tool's tar.gz is told apart. */
export const ARCHIVE_KIND = 'handcraft-shop-backup';

/** Where the database lies in the archive, by kind. */
export const DATABASE_FILES = {
  sqlite: 'database/shop.sqlite',
  postgres: 'database/shop.pgdump',
} as const;

/** Where the key files lie in the archive, by the key's name in the manifest. */
export const KEY_FILES = {
  jwtSecret: 'keys/jwt-secret',
  paymentSecretsKey: 'keys/payment-secrets-key',
} as const;

/** The folder of the media files in the archive. */
export const MEDIA_FOLDER = 'media';

/**
 * How a backup's partial archive and staging folder beside the archive start: hidden, and
 * pruned by ./schedule.ts when a crash left them.
 */
export const PARTIAL_PREFIX = '.shop-backup-';

export type DatabaseKind = keyof typeof DATABASE_FILES;
export type KeyName = keyof typeof KEY_FILES;

/** One file of the archive: its path in it, its size (bytes) and its SHA-256 (hex). */
export interface ArchivedFile {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * Where a key came from when the archive was made: a file the archive holds, the environment
 * (the operator keeps it; the archive does not), or nowhere yet (never generated: the server
 * makes it at its first start).
 */
export type KeySource =
  | { source: 'file'; file: string }
  | { source: 'environment'; variable: string; note: string }
  | { source: 'none'; note: string };

/** Row counts of the main tables at the moment the database was copied (null: no such table). */
export interface RowCounts {
  tenants: number | null;
  products: number | null;
  orders: number | null;
  customers: number | null;
  staff: number | null;
}

/** The whole manifest (see the module comment). */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  kind: typeof ARCHIVE_KIND;
  /** When the database's copy was taken (ISO 8601, UTC). */
  createdAt: string;
  /** The release that made the archive (package.json's name and version). */
  app: { name: string; version: string };
  database: { kind: DatabaseKind; file: string };
  /** The migrations the database had run, in order (kysely's migration table). */
  schema: { migrations: string[] };
  counts: RowCounts;
  media:
    | { store: 'disk'; files: number; folder: string }
    | { store: 's3'; location: string; note: string };
  keys: Record<KeyName, KeySource>;
  /** Every file of the archive but the manifest itself. */
  files: ArchivedFile[];
}

/** The SHA-256 (hex) and size (bytes) of a file, read as a stream. */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

let release: { name: string; version: string } | undefined;

/**
 * The release this code is (package.json's name and version), found from this module's place
 * whether it runs as server/platform/backup/manifest.ts or bundled into dist/api/main.mjs;
 * `unknown` when no package.json is found beside it.
 */
export function appRelease(): { name: string; version: string } {
  if (release) return release;
  const candidates = ['../../../package.json', '../../package.json'].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const parsed = JSON.parse(readFileSync(candidate, 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    if (typeof parsed.name === 'string' && typeof parsed.version === 'string') {
      release = { name: parsed.name, version: parsed.version };
      return release;
    }
  }
  release = { name: 'unknown', version: 'unknown' };
  return release;
}

/**
 * The SQL counting the main tables' rows, by the name the manifest gives them: customers are the
 * shoppers' accounts (`users`), staff the back office's members.
 */
export const COUNTED_TABLES: Record<keyof RowCounts, string> = {
  tenants: 'tenants',
  products: 'products',
  orders: 'orders',
  customers: 'users',
  staff: 'staff',
};

/**
 * Counts the main tables through `count` (which runs `select count(*) ...` on the copy's
 * snapshot and returns the number); a table that does not exist counts null.
 */
export async function countRows(
  count: (table: string) => Promise<number | null>,
): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const [name, table] of Object.entries(COUNTED_TABLES) as [keyof RowCounts, string][]) {
    counts[name] = await count(table);
  }
  return counts;
}

/** A path inside the archive: relative, `/`-separated, without `.`, `..` or empty segments. */
export function isArchivePath(path: string): boolean {
  if (path.length === 0 || path.length > 1000 || path.startsWith('/')) return false;
  if (/[\\\0]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Thrown by {@link parseManifest}: what is wrong with the manifest, in one line. */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads `text` as a manifest, checking what a restore relies on: the kind and format, the
 * database's kind and file, the schema's migration names, the key sources and every file's path,
 * size and checksum.
 * @throws ManifestError naming the first problem.
 */
export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ManifestError('manifest.json is not JSON');
  }
  if (!isRecord(value) || value.kind !== ARCHIVE_KIND) {
    throw new ManifestError('manifest.json is not the manifest of a shop backup');
  }
  if (value.format !== MANIFEST_FORMAT) {
    throw new ManifestError(
      `the archive's format is ${JSON.stringify(value.format)}, this release reads format ${MANIFEST_FORMAT} only`,
    );
  }
  const database = value.database;
  if (
    !isRecord(database) ||
    (database.kind !== 'sqlite' && database.kind !== 'postgres') ||
    database.file !== DATABASE_FILES[database.kind]
  ) {
    throw new ManifestError('manifest.json names no database this release knows');
  }
  const schema = value.schema;
  if (
    !isRecord(schema) ||
    !Array.isArray(schema.migrations) ||
    !schema.migrations.every((name) => typeof name === 'string')
  ) {
    throw new ManifestError('manifest.json lists no schema');
  }
  if (!Array.isArray(value.files)) throw new ManifestError('manifest.json lists no files');
  const seen = new Set<string>();
  for (const file of value.files as unknown[]) {
    if (
      !isRecord(file) ||
      typeof file.path !== 'string' ||
      !isArchivePath(file.path) ||
      file.path === 'manifest.json' ||
      !Number.isSafeInteger(file.bytes) ||
      (file.bytes as number) < 0 ||
      typeof file.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(file.sha256)
    ) {
      throw new ManifestError('manifest.json lists a file without a valid path, size or checksum');
    }
    if (seen.has(file.path)) throw new ManifestError(`manifest.json lists ${file.path} twice`);
    seen.add(file.path);
  }
  if (!seen.has(DATABASE_FILES[database.kind]))
    throw new ManifestError('manifest.json lists no database file');
  const keys = value.keys;
  if (!isRecord(keys)) throw new ManifestError('manifest.json says nothing of the keys');
  for (const name of Object.keys(KEY_FILES) as KeyName[]) {
    const key = keys[name];
    if (!isRecord(key) || !['file', 'environment', 'none'].includes(String(key.source))) {
      throw new ManifestError(`manifest.json says nothing of the key ${name}`);
    }
    if (key.source === 'file' && (key.file !== KEY_FILES[name] || !seen.has(KEY_FILES[name]))) {
      throw new ManifestError(`manifest.json names the key ${name} without its file`);
    }
  }
  const media = value.media;
  if (!isRecord(media) || (media.store !== 'disk' && media.store !== 's3')) {
    throw new ManifestError('manifest.json says nothing of the media');
  }
  if (typeof value.createdAt !== 'string' || !isRecord(value.app) || !isRecord(value.counts)) {
    throw new ManifestError('manifest.json lacks its date, release or counts');
  }
  return value as unknown as Manifest;
}
