/**
 * The token of a link a shop e-mailed (`?token=`), for a page that sends it once from the
 * browser: `/verify-email` (hardening round four) and `/back-in-stock/confirm` (issue 42).
 * The token leaves the address bar in a layout effect, before the root route's effects
 * configure analytics, and the page keeps it for the rest of its life (a new link's replaces
 * it). Imported by those pages' lazy components only, never by the first load.
 */
import { useLayoutEffect, useState } from 'react';
import { dropQueryFromAddressBar } from './reset-token';

/**
 * `fromUrl`: the route's validated `token` search param; `path`: the page's path without its
 * query; `navigate`: the route's own (`Route.useNavigate()`), which empties the search.
 * @returns the token to send, or undefined when the page was opened without one.
 */
export function useLinkToken(
  fromUrl: string | undefined,
  path: string,
  navigate: (options: { search: Record<string, never>; replace: true }) => unknown,
): string | undefined {
  const [token, setToken] = useState(fromUrl);
  if (fromUrl && fromUrl !== token) setToken(fromUrl);
  useLayoutEffect(() => {
    if (!fromUrl) return;
    dropQueryFromAddressBar(path);
    void navigate({ search: {}, replace: true });
  }, [fromUrl, path, navigate]);
  return token;
}
