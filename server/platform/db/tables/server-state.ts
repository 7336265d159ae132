/**
 * Table types of state the API processes share through the database that is not shop data
 * (architecture guide, convention 14): request throttle counters and the e-mail outbox.
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
