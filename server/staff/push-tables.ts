/**
 * The tables of the back office's push notifications (./push-notifications.ts): members'
 * devices, their switches, and the events waiting to be sent. Owned here; they join the shop's
 * `Database` (server/platform/db/database.ts) by declaration merging, as ./tables.ts does.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/tables/column-types.ts';

type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** One device (a browser's PushSubscription) a member turned notifications on in. */
export interface StaffPushSubscriptionsTable {
  id: Generated<number>;
  tenant_id: number;
  staff_id: number;
  /** The push service's URL for this browser (https; unique: one browser, one member). */
  endpoint: string;
  /** The browser's P-256 public key (65 bytes, base64url): the payload is encrypted to it. */
  p256dh: string;
  /** The browser's authentication secret (16 bytes, base64url). */
  auth: string;
  /** The device as its browser named itself when it subscribed, shortened; null when unknown. */
  user_agent: string | null;
  created_at: Timestamp;
  last_sent_at: NullableTimestamp;
}

/** A member's switches, one per kind of event (no row: every switch on). */
export interface StaffPushSettingsTable {
  staff_id: number;
  tenant_id: number;
  order_paid: Bool;
  transfer_to_confirm: Bool;
  new_message: Bool;
}

/** An event waiting to be told to the shop's members' devices. */
export interface PushOutboxTable {
  id: Generated<number>;
  tenant_id: number;
  /** A PushEventKind (./push-notifications.ts). */
  kind: string;
  /** JSON of the notification: `{title, body, url, tag}` (no personal data). */
  data: string;
  /** Unique per event (`order:42:paid:7`), so a replayed event is queued once. */
  dedupe_key: string;
  created_at: Timestamp;
  /** A process's claim while it sends; expired claims are taken by whoever comes next. */
  locked_until: NullableTimestamp;
  sent_at: NullableTimestamp;
}

declare module '../platform/db/database.ts' {
  interface Database {
    staff_push_subscriptions: StaffPushSubscriptionsTable;
    staff_push_settings: StaffPushSettingsTable;
    push_outbox: PushOutboxTable;
  }
}
