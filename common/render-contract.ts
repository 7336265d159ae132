/**
 * The shape of the storefront's server render (decision 008), shared by its two sides:
 * src/entry-server.tsx implements it (built to dist/server/entry-server.js) and the reference
 * server (server/platform/render/server-render.ts) calls it. Types only, with no import, so the
 * server's type check can include this file without the browser code behind it.
 */

/** Hands one API request to the API in the same process and resolves its answer. */
export type ApiFetch = (request: Request) => Promise<Response>;

/** What one render needs. */
export interface RenderInput {
  /** Path and query of the page (`/products?category=knives`). */
  url: string;
  /** The storefront's origin as the visitor sees it (`https://shop.example`). */
  origin: string;
  /** This response's CSP nonce, put on every inline script. */
  nonce: string;
  /** Answers one API request in process, for the tenant of this page. */
  fetchApi: ApiFetch;
  /** Give up (and let the caller serve the shell) after this many ms (default 5000). */
  timeoutMs?: number;
}

/** A rendered page, or the redirect the router answered instead. */
export type RenderResult =
  | {
      kind: 'html';
      status: number;
      /** The whole document, `<!DOCTYPE html>` first. */
      html: string;
      /** Route ids of the rendered matches, root first (to preload their chunks). */
      routeIds: string[];
    }
  | { kind: 'redirect'; status: number; location: string };

/** The render module's exports. */
export interface Renderer {
  render(input: RenderInput): Promise<RenderResult>;
  /** Runs a full garbage collection where the renders run, when that is another thread. */
  collectGarbage?(): void;
}
