import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from './connection.ts';
import { testDatabaseUrl } from '../../test/test-app.ts';

describe.skipIf(!testDatabaseUrl)('PostgreSQL pool (needs TEST_DATABASE_URL)', () => {
  it('survives an idle pooled connection being dropped, and reconnects', async () => {
    const errors: Error[] = [];
    const handle = openDatabase({
      databaseUrl: testDatabaseUrl,
      sqlitePath: ':memory:',
      onPoolError: (error) => errors.push(error),
    });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        handle.db,
      );
      const pid = rows[0]!.pid;
      // The connection is idle in the pool now; the server ends it, as a restart would.
      const admin = new pg.Client({ connectionString: testDatabaseUrl! });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      for (let i = 0; i < 50 && errors.length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(errors).toHaveLength(1);
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.db.destroy();
    }
  });
});

if (!testDatabaseUrl) {
  console.log('connection.test.ts: PostgreSQL pool test skipped: no TEST_DATABASE_URL given');
}

describe('SQLite file modes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-modes-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('creates a fresh database and its -wal and -shm readable by the owner only (0600)', async () => {
    const path = join(dir, 'data', 'shop.sqlite');
    const handle = openDatabase({ sqlitePath: path });
    try {
      // A write in WAL mode makes SQLite create the -wal and -shm files.
      await sql`create table secrets (hash text)`.execute(handle.db);
      await sql`insert into secrets values ('scrypt$...')`.execute(handle.db);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        expect({ file, mode: modeOf(file).toString(8) }).toEqual({ file, mode: '600' });
      }
    } finally {
      await handle.db.destroy();
    }
  });

  it('makes an existing database readable by others owner-only at start, and says so once', async () => {
    const path = join(dir, 'shop.sqlite');
    const old = new SqliteDatabase(path);
    old.exec('create table secrets (hash text)');
    old.close();
    chmodSync(path, 0o644);
    const told: string[][] = [];
    const open = () => openDatabase({ sqlitePath: path, onModeTightened: (_m, p) => told.push(p) });
    await open().db.destroy();
    expect(modeOf(path)).toBe(0o600);
    await open().db.destroy();
    expect(told).toEqual([[path]]);
  });
});

describe('SQLite shared by two processes', () => {
  it('a transaction that reads before it writes is never failed by the other process writing in between', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-two-writers-'));
    const path = join(dir, 'shop.sqlite');
    const handle = openDatabase({ sqlitePath: path });
    // The other process: a plain connection that gives up at once when the file is locked.
    const other = new SqliteDatabase(path);
    other.pragma('busy_timeout = 0');
    try {
      await sql`create table slugs (slug text unique)`.execute(handle.db);
      let otherWrite: unknown = null;
      await handle.db.transaction().execute(async (trx) => {
        // As "Create product" does: read (is the slug free?), then write.
        await sql`select count(*) from slugs where slug = 'knife'`.execute(trx);
        try {
          other.exec("insert into slugs values ('bowl')");
        } catch (error) {
          otherWrite = error;
        }
        await sql`insert into slugs values ('knife')`.execute(trx);
      });
      // The other process waited its turn (here: was told the file is busy) instead of
      // slipping its write in and failing ours with SQLITE_BUSY_SNAPSHOT.
      expect((otherWrite as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
      other.exec("insert into slugs values ('bowl')");
      expect(other.prepare('select slug from slugs order by slug').pluck().all()).toEqual([
        'bowl',
        'knife',
      ]);
    } finally {
      other.close();
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
