/**
 * The data of the owners' e-mail that the server's scheduled backup failed (issue 39, decision
 * 080), queued by server/staff/backup-failed.ts and rendered by ./backup-email.tsx; the app's
 * renderer picks it by its `kind` (server/emails.ts). Kept beside the back office's other e-mails
 * to people (./staff-email-data.ts) but apart from their table: it is about the deployment, not
 * about a member's account.
 *
 * As with every outbox e-mail, a field is only ever added as optional, and a change of meaning is
 * a new kind: a row written by one release may be sent by the next.
 */
import type { EmailShop, IsoDateTime } from '../../platform/mail/templates/email-shop.ts';
import {
  anyString,
  dateTime,
  email,
  EmailDataError,
  httpUrl,
  isRecord,
  object,
  optional,
  text,
} from '../../platform/mail/templates/json-checks.ts';

/** The server's scheduled backup failed: told to every owner of every shop, at most daily. */
export interface BackupFailedEmailData {
  kind: 'backup_failed';
  shop: EmailShop;
  /** The owner's name: "Maya Hart". */
  memberName: string;
  /** When the failed backup started. */
  at: IsoDateTime;
  /** Why it failed, in the server's words (one line). */
  reason: string;
  /** When the server tries again. */
  retryAt: IsoDateTime;
}

/** The outbox `kind` of {@link BackupFailedEmailData}. */
export const BACKUP_FAILED_KIND = 'backup_failed';

/** True when an outbox row's `kind` is the failed backup's e-mail. */
export function isBackupEmailKind(kind: unknown): kind is typeof BACKUP_FAILED_KIND {
  return kind === BACKUP_FAILED_KIND;
}

const check = object<BackupFailedEmailData>({
  kind: text,
  shop: object<EmailShop>({
    name: text,
    shopUrl: httpUrl,
    contactEmail: email,
    logoUrl: optional(anyString),
    legalLine: optional(text),
    theme: optional((value, path, issues) => {
      if (!isRecord(value)) issues.push(`${path}: an object`);
    }),
  }),
  memberName: text,
  at: dateTime,
  reason: text,
  retryAt: dateTime,
});

/**
 * Checks that `value` (an outbox row's JSON) is a `BackupFailedEmailData` and returns it typed.
 * @throws EmailDataError naming every field that is missing or malformed (permanent).
 */
export function parseBackupFailedEmailData(value: unknown): BackupFailedEmailData {
  if (!isRecord(value) || !isBackupEmailKind(value.kind)) {
    throw new EmailDataError([`kind: '${BACKUP_FAILED_KIND}'`]);
  }
  const issues: string[] = [];
  check(value, '', issues);
  if (issues.length > 0) throw new EmailDataError(issues);
  return value as unknown as BackupFailedEmailData;
}
