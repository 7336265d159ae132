/**
 * When to refresh the access token before sending it: when its `exp` claim is within 30
 * seconds of now. Only the payload is read; the signature is the server's business. A token
 * whose expiry cannot be read is sent as it is, and a 401 answer refreshes it then.
 */
export const EXPIRY_MARGIN_SECONDS = 30;

/** The `exp` claim (seconds since the epoch) of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
    const exp = (json as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** True when the token's known expiry is within the margin of `nowMs` (milliseconds). */
export function expiresSoon(token: string, nowMs: number = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 - nowMs <= EXPIRY_MARGIN_SECONDS * 1000;
}
