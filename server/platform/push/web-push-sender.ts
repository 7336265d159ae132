/**
 * Sends one Web Push message (RFC 8030) to a browser's push service: the payload encrypted to
 * the browser's keys (RFC 8291, `aes128gcm`) and the request signed with the server's VAPID key
 * (RFC 8292), both by the `web-push` library. The request itself goes through `fetch`, not the
 * library's own `https.request`, so it follows no redirect (a push service answers, it does not
 * send us elsewhere), gives up after a timeout, and can reach a tests' stand-in service on
 * plain HTTP.
 *
 * The private key stays in this module's closure: it is never logged nor answered.
 */
import webpush from 'web-push';
import type { PushSender } from './push-sender.ts';
import type { VapidKeys } from './vapid-keys.ts';

/**
 * A PushSender signing with `keys` as `subject` (a `mailto:` or `https:` URL), each request
 * given `timeoutMs` (default 10 s), or less when the caller's `signal` aborts it first.
 */
export function webPushSender(keys: VapidKeys, subject: string, timeoutMs = 10_000): PushSender {
  return async (target, payload, options) => {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, headerValue] of Object.entries(details.headers)) {
      // fetch sets the length from the body itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(headerValue);
    }
    const response = await fetch(target.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: options.signal
        ? AbortSignal.any([AbortSignal.timeout(timeoutMs), options.signal])
        : AbortSignal.timeout(timeoutMs),
    });
    // The body says why when it failed; nothing here needs it.
    await response.body?.cancel();
    return { status: response.status };
  };
}
