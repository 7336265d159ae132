/**
 * The backup part of the configuration (issue 39, decision 080): whether the server makes
 * archives of the shop by itself, where, how often and how many it keeps. The archives are made
 * by server/platform/backup/archive.ts and scheduled by server/platform/backup/schedule.ts.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { ConfigError, type Env, parseIntInRange, value } from './env-values.ts';

/** Scheduled backups. */
export interface BackupConfig {
  /**
   * Folder the scheduled archives are written to (BACKUP_DIR, created mode 0700 when missing);
   * null (unset): the server makes no backups by itself.
   */
  backupDir: string | null;
  /** Hours between two scheduled backups (BACKUP_EVERY_H, 1 to 8760; default 24). */
  backupEveryHours: number;
  /** How many scheduled archives are kept in BACKUP_DIR; older ones are deleted (BACKUP_KEEP, 1 to 1000; default 7). */
  backupKeep: number;
}

/** True when `inner` is `outer` or a folder inside it (both resolved from the working folder). */
function isInside(inner: string, outer: string): boolean {
  const path = relative(resolve(outer), resolve(inner));
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/**
 * Reads BACKUP_DIR, BACKUP_EVERY_H and BACKUP_KEEP. `media` is the media part of the database
 * settings: a BACKUP_DIR inside the media folder is refused, since the media route would serve
 * the archives (keys included) to anyone who guessed a name, and every backup would hold the
 * ones before it.
 * @throws ConfigError when one is malformed, or BACKUP_DIR lies inside MEDIA_DIR.
 */
export function loadBackupConfig(env: Env, media: { mediaDir: string }): BackupConfig {
  const backupDir = value(env, 'BACKUP_DIR') ?? null;
  if (backupDir !== null && isInside(backupDir, media.mediaDir)) {
    throw new ConfigError(
      `BACKUP_DIR must not be inside MEDIA_DIR (${media.mediaDir}): the media files are served to anyone, and the archives hold the shop's keys. Choose a folder of its own, e.g. /var/backups/shop.`,
    );
  }
  return {
    backupDir,
    backupEveryHours: parseIntInRange(env, 'BACKUP_EVERY_H', 24, 1, 8760),
    backupKeep: parseIntInRange(env, 'BACKUP_KEEP', 7, 1, 1000),
  };
}
