/**
 * The server's own backups (issue 39, decision 080): with BACKUP_DIR set, an archive every
 * BACKUP_EVERY_H hours, logged with its file, size and time, the BACKUP_KEEP newest kept; of
 * several processes on one database only one makes each backup, and one that died is taken over
 * once its claim expired; a failed backup is e-mailed to every live owner of every shop, once a
 * day, through the outbox.
 *
 * The clock is the test's: a schedule is driven by `runDue()`, never by waiting.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderOutboxEmail } from '../../emails.ts';
import { queueBackupFailedEmails } from '../../staff/backup-failed.ts';
import { createStaff } from '../../test/staff.ts';
import { createTestApp, type TestApp, useTestApp } from '../../test/test-app.ts';
import type { Logger } from '../logger.ts';
import { makeBackup } from './archive.ts';
import { BackupSchedule, type BackupScheduleOptions } from './schedule.ts';

let work = '';
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shop-schedule-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A logger that keeps its lines. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log: Logger = {
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    error: (fields, message) => lines.push({ level: 'error', fields, message }),
  };
  return { log, lines };
}

describe('scheduled backups', () => {
  const t = useTestApp();

  /** A schedule on the test shop's database whose clock reads `clock.now`. */
  function scheduleOf(
    app: TestApp,
    dir: string,
    clock: { now: Date },
    extra: Partial<BackupScheduleOptions> = {},
  ) {
    const { log, lines } = recordingLog();
    const schedule = new BackupSchedule({
      db: app.app.db,
      dir,
      everyHours: 24,
      keep: 2,
      makeArchive: (file) =>
        makeBackup(
          // The keys as the environment gives them: these tests look at the archives' names.
          {
            ...app.config,
            databaseUrl: app.database.databaseUrl,
            jwtSecret: 'j'.repeat(32),
            paymentSecretsKey: new Uint8Array(32),
          },
          { out: file, now: () => clock.now },
        ),
      log,
      onFailure: async () => undefined,
      now: () => clock.now,
      ...extra,
    });
    return { schedule, lines };
  }

  beforeEach(async () => {
    await t.app.db.deleteFrom('scheduled_jobs').execute();
  });

  it('makes a backup when due, logs it, waits BACKUP_EVERY_H, and keeps the BACKUP_KEEP newest', async () => {
    const dir = join(work, 'kept');
    const clock = { now: new Date('2026-12-01T03:00:00Z') };
    const { schedule, lines } = scheduleOf(t, dir, clock);

    const first = await schedule.runDue();
    expect(first).toMatchObject({ ran: true, ok: true });
    expect(lines).toContainEqual({
      level: 'info',
      message: 'made a backup',
      fields: {
        file: join(dir, 'shop-backup-20261201T030000Z.tar.gz'),
        bytes: expect.any(Number),
        seconds: expect.any(Number),
      },
    });
    // Not due again until a day later.
    clock.now = new Date('2026-12-01T20:00:00Z');
    expect(await schedule.runDue()).toEqual({ ran: false });
    for (const day of ['02', '03', '04']) {
      clock.now = new Date(`2026-12-${day}T03:00:00Z`);
      expect(await schedule.runDue()).toMatchObject({ ran: true, ok: true });
    }
    expect((await readdir(dir)).sort()).toEqual([
      'shop-backup-20261203T030000Z.tar.gz',
      'shop-backup-20261204T030000Z.tar.gz',
    ]);
    expect(lines.filter((line) => line.message === 'removed old backups')).toHaveLength(2);
  });

  it('lets only one of two processes make a due backup', async () => {
    const dir = join(work, 'two');
    const clock = { now: new Date('2026-12-01T03:00:00Z') };
    const second = await t.reopen();
    try {
      const one = scheduleOf(t, dir, clock).schedule;
      const other = scheduleOf({ ...t, app: second.app }, dir, clock).schedule;
      const runs = await Promise.all([one.runDue(), other.runDue()]);
      expect(runs.filter((run) => run.ran)).toHaveLength(1);
      expect(await readdir(dir)).toEqual(['shop-backup-20261201T030000Z.tar.gz']);
    } finally {
      await second.close();
    }
  });

  it('is taken over when the process holding it died, once its claim expired', async () => {
    const dir = join(work, 'taken-over');
    const clock = { now: new Date('2026-12-01T03:00:00Z') };
    const { schedule } = scheduleOf(t, dir, clock);
    // A process claimed the backup at 03:00 and died.
    await t.app.db
      .insertInto('scheduled_jobs')
      .values({
        name: 'backup',
        due_at: '2026-12-01T03:00:00.000Z',
        locked_until: '2026-12-01T03:10:00.000Z',
        locked_by: 'a process that died',
        last_started_at: '2026-12-01T03:00:00.000Z',
        last_finished_at: null,
        last_outcome: null,
        last_detail: null,
      })
      .execute();
    clock.now = new Date('2026-12-01T03:05:00Z');
    expect(await schedule.runDue()).toEqual({ ran: false });
    clock.now = new Date('2026-12-01T03:11:00Z');
    expect(await schedule.runDue()).toMatchObject({ ran: true, ok: true });
  });
});

