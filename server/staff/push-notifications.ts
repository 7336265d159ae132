/**
 * The back office's push notifications (issue 40, "Told at once of a new order"): each member
 * turns them on per device (the browser's PushSubscription, kept in
 * `staff_push_subscriptions`) and chooses, for all their devices, which events they are told
 * of: a new paid order, an order waiting for a bank transfer (or another payment the shop
 * confirms by hand), a new message from a shopper. The e-mails of these events stay as they are.
 *
 * - An event is queued (`queuePushNotice`) in the transaction that made it happen, as a row of
 *   `push_outbox` with a dedupe key, so it is told once or not at all, however often the
 *   transition is replayed.
 * - After the commit, `PushOutbox` sends it: a row is claimed with a conditional UPDATE, so of
 *   several API processes exactly one sends it (a claim held by a process that died expires
 *   after `lockSeconds`). It is sent to every device of the shop's members whose switch for its
 *   kind is on, to all of them at once within a deadline well inside the claim (so a slow push
 *   service never lets the claim expire and the row be told twice); the push service's 404 or
 *   410 (the browser unsubscribed, or the subscription expired) deletes that device; sent rows are forgotten after a week. A failure is logged
 *   without the endpoint (a capability URL) nor the payload and never retried: the e-mail
 *   still tells. An event older than `maxAgeMs` when first looked at (a server down for hours)
 *   is dropped rather than told late.
 * - The payload is what a lock screen may show: the order number and its amount, or "New
 *   message from a shopper"; never a name, an address or a message's words.
 *
 * Subscriptions are refused (400, `staff_invalid`) unless the endpoint is an https URL on one of
 * the browsers' push services (`PUSH_SERVICE_HOSTS`: Chrome's, Firefox's, Safari's, Edge's; the
 * default port, no credentials), at most 1,024 characters once normalised, or a plain-HTTP
 * loopback URL when the test-only setting allows it, and the keys are a P-256 public key (65
 * bytes) and a 16-byte secret, both base64url. Any other name is refused, even a public one: the
 * server signs and POSTs to the endpoint, and a name may resolve to an address inside our own
 * network. Spec: openapi/admin.yaml, tag me (PushSettings, PushSubscriptionInput).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import { hasNul } from '../platform/canonical-json.ts';
import { NUL_MESSAGE } from '../platform/field-messages.ts';
import type { Logger } from '../platform/logger.ts';
import { PollingDrain } from '../platform/polling-drain.ts';
import { isBase64UrlOf } from '../platform/push/vapid-keys.ts';
import type { PushSender, PushTarget } from '../platform/push/push-sender.ts';
import type { StaffActor } from './actor.ts';
import type { StaffErrorCode } from './errors.ts';
import './push-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The kinds of event a member may be told of, each with its own switch. */
export const PUSH_EVENT_KINDS = ['order_paid', 'transfer_to_confirm', 'new_message'] as const;
export type PushEventKind = (typeof PUSH_EVENT_KINDS)[number];

/** A member's switches: true tells them of that kind of event. */
export type PushEvents = Record<PushEventKind, boolean>;

/** The contract's PushSettings. */
export interface PushSettingsView {
  /** The server's VAPID public key (base64url) for `pushManager.subscribe`; null: push is off. */
  public_key: string | null;
  events: PushEvents;
  /** How many of the member's devices receive notifications. */
  devices: number;
}

/** The contract's PushSubscriptionInput: a browser's PushSubscription, as `toJSON` gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a notification shows: no personal data (see the module comment). */
export interface PushNotice {
  title: string;
  body: string;
  /** The back office's page it opens (`/admin/orders/1042`). */
  url: string;
  /** Replaces an earlier notification of the same thing on the device. */
  tag: string;
}

/** Most characters of an endpoint, once normalised (`staff_push_subscriptions.endpoint`). */
export const MAX_ENDPOINT = 1024;

/**
 * The browsers' push services, by host name: an exact name, or `.name` for any name under it
 * (Chrome: FCM; Firefox: Mozilla's autopush; Safari: Apple's, `web.push.apple.com`; Edge:
 * Windows Push Notification Services).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

/** True when `host` (lower case) is one of {@link PUSH_SERVICE_HOSTS}. */
function isPushServiceHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((known) =>
    known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known,
  );
}

