/**
 * Vitest global setup of the server projects on PostgreSQL: before and after the run, drops the
 * databases the tests made (`shoptest_<pid>_…`: each file's own, and each worker's templates,
 * which a worker cannot drop as it exits) whose worker process is gone, so a developer's
 * long-lived server does not fill up with them. A live worker's are left alone: another
 * project may still be running. Does nothing on SQLite.
 */
import pg from 'pg';
import { TEST_DATABASE_PREFIX, testDatabaseUrl } from './test-app.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function dropTestDatabases(): Promise<void> {
  if (!testDatabaseUrl) return;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [TEST_DATABASE_PREFIX],
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
      if (Number.isSafeInteger(pid) && isAlive(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<() => Promise<void>> {
  await dropTestDatabases();
  return dropTestDatabases;
}
