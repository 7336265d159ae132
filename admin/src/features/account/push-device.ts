/**
 * This device's side of push notifications: the back office's service worker
 * (`/admin/sw.js`, scope `/admin/`, from admin/public/) and the browser's PushSubscription.
 * Loaded only with the Account screen, never in the back office's first load.
 *
 * Errors: `PushBlockedError` when the member (or the browser) refused notifications; anything
 * else the browser throws (no push service reachable) goes on as it is.
 */
import type { PushSubscriptionInput } from './push-api';

/** Where the service worker is, and the part of the site it serves. */
export const SERVICE_WORKER_URL = '/admin/sw.js';
export const SERVICE_WORKER_SCOPE = '/admin/';

/** Notifications are blocked for this site (the member said no, or the browser's settings). */
export class PushBlockedError extends Error {
  constructor() {
    super(
      "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
    );
    this.name = 'PushBlockedError';
  }
}

/** Whether this browser can receive push notifications here (service workers, Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The base64url VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The subscription as the contract takes it: endpoint and keys only. */
function inputOf(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Whether this device receives notifications: 'unsupported' when the browser cannot, else 'on'
 * when it holds a subscription, 'off' otherwise (or when the browser could not say).
 */
export async function deviceState(): Promise<'unsupported' | 'on' | 'off'> {
  if (!pushSupported()) return 'unsupported';
  try {
    return (await currentSubscription()) ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

/** This device's current subscription, or null (none, or no service worker yet). */
export async function currentSubscription(): Promise<PushSubscriptionInput | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? inputOf(subscription) : null;
}

/**
 * Asks for permission, registers the service worker and subscribes this device with the
 * server's key `publicKey` (a subscription made with another key is replaced).
 * @throws PushBlockedError when notifications are not allowed.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError();
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const key = existing.options.applicationServerKey;
    const same =
      key !== null &&
      new Uint8Array(key).every((byte, i) => byte === applicationServerKey[i]) &&
      key.byteLength === applicationServerKey.byteLength;
    if (same) return inputOf(existing);
    await existing.unsubscribe();
  }
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  return inputOf(subscription);
}

/** Unsubscribes this device; answers the endpoint it had, or null when it had none. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
