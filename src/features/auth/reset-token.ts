/**
 * The password-reset token of `/reset-password?token=…`, taken out of the address bar as soon as
 * the page runs, before any script but the shop's own (analytics is configured by the root
 * route's effect, which React runs after this page's layout effect): a token left in the URL
 * would be sent to analytics, kept in the history and shown to anyone looking at the screen.
 * It is kept in this tab's sessionStorage instead, so a reload of the page still works, and
 * forgotten once the new password is set.
 */

const KEY = 'passwordResetToken';

/**
 * A token as an e-mailed link carries it (base64url, bounded: a reset or a verification link's
 * `?token=`); anything else is dropped, so the page treats it as no link at all.
 */
export function linkTokenParam(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
}

/** Keeps `token` for this tab (storage that cannot be used only costs a reload). */
export function keepResetToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Private mode or no storage: the page still works until it is reloaded.
  }
}

/** The token this tab keeps, or undefined. */
export function readResetToken(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the token (it is spent once the password is set). */
export function forgetResetToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Replaces the address bar's URL with `path`, keeping the history entry (no navigation). */
export function dropQueryFromAddressBar(path: string): void {
  window.history.replaceState(window.history.state, '', path);
}
