import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from './connection.ts';
import { testDatabaseUrl } from '../test/test-app.ts';

describe.skipIf(!testDatabaseUrl)('PostgreSQL pool (needs TEST_DATABASE_URL)', () => {
  it('survives an idle pooled connection being dropped, and reconnects', async () => {
    const errors: Error[] = [];
    const handle = openDatabase({
      databaseUrl: testDatabaseUrl,
      sqlitePath: ':memory:',
      onPoolError: (error) => errors.push(error),
    });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]!.pid;
      // The connection is idle in the pool now; the server ends it, as a restart would.
      const admin = new pg.Client({ connectionString: testDatabaseUrl! });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      for (let i = 0; i < 50 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
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
