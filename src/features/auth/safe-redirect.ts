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
    // Dot segments can normalise into a protocol-relative path ('/a/..//evil.example' ->
    // '//evil.example'): the path handed back must pass the same checks as the one that came in.
    return looksSameSite(normalised) ? normalised : undefined;
  } catch {
    return undefined;
  }
}
