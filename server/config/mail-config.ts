/**
 * The e-mail part of the configuration: the SMTP server or the folder e-mails are written to
 * instead, the sender address, and how long a process holds an e-mail it took from the outbox.
 */
import { parseIntInRange, parseUrlWithScheme, value, type Env } from './env-values.ts';

/** Sending e-mail. */
export interface MailConfig {
  /**
   * Folder where e-mails are written as `.eml` files when no SMTP server is configured
   * (OUTBOX_DIR, default data/outbox). The link of a password-reset e-mail written
   * there is also logged, so the two-command start needs no mail server.
   */
  outboxDir: string;
  /** SMTP server to send e-mail through (SMTP_URL, smtp:// or smtps://); null: the outbox. */
  smtpUrl: string | null;
  /** Sender address of the shop's e-mails (MAIL_FROM); null: the shop's contact e-mail. */
  mailFrom: string | null;
  /**
   * How long a process that took an e-mail from the outbox holds it (s; default 120): if it
   * dies before it is sent, another process sends it after that.
   */
  emailSendLockSeconds: number;
  /**
   * How often the outbox is looked at for e-mails due, when no commit wakes it (ms; default
   * 5000): a retry that fell due, or one another process gave up.
   */
  emailPollMs: number;
}

/**
 * Reads the e-mail settings: OUTBOX_DIR, SMTP_URL, MAIL_FROM, EMAIL_SEND_LOCK_S and EMAIL_POLL_MS.
 * @throws ConfigError when one is malformed.
 */
export function loadMailConfig(env: Env): MailConfig {
  return {
    outboxDir: value(env, 'OUTBOX_DIR') ?? 'data/outbox',
    smtpUrl: parseUrlWithScheme(env, 'SMTP_URL', ['smtp', 'smtps'], 'an'),
    mailFrom: value(env, 'MAIL_FROM') ?? null,
    emailSendLockSeconds: parseIntInRange(env, 'EMAIL_SEND_LOCK_S', 120, 1, 3600),
    emailPollMs: parseIntInRange(env, 'EMAIL_POLL_MS', 5000, 100, 3_600_000),
  };
}
