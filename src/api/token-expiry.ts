/**
 * Access-token expiry as the storefront judges it (spec section 4): a token counts as expired
 * when its `exp` is within 60 seconds of now, or when it is missing or cannot be decoded.
 * Only the payload is read; the signature is the server's business.
 */
export const EXPIRY_MARGIN_SECONDS = 60;

/** The `exp` claim (seconds since the epoch) of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const payload: unknown = JSON.parse(atob(padded));
    if (typeof payload !== 'object' || payload === null) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** True when the token is missing, undecodable, or expires within the margin. `nowMs` in milliseconds. */
export function isTokenExpired(
  token: string | null | undefined,
  nowMs: number = Date.now(),
): boolean {
  const exp = tokenExpiry(token);
  if (exp === null) return true;
  return exp * 1000 - nowMs <= EXPIRY_MARGIN_SECONDS * 1000;
}
