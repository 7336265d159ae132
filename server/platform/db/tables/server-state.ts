/**
 * Table types of state the API processes share through the database that is not shop data
 * (architecture guide, convention 14): request throttle counters, the e-mail outbox and the
 * jobs the processes take turns at.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A fixed-window counter of requests per (scope, tenant, key), e.g. contact messages per address. */
export interface RequestThrottlesTable {
  scope: string;
  tenant_id: number;
  key: string;
  hits: number;
  /** End of the current window, epoch ms (bigint: a string from PostgreSQL). */
  window_ends_ms: ColumnType<number | string, number, number>;
}

/** An e-mail waiting to be sent, or sent (server/platform/mail/outbox.ts). */
export interface EmailOutboxTable {
  id: Generated<number>;
  tenant_id: number;
  /** The e-mail's `kind`: its data's, which names the noun that renders it (server/emails.ts). */
  kind: string;
  recipient: string;
  /** The e-mail's data as JSON text. */
  data: string;
  /** Unique per event, e.g. `order:12:placed:shopper`. */
  dedupe_key: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  /** A sender that claimed the row holds it until then; after that another may take it. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The order the e-mail is about (its page lists them); null for other e-mails. */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A job the API processes take turns at (2026-029), such as the scheduled backup
 * (server/platform/backup/schedule.ts): one row per job, claimed by one process at a time.
 */
export interface ScheduledJobsTable {
  /** The job's name, e.g. `backup`. */
  name: string;
  /** When it should run next. */
  due_at: Timestamp;
  /** A process that claimed the job holds it until then; after that another may take it. */
  locked_until: Timestamp | null;
  /** Which process holds the claim (a random id per process), so only it renews or ends it. */
  locked_by: string | null;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  /** How the last run ended: `ok` or `failed`; null before the first. */
  last_outcome: string | null;
  /** What the last run made (an archive's name) or why it failed (one line). */
  last_detail: string | null;
}
