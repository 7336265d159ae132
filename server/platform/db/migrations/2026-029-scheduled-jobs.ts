/**
 * Migration 2026_029_scheduled_jobs (issue 39, decision 080): jobs the API processes take turns
 * at, such as the scheduled backup (server/platform/backup/schedule.ts). Shipped once released;
 * never edit it then, add a later migration instead.
 *
 * - `scheduled_jobs`: one row per job, by name. `due_at` is when it should run next;
 *   `locked_until` and `locked_by` are the claim of the process running it now (taken with a
 *   conditional UPDATE, as the e-mail outbox claims a row: of several processes exactly one
 *   gets it, and the claim of a process that died expires); `last_*` tell how the last run
 *   ended.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './schema-helpers.ts';

export function scheduledJobsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('scheduled_jobs')
        .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('due_at', 'timestamptz', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz')
        .addColumn('locked_by', 'varchar(64)')
        .addColumn('last_started_at', 'timestamptz')
        .addColumn('last_finished_at', 'timestamptz')
        .addColumn('last_outcome', 'varchar(10)')
        .addColumn('last_detail', 'varchar(500)')
        .execute();
    },
  };
}
