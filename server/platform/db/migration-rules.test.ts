/**
 * The migrations' rules (issue 39, "Upgrades"; ./migrations.ts): they only go forward (no
 * `down`, and a database a newer release migrated is refused rather than run on), they are
 * listed in the order of their names and files, and each runs in a transaction of its own with
 * its record: one that fails halfway leaves none of its statements behind, is not recorded, and
 * runs again whole at the next start, while the ones before it stay applied. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readdirSync } from 'node:fs';
import { type Migration, sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import type { DbHandle } from './connection.ts';
import { appliedMigrations, migrateToLatest, migrations } from './migrations.ts';
import type { AnyDb } from './migrations/schema-helpers.ts';

/** The database's tables, and the columns of `table`. */
async function schemaOf(handle: DbHandle, table: string) {
  const tables = await handle.db.introspection.getTables();
  return {
    tables: tables.map((t) => t.name),
    columns: tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [],
  };
}

describe('the migrations', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'only go forward and are listed in the order of their names and files (%s)',
    (dialect) => {
      const listed = migrations(dialect);
      const names = Object.keys(listed);
      for (const [name, migration] of Object.entries(listed)) {
        expect(migration.down, `${name} has a down`).toBeUndefined();
        expect(name).toMatch(/^2\d{3}_\d{3}_[a-z0-9_]+$/);
      }
      // Kysely runs them sorted by name: the listing must already be that order, numbered
      // without a gap, one file each in ./migrations/ named after it.
      expect(names).toEqual([...names].sort());
      expect(names.map((name) => Number(name.split('_')[1]))).toEqual(
        names.map((_, index) => index + 1),
      );
      const files = readdirSync(new URL('./migrations/', import.meta.url))
        .filter((file) => /^\d{4}-\d{3}-/.test(file))
        .map((file) => file.replace(/\.ts$/, '').replace(/-/g, '_'));
      expect(files.sort()).toEqual(names);
    },
  );
});

describe('a migration that fails', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  /** A migration that creates a table, writes to it, adds a column, then fails when told to. */
  const probe = (fail: boolean): Migration => ({
    async up(db: AnyDb) {
      await db.schema.createTable('upgrade_probe').addColumn('id', 'integer').execute();
      await sql`insert into upgrade_probe (id) values (1)`.execute(db);
      await db.schema.alterTable('tenants').addColumn('probe_note', 'text').execute();
      if (fail) throw new Error('the disk is full');
    },
  });
  const after: Migration = {
    async up(db: AnyDb) {
      await db.schema.createTable('upgrade_probe_after').addColumn('id', 'integer').execute();
    },
  };

  it('leaves nothing of itself, is not recorded, and stops the ones after it', async () => {
    const { handle } = database;
    const today = migrations(handle.dialect);
    const names = Object.keys(today);
    await expect(
      migrateToLatest(handle, {
        migrations: { ...today, '2999_001_probe': probe(true), '2999_002_after': after },
      }),
    ).rejects.toThrow('Migration 2999_001_probe failed: the disk is full');

    // Today's migrations ran and stay; the failed one left no table and no column.
    expect(await appliedMigrations(handle)).toEqual(names);
    const schema = await schemaOf(handle, 'tenants');
    expect(schema.tables).toContain('tenants');
    expect(schema.tables).not.toContain('upgrade_probe');
    expect(schema.tables).not.toContain('upgrade_probe_after');
    expect(schema.columns).not.toContain('probe_note');
  });

  it('runs again whole at the next start once it is fixed', async () => {
    const { handle } = database;
    const today = migrations(handle.dialect);
    expect(
      await migrateToLatest(handle, {
        migrations: { ...today, '2999_001_probe': probe(false), '2999_002_after': after },
      }),
    ).toEqual(['2999_001_probe', '2999_002_after']);
    const schema = await schemaOf(handle, 'tenants');
    expect(schema.tables).toEqual(expect.arrayContaining(['upgrade_probe', 'upgrade_probe_after']));
    expect(schema.columns).toContain('probe_note');
  });

  it('refuses a database a newer release migrated, naming the migration it does not know', async () => {
    // Today's code after the probes above: the database has run two migrations it lacks.
    const { handle } = database;
    await expect(migrateToLatest(handle)).rejects.toThrow(
      'The database was migrated by a newer release (it ran 2999_001_probe, which this code does not know)',
    );
  });
});
