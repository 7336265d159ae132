/**
 * What the back office's push notifications need of a push service (server/staff/
 * push-notifications.ts): one message sent to one browser. The adapter is ./web-push-sender.ts;
 * tests hand in a local stand-in.
 */

/** Where a message goes: a browser's PushSubscription as the back office sent it. */
export interface PushTarget {
  endpoint: string;
  /** base64url P-256 public key of the browser. */
  p256dh: string;
  /** base64url 16-byte authentication secret of the browser. */
  auth: string;
}

/** What the push service answered: its HTTP status (201 accepted; 404/410 gone for good). */
export interface PushDelivery {
  status: number;
}

/**
 * Sends one message; rejects only when the push service could not be reached at all, or when
 * `options.signal` aborted the request (the outbox's deadline).
 */
export type PushSender = (
  target: PushTarget,
  payload: string,
  options: {
    ttlSeconds: number;
    urgency: 'normal' | 'high';
    topic?: string;
    signal?: AbortSignal;
  },
) => Promise<PushDelivery>;
