/**
 * Wires the server's own backups (issue 39, decision 080) into the app: with BACKUP_DIR set,
 * decorates `app.backups` with the schedule (server/platform/backup/schedule.ts) making archives
 * of this deployment's settings (server/platform/backup/archive.ts, loaded with the first
 * backup: a process without backups never loads the archiver), and tells every shop's owners of
 * a failed backup by e-mail (server/staff/backup-failed.ts, through the outbox). Without
 * BACKUP_DIR, `app.backups` is null. The schedule looks a minute after start, then every five
 * minutes, in the background only (tests call `app.backups.runDue()`). Register after the
 * orders plugin (the outbox) and the shop directory (the e-mails' links).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/config.ts';
import { BackupSchedule } from '../../platform/backup/schedule.ts';
import { queueBackupFailedEmails } from '../../staff/backup-failed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The backup schedule of this process, or null without BACKUP_DIR. */
    backups: BackupSchedule | null;
  }
}

export type BackupsPluginOptions = Pick<
  AppConfig,
  | 'backupDir'
  | 'backupEveryHours'
  | 'backupKeep'
  | 'databaseUrl'
  | 'sqlitePath'
  | 'mediaDir'
  | 'mediaS3'
  | 'jwtSecret'
  | 'paymentSecretsKey'
> & {
  /** Look for due backups on a timer (default true; tests run them by hand). */
  background?: boolean;
};

async function backupsPlugin(app: FastifyInstance, options: BackupsPluginOptions): Promise<void> {
  const dir = options.backupDir;
  if (!dir) {
    app.decorate('backups', null);
    return;
  }
  const background = options.background ?? true;
  const schedule = new BackupSchedule({
    db: app.db,
    dir,
    everyHours: options.backupEveryHours,
    keep: options.backupKeep,
    async makeArchive(file) {
      const { makeBackup } = await import('../../platform/backup/archive.ts');
      return makeBackup(options, { out: file });
    },
    log: app.log,
    async onFailure(failure) {
      const queued = await queueBackupFailedEmails(app.db, failure, (tenantId) =>
        app.account.linkOrigin(tenantId),
      );
      if (queued > 0) {
        app.log.info({ emails: queued }, "queued the owners' e-mails of a failed backup");
        if (background) app.emailOutbox.wake();
      }
    },
  });
  app.decorate('backups', schedule);
  if (background) app.addHook('onReady', async () => schedule.start());
  app.addHook('onClose', async () => schedule.stop());
}

/** Registers the backup schedule (not encapsulated: `app.backups`). */
export const backups = fp(backupsPlugin, {
  name: 'backups',
  dependencies: ['db', 'account', 'orders'],
});
