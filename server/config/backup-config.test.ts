/**
 * The backup settings (issue 39, decision 080): off unless BACKUP_DIR is set, a day between
 * backups and a week of them kept by default, malformed values refused with the variable named,
 * and a BACKUP_DIR the media route would serve refused.
 */
import { ConfigError, loadConfig } from './config.ts';

describe('backup settings', () => {
  it('are off by default, with a backup a day and seven kept once BACKUP_DIR is set', () => {
    expect(loadConfig({})).toMatchObject({ backupDir: null, backupEveryHours: 24, backupKeep: 7 });
    expect(
      loadConfig({ BACKUP_DIR: '/var/backups/shop', BACKUP_EVERY_H: '6', BACKUP_KEEP: '28' }),
    ).toMatchObject({ backupDir: '/var/backups/shop', backupEveryHours: 6, backupKeep: 28 });
  });

  it.each([
    [{ BACKUP_EVERY_H: '0' }, /BACKUP_EVERY_H must be an integer between 1 and 8760, got "0"/],
    [{ BACKUP_EVERY_H: '1.5' }, /BACKUP_EVERY_H/],
    [{ BACKUP_KEEP: '0' }, /BACKUP_KEEP must be an integer between 1 and 1000, got "0"/],
    [{ BACKUP_KEEP: 'all' }, /BACKUP_KEEP/],
  ])('refuse %o with an error naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuse a BACKUP_DIR inside the media folder, which the media route serves', () => {
    for (const env of [
      { BACKUP_DIR: 'data/media/backups' },
      { BACKUP_DIR: './data/media' },
      { MEDIA_DIR: '/srv/shop/media', BACKUP_DIR: '/srv/shop/media/.backups' },
    ]) {
      expect(() => loadConfig(env), env.BACKUP_DIR).toThrow(
        /BACKUP_DIR must not be inside MEDIA_DIR .*the archives hold the shop's keys/,
      );
    }
    expect(loadConfig({ BACKUP_DIR: 'data/backups' }).backupDir).toBe('data/backups');
    expect(loadConfig({ BACKUP_DIR: 'data/media-backups' }).backupDir).toBe('data/media-backups');
  });
});
