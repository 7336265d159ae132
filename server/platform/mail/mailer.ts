/**
 * Outgoing e-mail with nodemailer (docs/operating.md, "E-mail"): through the SMTP server
 * of `SMTP_URL` when one is configured, otherwise written as an `.eml` file (RFC 5322, what
 * nodemailer would have sent) into the outbox folder (`OUTBOX_DIR`, default data/outbox), so
 * the two-command start works without a mail server and tests can read what was "sent".
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';

/**
 * nodemailer, loaded when the first e-mail is sent: a shop that sends none never pays its
 * memory (the idle process).
 */
function nodemailer(): typeof nodemailerModule {
  return createRequire(import.meta.url)('nodemailer') as typeof nodemailerModule;
}

/**
 * One e-mail: plain text, and an HTML part when given. Addresses may carry a display name
 * (`"Shop" <shop@example.com>`).
 */
export interface MailMessage {
  from: string;
  to: string;
  /** Where answers go when not to `from` (the shop's address on its answer to a message). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable Message-ID (`<2026-11-24T10-00-00-000Z-outbox-12@shop.example>`): a message sent
   * again after a crash carries the same id, and in outbox mode lands in the same file (named
   * after the id's left part, so files still sort by time) instead of a second one.
   */
  messageId?: string;
}

/** Where a message went: the `.eml` file written, or the SMTP server's message id. */
export type Delivery = { via: 'outbox'; file: string } | { via: 'smtp'; messageId: string };

export interface Mailer {
  /** 'outbox' writes files; 'smtp' sends for real. */
  readonly mode: 'outbox' | 'smtp';
  /**
   * Sends (or writes) one message.
   * @throws the transport's error (SMTP refused, folder not writable).
   */
  send(message: MailMessage): Promise<Delivery>;
  /** Closes the SMTP connection pool, if any. */
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (nodemailer's connection URL form); null selects the outbox. */
  smtpUrl: string | null;
  /** Folder of the outbox, created on first use. */
  outboxDir: string;
}

/** A mailer for the configuration: SMTP when `smtpUrl` is set, else the outbox folder. */
export function createMailer({ smtpUrl, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    let smtp: Transporter | undefined;
    return {
      mode: 'smtp',
      async send(message) {
        smtp ??= nodemailer().createTransport(smtpUrl);
        const info = (await smtp.sendMail(message)) as { messageId?: string };
        return { via: 'smtp', messageId: info.messageId ?? '' };
      },
      close: () => smtp?.close(),
    };
  }
  // nodemailer builds the complete message and hands it back instead of sending it.
  let stream: Transporter | undefined;
  return {
    mode: 'outbox',
    async send(message) {
      stream ??= nodemailer().createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      const info = (await stream.sendMail(message)) as { message: Buffer };
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time, never colliding; 0600 because a reset link is a credential. A
      // message with a Message-ID has one file whatever the time: writing it again ('wx')
      // finds it there and leaves it, so a resend after a crash is not a second e-mail.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = message.messageId
        ? `${message.messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9._-]/g, '_')}.eml`
        : `${stamp}-${randomUUID()}.eml`;
      const file = join(outboxDir, name);
      try {
        await writeFile(file, info.message, { mode: 0o600, flag: message.messageId ? 'wx' : 'w' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      return { via: 'outbox', file };
    },
    close: () => stream?.close(),
  };
}
