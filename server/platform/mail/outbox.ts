/**
 * The e-mail outbox's sender (decision 040). Order e-mails are rows of `email_outbox`, written
 * in the transaction of the order change they tell of (server/orders/order-emails.ts); this sends
 * them after the commit, so sending never blocks or fails an order, and a crash loses none:
 *
 * - a row is claimed with a conditional UPDATE (`locked_until` in the future, `attempts + 1`),
 *   so of several processes exactly one sends it; a process killed mid-send leaves a claim
 *   that expires after `lockSeconds`, and the row is sent again by whoever comes next;
 * - each message carries a Message-ID derived from the row, so a message sent again after a
 *   crash is the same message (in outbox mode the same file: never two);
 * - a failure is retried with a growing delay (1 min, 2, 4, … up to an hour), `maxAttempts`
 *   times, then the row is marked failed and the error logged (never the message's content);
 * - a row to an address that can never receive mail (the `.invalid` domain: an erased account's
 *   tombstone) is marked failed at once, without a try;
 * - once sent, a row keeps no credential: its data's secrets (a gift card's code, a one-time
 *   link) are blanked in the same UPDATE that marks it sent (`afterSent`);
 * - rows are rendered when sent, by the noun that owns their kind (the app's renderer,
 *   server/emails.ts: the orders' e-mails, the back office's), in the e-mail worker thread of
 *   the compiled server (./email-worker-host.ts): rendering never holds up a request, and a
 *   shop that sends no e-mail for a while gives React Email's memory back.
 */
import type { Logger } from '../logger.ts';
import { PollingDrain } from '../polling-drain.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import {
  renderAndSend,
  type EmailJob,
  type OutboxEmailData,
  type RenderOutboxEmail,
} from './email-worker-thread.ts';
import type { Delivery, Mailer } from './mailer.ts';

export interface OutboxOptions {
  db: Kysely<Database>;
  /** Sends in this thread (from source: tests, `npm run dev`) when no `deliver` is given. */
  mailer: Mailer;
  /**
   * Renders in this thread when no `deliver` is given: the app's renderer of every noun's
   * e-mails (server/emails.ts), which loads React Email with the first e-mail.
   */
  render: RenderOutboxEmail;
  /**
   * Renders and sends one e-mail elsewhere: the e-mail worker thread of the compiled server
   * (./email-worker-host.ts), so rendering never holds up a request.
   */
  deliver?: (job: EmailJob) => Promise<Delivery>;
  /**
   * What a sent e-mail's row keeps of its data: the app's `withoutCredentials`
   * (server/emails.ts) blanks what works only as a secret (a gift card's code, a one-time link),
   * so a database dump or backup holds none once the e-mail is gone. Without it the row keeps
   * its data as queued.
   */
  afterSent?: (data: OutboxEmailData) => OutboxEmailData;
  /** The sender of a shop's e-mails: MAIL_FROM, or the shop's name and contact e-mail. */
  fromFor(tenantId: number): Promise<string>;
  log: Logger;
  /** How long a claim holds (s; default 120). */
  lockSeconds?: number;
  /** Sends before a row is given up (default 8). */
  maxAttempts?: number;
  /** How often due rows are looked for when nothing wakes the sender (ms; default 5000). */
  pollMs?: number;
}

const BATCH = 20;

/** Delay before the next try after `attempts` failed ones (ms). */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** Why a row to an address in the `.invalid` domain is given up without a try. */
export const UNDELIVERABLE = 'The address cannot receive mail (.invalid, e.g. an erased account).';

/**
 * True for an address in the `.invalid` top-level domain (RFC 2606), which can never receive
 * mail: an erased shopper account keeps such a tombstone e-mail (server/accounts/erasure.ts), so
 * e-mails about the orders it leaves (kept for the shop's accounts) are given up at once
 * instead of being retried for hours.
 */
export function cannotReceiveMail(recipient: string): boolean {
  return /\.invalid>?$/i.test(recipient.trim());
}

export class EmailOutbox extends PollingDrain {
  private readonly lockSeconds: number;
  private readonly maxAttempts: number;

  constructor(private readonly options: OutboxOptions) {
    super(options.log, 'the e-mail outbox failed', options.pollMs ?? 5000);
    this.lockSeconds = options.lockSeconds ?? 120;
    this.maxAttempts = options.maxAttempts ?? 8;
  }

  /**
   * Claims and sends due rows until none is left; logs `looked for due e-mails` at debug level
   * once done (the multi-process tests count these instead of sleeping through a poll).
   */
  async drain(): Promise<void> {
    await this.sendDue();
    this.options.log.debug?.({}, 'looked for due e-mails');
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const now = new Date().toISOString();
      const due = await this.options.db
        .selectFrom('email_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) return;
      for (const { id } of due) await this.sendOne(id);
      if (due.length < BATCH) return;
    }
  }

  private async sendOne(id: number): Promise<void> {
    const { db, log } = this.options;
    const now = new Date();
    const claimed = await db
      .updateTable('email_outbox')
      .set((eb) => ({
        locked_until: new Date(now.getTime() + this.lockSeconds * 1000).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return;
    if (cannotReceiveMail(claimed.recipient)) {
      // Nothing to try again later: the address can never receive mail.
      await db
        .updateTable('email_outbox')
        .set({ status: 'failed', locked_until: null, last_error: UNDELIVERABLE })
        .where('id', '=', id)
        .execute();
      log.info({ email: claimed.id, kind: claimed.kind }, 'e-mail not sent: ' + UNDELIVERABLE);
      return;
    }
    try {
      const stamp = new Date(claimed.created_at).toISOString().replace(/[:.]/g, '-');
      const from = await this.options.fromFor(claimed.tenant_id);
      const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost';
      const job: EmailJob = {
        data: JSON.parse(claimed.data) as EmailJob['data'],
        from,
        to: claimed.recipient,
        messageId: `<${stamp}-outbox-${claimed.id}@${domain}>`,
      };
      const delivery: Delivery = this.options.deliver
        ? await this.options.deliver(job)
        : await renderAndSend(job, this.options.render, this.options.mailer);
      await db
        .updateTable('email_outbox')
        .set({
          status: 'sent',
          sent_at: new Date().toISOString(),
          locked_until: null,
          last_error: null,
          ...(this.options.afterSent
            ? { data: JSON.stringify(this.options.afterSent(job.data)) }
            : {}),
        })
        .where('id', '=', id)
        .execute();
      log.info({ email: claimed.id, kind: claimed.kind, via: delivery.via }, 'e-mail sent');
    } catch (error) {
      const failed = claimed.attempts >= this.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('email_outbox')
        .set({
          status: failed ? 'failed' : 'pending',
          locked_until: null,
          last_error: message.slice(0, 500),
          next_attempt_at: new Date(Date.now() + retryDelayMs(claimed.attempts)).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      log.error(
        { err: error, email: claimed.id, kind: claimed.kind, attempts: claimed.attempts },
        failed
          ? 'an e-mail could not be sent and was given up'
          : 'an e-mail could not be sent; retrying later',
      );
    }
  }
}
