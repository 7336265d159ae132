/**
 * The server's own backups (issue 39, decision 080): with BACKUP_DIR set, an archive of the shop
 * (./archive.ts) every BACKUP_EVERY_H hours in that folder, the BACKUP_KEEP newest kept.
 *
 * Several API processes on one database take turns as the e-mail outbox's senders do
 * (server/platform/mail/outbox.ts): the job is a row of `scheduled_jobs`, due at `due_at`, and a
 * process runs it only after claiming it with one conditional UPDATE (`due_at` passed, no live
 * claim), so of several processes exactly one makes each backup. The claim lasts `leaseSeconds`
 * and is renewed while the backup runs; a process that dies mid-backup leaves a claim that
 * expires, and the next process to look makes the backup. Only processes with BACKUP_DIR set
 * take part.
 *
 * Each run is logged (the archive, its size, the seconds it took); a success moves `due_at` on by
 * BACKUP_EVERY_H from the run's start and deletes the archives beyond BACKUP_KEEP (only names
 * this schedule writes, `shop-backup-<UTC time>.tar.gz`, and partial files a crash left); a
 * failure is logged, told to `onFailure` (the app e-mails every shop's owners:
 * server/http/wiring/backups.ts) and tried again an hour later (or at the next period, if
 * shorter).
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { toIsoString } from '../db/mapping.ts';
import type { Logger } from '../logger.ts';
import type { BackupResult } from './archive.ts';
import { PARTIAL_PREFIX } from './manifest.ts';

/** The job's name in `scheduled_jobs`. */
export const BACKUP_JOB = 'backup';

/** How a scheduled archive is named: `shop-backup-20261130T030000Z.tar.gz` (UTC, sorts by age). */
export const ARCHIVE_NAME = /^shop-backup-\d{8}T\d{6}Z\.tar\.gz$/;

/** The archive's name for a backup started at `at`. */
export function archiveName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `shop-backup-${stamp}.tar.gz`;
}

/** What a failed run tells `onFailure`. */
export interface BackupFailure {
  /** When the run started. */
  at: Date;
  /** Why it failed, in one line (no stack, no secret: an archive's path, a system error). */
  reason: string;
  /** When the schedule tries again. */
  retryAt: Date;
}

export interface BackupScheduleOptions {
  db: Kysely<Database>;
  /** BACKUP_DIR: where the archives go. */
  dir: string;
  /** BACKUP_EVERY_H. */
  everyHours: number;
  /** BACKUP_KEEP. */
  keep: number;
  /** Makes one archive at `file` (./archive.ts `makeBackup` with the server's settings). */
  makeArchive(file: string): Promise<BackupResult>;
  log: Logger;
  /** Told of a failed run after it is logged (the app queues the owners' e-mails). */
  onFailure(failure: BackupFailure): Promise<void>;
  /** The clock (default: the system's). */
  now?: () => Date;
  /** How often the process looks whether the backup is due (ms; default 5 minutes). */
  pollMs?: number;
  /** How long a claim holds before it is renewed or expires (s; default 600). */
  leaseSeconds?: number;
}

/** What one look at the schedule did. */
export type BackupRun =
  | { ran: false }
  | { ran: true; ok: true; result: BackupResult; removed: string[] }
  | { ran: true; ok: false; failure: BackupFailure };

/** A failed run is tried again this much later at most (ms). */
const RETRY_MS = 60 * 60 * 1000;

/** A partial file or staging folder older than this is a crash's leftover (ms). */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/** The backup schedule of one process (see the module comment). */
export class BackupSchedule {
  private readonly me = randomUUID();
  private readonly now: () => Date;
  private readonly leaseSeconds: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<BackupRun> | null = null;

  constructor(private readonly options: BackupScheduleOptions) {
    this.now = options.now ?? (() => new Date());
    this.leaseSeconds = options.leaseSeconds ?? 600;
  }

