/**
 * The `redirect` search param of /login (ASVS V5.1.5: no open redirect).
 * Only a same-site path is accepted: it starts with exactly one '/' (not '//host' nor '/\host',
 * which browsers treat as another origin), holds no whitespace or control characters (browsers
 * drop tabs and newlines, turning '/\t/host' into '//host'), and resolves to this origin.
 * Anything else is undefined.
 */
function looksSameSite(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\s\u0000-\u001f\u007f\\]/.test(path);
}

export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !looksSameSite(value)) return undefined;
  try {
    const base = 'https://storefront.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return undefined;
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments can normalise into a protocol-relative path ('/a/..//evil.example' -> '//evil.example'):
    // the path handed back must pass the same checks as the one that came in.
    return looksSameSite(normalised) ? normalised : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The login page that comes back to `path` afterwards: `/login?redirect=/cart` (spec sections 2
 * and 5). Slashes stay readable; everything else that needs it is percent-encoded.
 */
export function loginHref(path: string): string {
  return `/login?redirect=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}

/**
 * True for an absolute http(s) URL the browser may be sent to off-site: a card gateway's page
 * or a shop's configured payment page. Never a `javascript:` or `data:` address, a
 * relative path, or anything that does not parse.
 */
export function isSafeExternalUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