describe('a scheduled backup that fails', () => {
  let app: TestApp;
  let blocker = '';
  beforeAll(async () => {
    // BACKUP_DIR lies under a plain file: the folder cannot be made.
    blocker = join(work, 'not-a-folder');
    await writeFile(blocker, '');
    app = await createTestApp({ backupDir: join(blocker, 'backups') });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is logged and e-mailed once a day to every live owner of every shop', async () => {
    const tenants = await app.app.db.selectFrom('tenants').select(['id', 'token']).execute();
    const owners = [];
    for (const tenant of tenants) {
      owners.push(await createStaff(app.app.db, { tenantId: tenant.id, role: 'owner' }));
      // Neither staff nor a removed owner is told.
      await createStaff(app.app.db, { tenantId: tenant.id, role: 'staff' });
      const removed = await createStaff(app.app.db, { tenantId: tenant.id, role: 'owner' });
      await app.app.db
        .updateTable('staff')
        .set({ removed_at: new Date().toISOString() })
        .where('id', '=', removed.id)
        .execute();
    }

    const run = await app.app.backups!.runDue();
    expect(run).toMatchObject({ ran: true, ok: false, failure: { reason: expect.any(String) } });
    const rows = await app.app.db
      .selectFrom('email_outbox')
      .select(['tenant_id', 'recipient', 'data', 'status'])
      .where('kind', '=', 'backup_failed')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.tenant_id, row.recipient, row.status])).toEqual(
      owners.map((owner) => [owner.tenantId, owner.email, 'pending']),
    );
    const email = await renderOutboxEmail(JSON.parse(rows[0]!.data));
    expect(email.subject).toMatch(/^The backup of .+ failed$/);
    expect(email.text).toContain('started');
    expect(email.text).toContain('failed. The shop itself keeps working');
    expect(email.text).toContain('not-a-folder/backups');
    expect(email.text).toContain('The server tries again by');

    // The job is due again an hour later, not at once.
    const job = await app.app.db
      .selectFrom('scheduled_jobs')
      .selectAll()
      .where('name', '=', 'backup')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ last_outcome: 'failed', locked_by: null });
    expect(await app.app.backups!.runDue()).toEqual({ ran: false });

    // Another failure the same (UTC) day e-mails no one again; one the next day does.
    const at = run.ran && !run.ok ? run.failure.at : new Date();
    const again = (when: Date) =>
      queueBackupFailedEmails(
        app.app.db,
        { at: when, reason: 'No space left on device', retryAt: when },
        () => 'https://shop.example',
      );
    const sameDay = new Date(`${at.toISOString().slice(0, 10)}T23:59:59Z`);
    expect(await again(sameDay)).toBe(0);
    expect(await again(new Date(sameDay.getTime() + 2000))).toBe(owners.length);
  });
});
