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
 * Keeps `fromUrl` (when given) and answers the token this tab holds: the one just kept, else
 * the one kept by an earlier visit of this tab, else undefined. Storage that cannot be used
 * (private mode, tests) only costs the reload.
 */
export function keepResetToken(fromUrl: string | undefined): string | undefined {
  try {
    if (fromUrl) {
      sessionStorage.setItem(KEY, fromUrl);
      return fromUrl;
    }
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return fromUrl;
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