/** What a refused subscription says. */
export const PUSH_MESSAGES = {
  endpoint: "This is not a browser's push service address.",
  longEndpoint: 'This push service address is too long: at most 1,024 characters.',
  keys: "These are not a browser's push keys.",
} as const;

const ALL_ON: PushEvents = { order_paid: true, transfer_to_confirm: true, new_message: true };

const invalid = (field: string, message: string) =>
  new DomainError<StaffErrorCode>('staff_invalid', message, { fields: { [field]: [message] } });

/** The member's switches (every one on when they never changed any). */
async function eventsOf(db: Db, actor: StaffActor): Promise<PushEvents> {
  const row = await db
    .selectFrom('staff_push_settings')
    .selectAll()
    .where('staff_id', '=', actor.id)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  if (!row) return { ...ALL_ON };
  return {
    order_paid: toBool(row.order_paid),
    transfer_to_confirm: toBool(row.transfer_to_confirm),
    new_message: toBool(row.new_message),
  };
}

/**
 * The signed-in member's PushSettings: the server's public key (`publicKey`, null when push is
 * off on this server), their switches and how many devices they turned notifications on in.
 */
export async function pushSettingsOf(
  db: Kysely<Database>,
  actor: StaffActor,
  publicKey: string | null,
): Promise<PushSettingsView> {
  const [events, count] = await Promise.all([
    eventsOf(db, actor),
    db
      .selectFrom('staff_push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', actor.tenantId)
      .where('staff_id', '=', actor.id)
      .executeTakeFirstOrThrow(),
  ]);
  return { public_key: publicKey, events, devices: Number(count.n) };
}

/**
 * Saves the member's switches (`events`: any of them; the others keep their value).
 * @returns the PushSettings as saved.
 */
export async function updatePushEvents(
  db: Kysely<Database>,
  actor: StaffActor,
  events: Partial<PushEvents>,
  publicKey: string | null,
): Promise<PushSettingsView> {
  await db.transaction().execute(async (trx) => {
    const next = { ...(await eventsOf(trx, actor)), ...events };
    const values = {
      order_paid: next.order_paid ? 1 : 0,
      transfer_to_confirm: next.transfer_to_confirm ? 1 : 0,
      new_message: next.new_message ? 1 : 0,
    };
    await trx
      .insertInto('staff_push_settings')
      .values({ staff_id: actor.id, tenant_id: actor.tenantId, ...values })
      .onConflict((oc) => oc.column('staff_id').doUpdateSet(values))
      .execute();
  });
  return pushSettingsOf(db, actor, publicKey);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The endpoint, normalised, if it is a browser's push service (see the module comment).
 * @throws DomainError `staff_invalid` (field `endpoint`) otherwise.
 */
function checkEndpoint(endpoint: string, allowLoopbackHttp: boolean): string {
  if (hasNul(endpoint)) throw invalid('endpoint', NUL_MESSAGE);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('endpoint', PUSH_MESSAGES.endpoint);
  }
  const host = url.hostname.toLowerCase();
  const loopbackHttp = allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(host);
  const pushService = url.protocol === 'https:' && url.port === '' && isPushServiceHost(host);
  if ((!loopbackHttp && !pushService) || url.username !== '' || url.password !== '') {
    throw invalid('endpoint', PUSH_MESSAGES.endpoint);
  }
  // Normalising may lengthen it (percent-encoding): the column holds MAX_ENDPOINT.
  if (url.href.length > MAX_ENDPOINT) throw invalid('endpoint', PUSH_MESSAGES.longEndpoint);
  return url.href;
}

/**
 * Turns notifications on for the member's device `input` (the browser's PushSubscription), from
 * `userAgent`. The same endpoint subscribed before (by them, another member or another shop) is
 * theirs from now on, with the keys just sent.
 * @param options.allowLoopbackHttp the test-only setting (config.pushAllowLoopbackHttp).
 * @returns the member's PushSettings.
 * @throws DomainError `staff_invalid` (field `endpoint` or `keys`) for a subscription refused.
 */
