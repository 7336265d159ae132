/**
 * Which page paths the storefront has, read from its route ids (`/`, `/products/`,
 * `/products/$slug`, as ./server-render.ts reads them from the build's manifest): what the SPA
 * shell, served instead of a server render (a flood, a failed render), may claim about a path.
 * A shell carries no content, so its status is the only thing a crawler learns from it: it must
 * never say 200 for a path nobody knows to exist.
 */

/**
 * What is known of a page path without rendering it:
 * - `page`: a route without parameters (`/faq`, `/products`): the page exists;
 * - `record`: a route with a parameter (`/products/$slug`): it exists if its record does, which
 *   only a render (or the API) can tell;
 * - `none`: no route matches; the router would answer its not-found page.
 */
export type PathKind = 'page' | 'record' | 'none';

/** A route id's path segments; `/products/` (an index route) is `['products']`. */
function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** The page routes of `routeIds` as segments: the root, pathless and private `-` files left out. */
function pageRoutes(routeIds: Iterable<string>): string[][] {
  return [...routeIds]
    .filter((id) => id.startsWith('/'))
    .map((id) => segments(id))
    .filter((parts) => parts.every((part) => !part.startsWith('-') && !part.startsWith('_')));
}

/**
 * The page routes of `routeIds` (the root, pathless and private `-` files left out), made into
 * a matcher of request paths (`/products/oak-knife`, no query). A `$name` segment matches any
 * one segment; a trailing slash is the same path.
 */
export function pathKinds(routeIds: Iterable<string>): (path: string) => PathKind {
  const routes = pageRoutes(routeIds);
  return (path) => {
    const parts = segments(path);
    let kind: PathKind = 'none';
    for (const route of routes) {
      if (route.length !== parts.length) continue;
      if (!route.every((part, i) => part.startsWith('$') || part === parts[i])) continue;
      if (route.every((part) => !part.startsWith('$'))) return 'page';
      kind = 'record';
    }
    return kind;
  };
}

/**
 * The page route of `routeIds` a request path (no query) matches, written as its route id
 * without a trailing slash (`/products/$slug`, `/products`, `/`), a route without parameters
 * first; null when none matches. What the metrics name a page's requests by (issue 39,
 * server/platform/metrics/): one value per route of the build, never the path itself.
 */
export function pageRouteOf(routeIds: Iterable<string>): (path: string) => string | null {
  const routes = pageRoutes(routeIds);
  return (path) => {
    const parts = segments(path);
    let matched: string[] | null = null;
    for (const route of routes) {
      if (route.length !== parts.length) continue;
      if (!route.every((part, i) => part.startsWith('$') || part === parts[i])) continue;
      if (route.every((part) => !part.startsWith('$'))) return `/${route.join('/')}`;
      matched ??= route;
    }
    return matched === null ? null : `/${matched.join('/')}`;
  };
}