  /**
   * Looks every `pollMs` whether a backup is due (the first look after `firstAfterMs`, default a
   * minute: a start's own work goes first), and makes it when this process claims it.
   */
  start(firstAfterMs = 60_000): void {
    if (this.timer) return;
    const look = () => {
      this.runDue().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'the backup schedule failed'),
      );
    };
    this.timer = setTimeout(() => {
      look();
      this.timer = setInterval(look, this.options.pollMs ?? 5 * 60_000);
      this.timer.unref();
    }, firstAfterMs);
    this.timer.unref();
  }

  /** Stops looking and waits for a backup under way. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Makes the backup now if it is due and this process claims it; one run at a time per process.
   * A failure of the backup itself is an outcome (`ok: false`), logged and told to `onFailure`.
   * @throws when the database cannot be read or written (the claim itself).
   */
  runDue(): Promise<BackupRun> {
    this.running ??= this.claimAndRun().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async claimAndRun(): Promise<BackupRun> {
    const { db, log } = this.options;
    const started = this.now();
    const startedIso = started.toISOString();
    // A look that finds nothing due writes nothing.
    const job = await db
      .selectFrom('scheduled_jobs')
      .select(['due_at', 'locked_until'])
      .where('name', '=', BACKUP_JOB)
      .executeTakeFirst();
    if (
      job &&
      (toIsoString(job.due_at) > startedIso ||
        (job.locked_until !== null && toIsoString(job.locked_until) >= startedIso))
    ) {
      return { ran: false };
    }
    await db
      .insertInto('scheduled_jobs')
      .values({
        name: BACKUP_JOB,
        due_at: startedIso,
        locked_until: null,
        locked_by: null,
        last_started_at: null,
        last_finished_at: null,
        last_outcome: null,
        last_detail: null,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const claimed = await db
      .updateTable('scheduled_jobs')
      .set({
        locked_until: this.leaseFrom(started),
        locked_by: this.me,
        last_started_at: startedIso,
      })
      .where('name', '=', BACKUP_JOB)
      .where('due_at', '<=', startedIso)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', startedIso)]))
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return { ran: false };

    // The claim is renewed while the backup runs, so a long one is not taken over.
    const renew = setInterval(
      () => {
        db.updateTable('scheduled_jobs')
          .set({ locked_until: this.leaseFrom(this.now()) })
          .where('name', '=', BACKUP_JOB)
          .where('locked_by', '=', this.me)
          .execute()
          .catch((error: unknown) =>
            log.warn({ err: error }, 'the backup could not renew its claim'),
          );
      },
      (this.leaseSeconds * 1000) / 3,
    );
    renew.unref();
    const file = join(this.options.dir, archiveName(started));
    let outcome: BackupRun;
    try {
      const result = await this.options.makeArchive(file);
      clearInterval(renew);
      log.info(
        { file: result.file, bytes: result.bytes, seconds: Number(result.seconds.toFixed(2)) },
        'made a backup',
      );
      const removed = await this.prune();
      if (removed.length > 0) log.info({ removed }, 'removed old backups');
      await this.finish(new Date(started.getTime() + this.options.everyHours * 3_600_000), {
        outcome: 'ok',
        detail: basename(result.file),
      });
      outcome = { ran: true, ok: true, result, removed };
    } catch (error) {
      clearInterval(renew);
      const reason = oneLine(error);
      log.error(
        {
          err: error,
          seconds: Number(((this.now().getTime() - started.getTime()) / 1000).toFixed(2)),
        },
        'the scheduled backup failed',
      );
      const retryMs = Math.min(RETRY_MS, this.options.everyHours * 3_600_000);
      const retryAt = new Date(this.now().getTime() + retryMs);
      await this.finish(retryAt, { outcome: 'failed', detail: reason });
      const failure = { at: started, reason, retryAt };
      await this.options
        .onFailure(failure)
        .catch((notified: unknown) =>
          log.error({ err: notified }, 'the backup failure could not be told to the owners'),
        );
      outcome = { ran: true, ok: false, failure };
    }
    return outcome;
  }

  /** The end of a claim taken or renewed at `at`. */
  private leaseFrom(at: Date): string {
    return new Date(at.getTime() + this.leaseSeconds * 1000).toISOString();
  }

  /** Releases the claim, records the run's end and sets when the next is due. */
  private async finish(dueAt: Date, last: { outcome: 'ok' | 'failed'; detail: string }) {
    await this.options.db
      .updateTable('scheduled_jobs')
      .set({
        due_at: dueAt.toISOString(),
        locked_until: null,
        locked_by: null,
        last_finished_at: this.now().toISOString(),
        last_outcome: last.outcome,
        last_detail: last.detail.slice(0, 500),
      })
      .where('name', '=', BACKUP_JOB)
      .where('locked_by', '=', this.me)
      .execute();
  }

  /**
   * Deletes the archives beyond the `keep` newest (by name, which is the UTC time), and partial
   * files or staging folders a crashed run left over a day ago.
   * @returns the names removed.
   */
  async prune(): Promise<string[]> {
    const names = await readdir(this.options.dir);
    const archives = names.filter((name) => ARCHIVE_NAME.test(name)).sort();
    const removed = archives.slice(0, Math.max(0, archives.length - this.options.keep));
    const cutoff = this.now().getTime() - STALE_PARTIAL_MS;
    for (const name of names.filter((entry) => entry.startsWith(PARTIAL_PREFIX))) {
      const info = await stat(join(this.options.dir, name)).catch(() => null);
      if (info && info.mtimeMs < cutoff) removed.push(name);
    }
    for (const name of removed) {
      await rm(join(this.options.dir, name), { recursive: true, force: true });
    }
    return removed;
  }
}

/** An error's message on one line, at most 300 characters. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}