export async function addPushSubscription(
  db: Kysely<Database>,
  actor: StaffActor,
  input: PushSubscriptionInput,
  options: { allowLoopbackHttp: boolean; userAgent: string | null; publicKey: string | null },
): Promise<PushSettingsView> {
  const endpoint = checkEndpoint(input.endpoint, options.allowLoopbackHttp);
  const { p256dh, auth } = input.keys;
  if (hasNul(p256dh) || hasNul(auth)) throw invalid('keys', NUL_MESSAGE);
  if (
    !isBase64UrlOf(p256dh, 65) ||
    Buffer.from(p256dh.replace(/=+$/, ''), 'base64url')[0] !== 0x04 ||
    !isBase64UrlOf(auth, 16)
  ) {
    throw invalid('keys', PUSH_MESSAGES.keys);
  }
  const userAgent = options.userAgent?.replaceAll('\u0000', '').slice(0, 300) || null;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_push_subscriptions').where('endpoint', '=', endpoint).execute();
    await trx
      .insertInto('staff_push_subscriptions')
      .values({
        tenant_id: actor.tenantId,
        staff_id: actor.id,
        endpoint,
        p256dh,
        auth,
        user_agent: userAgent,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  return pushSettingsOf(db, actor, options.publicKey);
}

/**
 * Turns notifications off for the member's device whose endpoint is `endpoint`. Another
 * member's device, or one not subscribed, is left alone without a word (the same answer, so an
 * endpoint tells nothing of others).
 */
export async function removePushSubscription(
  db: Kysely<Database>,
  actor: StaffActor,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('staff_push_subscriptions')
    .where('tenant_id', '=', actor.tenantId)
    .where('staff_id', '=', actor.id)
    .where('endpoint', '=', endpoint)
    .execute();
}

/**
 * Queues notice `notice` of kind `kind` for shop `tenantId`'s members, in the transaction `db`
 * of the event; `dedupeKey` names the event (`order:42:paid:7`): a second queueing of it is a
 * no-op. A shop where no device is subscribed queues nothing: one indexed read instead of a row
 * written, claimed and marked sent for nobody on every paid order (the payment notify's p99,
 * `npm run bench`). A device subscribed while the event commits may miss that one notice.
 */
export async function queuePushNotice(
  db: Db,
  tenantId: number,
  kind: PushEventKind,
  dedupeKey: string,
  notice: PushNotice,
): Promise<void> {
  const subscribed = await db
    .selectFrom('staff_push_subscriptions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  if (!subscribed) return;
  await db
    .insertInto('push_outbox')
    .values({
      tenant_id: tenantId,
      kind,
      data: JSON.stringify(notice),
      dedupe_key: dedupeKey.slice(0, 160),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * What the push outbox needs: the database its rows are in, how to send (null: push is off), a
 * logger, and its timings (all optional; the defaults suit production).
 */
export interface PushOutboxOptions {
  db: Kysely<Database>;
  /** Null when push is off on this server: rows are marked sent without a try. */
  send: PushSender | null;
  log: Logger;
  /** How long a claim holds (s; default 60). */
  lockSeconds?: number;
  /** How often unsent rows are looked for when nothing wakes the sender (ms; default 5000). */
  pollMs?: number;
  /** Older rows are dropped untold (ms; default one hour). */
  maxAgeMs?: number;
  /**
   * How long sending one notice to all its devices may take (ms; default a third of the claim,
   * at most 20 s): then the sends still waiting are aborted, so the claim never runs out first.
   */
  sendDeadlineMs?: number;
}

const BATCH = 20;

/** Sends the queued notices after their commit (see the module comment). */
export class PushOutbox extends PollingDrain {
  private prunedAt = 0;

  constructor(private readonly options: PushOutboxOptions) {
    super(options.log, 'the push outbox failed', options.pollMs ?? 5000);
  }

  /** Claims and sends the waiting rows until none is left; forgets week-old sent rows hourly. */
  async drain(): Promise<void> {
    if (Date.now() - this.prunedAt > 60 * 60_000) {
      this.prunedAt = Date.now();
      await this.options.db
        .deleteFrom('push_outbox')
        .where('sent_at', '<', new Date(Date.now() - 7 * 24 * 60 * 60_000).toISOString())
        .execute();
    }
    for (;;) {
      const now = new Date().toISOString();
      const due = await this.options.db
        .selectFrom('push_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const { id } of due) await this.sendOne(id);
      if (due.length < BATCH) return;
    }
  }

  private async sendOne(id: number): Promise<void> {
    const { db, log } = this.options;
    const now = new Date();
    const claimed = await db
      .updateTable('push_outbox')
      .set({
        locked_until: new Date(
          now.getTime() + (this.options.lockSeconds ?? 60) * 1000,
        ).toISOString(),
      })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) =>
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return;
    const age = now.getTime() - new Date(claimed.created_at).getTime();
    if (this.options.send && age <= (this.options.maxAgeMs ?? 60 * 60_000)) {
      await this.tell(claimed.tenant_id, claimed.kind as PushEventKind, claimed.data);
    }
    await db
      .updateTable('push_outbox')
      .set({ sent_at: new Date().toISOString(), locked_until: null })
      .where('id', '=', id)
      .execute();
    log.debug?.({ push: id, kind: claimed.kind }, 'push notice handled');
  }

  /** Sends `data` to every device of the shop's members whose switch for `kind` is on. */
  private async tell(tenantId: number, kind: PushEventKind, data: string): Promise<void> {
    const { db, log } = this.options;
    const send = this.options.send;
    if (!send || !PUSH_EVENT_KINDS.includes(kind)) return;
    const targets = await db
      .selectFrom('staff_push_subscriptions as s')
      .innerJoin('staff as m', (join) =>
        join.onRef('m.id', '=', 's.staff_id').onRef('m.tenant_id', '=', 's.tenant_id'),
      )
      .leftJoin('staff_push_settings as p', 'p.staff_id', 's.staff_id')
      .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', `p.${kind} as on`])
      .where('s.tenant_id', '=', tenantId)
      .where('m.removed_at', 'is', null)
      .execute();
    // No settings row: every switch is on.
    const chosen = targets.filter(
      (target) => target.on === null || target.on === undefined || toBool(target.on),
    );
    if (chosen.length === 0) return;
    // All at once, and never past the deadline: the row's claim must outlast the whole send,
    // or another process would claim it again and tell the members twice.
    const deadline = AbortSignal.timeout(this.deadlineMs());
    const passed = new Promise<void>((resolve) => {
      deadline.addEventListener('abort', () => resolve(), { once: true });
    });
    const all = Promise.allSettled(chosen.map((target) => this.tellOne(target, data, deadline)));
    await Promise.race([all, passed]);
    if (deadline.aborted) log.warn({ kind }, 'the push services did not all answer in time');
  }

  /** How long one notice's sends may take (ms): a third of the claim, at most 20 s. */
  private deadlineMs(): number {
    return (
      this.options.sendDeadlineMs ?? Math.min(20_000, ((this.options.lockSeconds ?? 60) * 1000) / 3)
    );
  }

  /** Sends `data` to one device and records what its push service answered; never throws. */
  private async tellOne(
    target: PushTarget & { id: number },
    data: string,
    signal: AbortSignal,
  ): Promise<void> {
    const { db, log } = this.options;
    const send = this.options.send!;
    try {
      const { status } = await send(target, data, {
        ttlSeconds: 24 * 60 * 60,
        urgency: 'high',
        signal,
      });
      if (status === 404 || status === 410) {
        await db.deleteFrom('staff_push_subscriptions').where('id', '=', target.id).execute();
        log.info({ subscription: target.id, status }, 'a push subscription is gone: deleted');
      } else if (status >= 200 && status < 300) {
        await db
          .updateTable('staff_push_subscriptions')
          .set({ last_sent_at: new Date().toISOString() })
          .where('id', '=', target.id)
          .execute();
      } else {
        log.warn({ subscription: target.id, status }, 'a push service refused a notification');
      }
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'Error';
      log.warn({ subscription: target.id, reason }, 'a push service could not be reached');
    }
  }
}
