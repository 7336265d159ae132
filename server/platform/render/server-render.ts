/**
 * What the reference server needs to serve server-rendered pages (decision 008), apart from
 * Fastify itself: the shape of the storefront's render module (common/render-contract.ts, types
 * only: the server imports no other code of src/),
 * the asset lists read from Vite's manifest, and the finishing touches on the rendered HTML.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from './index-html.ts';

import type { Renderer } from '../../../common/render-contract.ts';

/**
 * A finished document kept as the bytes it is sent as, with the byte offsets where each
 * response's nonce goes. Sending a kept page is then one copy of its bytes and a few writes
 * (its text was split, joined and encoded to UTF-8 anew for every response: 14% of a cached
 * page's CPU in the socket write, and 42 KB of garbage a request).
 */
export class NoncedDocument {
  private constructor(
    private readonly bytes: Buffer,
    private readonly nonceAt: readonly number[],
    private readonly nonceLength: number,
  ) {}

  /**
   * The document `html`, in which each occurrence of `marker` (ASCII, as long as every nonce
   * given to {@link with}) stands for the nonce.
   */
  static of(html: string, marker: string): NoncedDocument {
    const bytes = Buffer.from(html, 'utf8');
    const needle = Buffer.from(marker, 'latin1');
    const nonceAt: number[] = [];
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length))
      nonceAt.push(at);
    return new NoncedDocument(bytes, nonceAt, needle.length);
  }

  /**
   * The document's bytes with `nonce` written where the marker stood.
   * @throws Error when `nonce` is not as long as the marker (its bytes would shift).
   */
  with(nonce: string): Buffer {
    if (Buffer.byteLength(nonce, 'latin1') !== this.nonceLength)
      throw new Error(`a nonce of ${this.nonceLength} characters was expected`);
    const out = Buffer.allocUnsafe(this.bytes.length);
    this.bytes.copy(out);
    for (const at of this.nonceAt) out.write(nonce, at, 'latin1');
    return out;
  }
}

/**
 * A finished render kept for reuse: the redirect, or the status and the finished document
 * (without its nonce).
 */
export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'html'; status: number; document: NoncedDocument };

/**
 * The server-rendered pages of the last `ttlMs` (decision 008): a page is the same for every
 * visitor (the session is only known in the browser), so at a burst of requests only the first
 * pays for the render, as the catalogue's answers are cached (decision 005). Keyed by origin
 * and URL; concurrent misses share one render; a failed render is not kept; at most
 * `maxEntries` pages (expired ones go first, then the oldest). A page that expired less than
 * `ttlMs` ago is still served while its next render runs in the background (so a burst never
 * waits for a render), when the caller's `refresh` allows one now; an older one is rendered
 * again first. `clear()` follows the catalogue cache's invalidation, so a change in this
 * process shows at once.
 */
export class PageCache {
  private readonly entries = new Map<
    string,
    { page: Promise<RenderedPage>; expires: number; refreshing?: boolean }
  >();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 200,
  ) {}

  /**
   * The cached page for `key`, or the result of `render` (kept for ttlMs once it resolves).
   * A page past its time but within the refresh window is served as it is; it is rendered
   * again in the background by `refresh` when that gives a render (it returns null when no
   * render may start now: the page stays as it is, and a later request tries again).
   * Without `refresh`, `render` refreshes it.
   */
  get(
    key: string,
    render: () => Promise<RenderedPage>,
    refresh: () => Promise<RenderedPage> | null = render,
  ): Promise<RenderedPage> {
    if (this.ttlMs <= 0) return render();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.page;
    if (hit && hit.expires + this.ttlMs > now) {
      if (!hit.refreshing) {
        const next = refresh();
        if (next) {
          hit.refreshing = true;
          next.then(
            () => {
              if (this.entries.get(key) === hit)
                this.entries.set(key, { page: next, expires: Date.now() + this.ttlMs });
            },
            () => {
              hit.refreshing = false;
            },
          );
        }
      }
      return hit.page;
    }
    if (hit) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      for (const [k, entry] of this.entries) if (entry.expires <= now) this.entries.delete(k);
      while (this.entries.size >= this.maxEntries)
        this.entries.delete(this.entries.keys().next().value as string);
    }
    const page = render();
    const entry = { page, expires: now + this.ttlMs };
    this.entries.set(key, entry);
    page.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return page;
  }

  /** True when `key` has a page to serve now (fresh, or stale within the refresh window). */
  has(key: string): boolean {
    if (this.ttlMs <= 0) return false;
    const hit = this.entries.get(key);
    return hit !== undefined && hit.expires + this.ttlMs > Date.now();
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * Forgets every page that is no longer fresh, those in their refresh window included (a quiet
   * spell, plugins/idle-gc.ts). After a quiet spell the next visitor would be served such a page
   * only while it is rendered again; holding every page of the shop until then costs megabytes
   * of an idle process, a fresh render of a warm worker costs milliseconds.
   */
  prune(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries)
      if (entry.expires <= now && !entry.refreshing) this.entries.delete(key);
  }

  /** Forgets the pages whose key `stale` names (a render in flight still answers its waiters). */
  clearWhere(stale: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (stale(key)) this.entries.delete(key);
  }
}

/**
 * True for a page that can show the stock of one of `slugs`: the page of one of them, and the
 * pages that list products (home, catalogue, gallery). Blog posts, policies, FAQ, contact and
 * the other products' pages do not. `url` is the page's path and query.
 */
export function showsStockOf(url: string, slugs: readonly string[]): boolean {
  const path = url.split('?', 1)[0] ?? '/';
  if (path === '/' || path === '/products' || path === '/gallery') return true;
  const slug = /^\/products\/([^/]+)$/.exec(path)?.[1];
  if (slug === undefined) return false;
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // A malformed escape is no product's page.
  }
  return slugs.includes(decoded);
}

/** Imports the built render module of `distDir`, or null when there is none (not built). */
export function builtRendererLoader(distDir: string): (() => Promise<Renderer>) | null {
  const file = join(distDir, 'server', 'entry-server.js');
  if (!existsSync(file)) return null;
  return () => import(pathToFileURL(file).href) as Promise<Renderer>;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The browser assets of a build: the entry script, the stylesheets, each route's chunks. */
export interface ClientAssets {
  /** `/assets/index-abc.js`. */
  entry: string;
  /** Stylesheets every page links in its head. */
  css: string[];
  /**
   * Chunks a route needs beyond the entry and what the entry already imports, by route id
   * (`/products/$slug`, `__root__`), to be requested together with the entry.
   */
  routeChunks: Map<string, string[]>;
  /** Every route id of the build (`/`, `/products/`, `/products/$slug`): what pages exist. */
  routeIds: string[];
}

/**
 * The route id of a flat file-route name (`products.$slug.tsx` -> `/products/$slug`,
 * `products.index.tsx` -> `/products/`, `index.tsx` -> `/`, `__root.tsx` -> `__root__`).
 */
export function routeIdOfFile(file: string): string {
  const name = file.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  if (name === '__root') return '__root__';
  if (name === 'index') return '/';
  const parts = name.split('.');
  if (parts[parts.length - 1] === 'index') parts[parts.length - 1] = '';
  return `/${parts.join('/')}`;
}

/** Reads the asset lists from `distDir/.vite/manifest.json`; null when there is no manifest. */
export function readClientAssets(distDir: string, base = '/'): ClientAssets | null {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) return null;
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const entryFiles = new Set<string>();
  collect(entryKey, entryFiles);
  // With `cssCodeSplit: false` the one stylesheet is its own manifest entry; with splitting
  // it would hang off the chunks. Either way every stylesheet is linked.
  const css = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of chunk.css ?? []) css.add(file);
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
  }

  const routeChunks = new Map<string, string[]>();
  const routeIds = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const [source = '', split = ''] = (chunk.src ?? key).split('?');
    if (!source.startsWith('src/routes/')) continue;
    const id = routeIdOfFile(source);
    routeIds.add(id);
    // A server-rendered page never shows a pending screen: its chunk can wait.
    if (split.includes('pendingComponent')) continue;
    const files = new Set<string>();
    collect(key, files);
    const own = [...files].filter((file) => !entryFiles.has(file) && file.endsWith('.js'));
    routeChunks.set(id, [...new Set([...(routeChunks.get(id) ?? []), ...own])]);
  }
  const url = (file: string) => `${base}${file}`;
  return {
    entry: url(manifest[entryKey]!.file),
    css: [...css].map(url),
    routeChunks: new Map([...routeChunks].map(([id, files]) => [id, files.map(url)])),
    routeIds: [...routeIds],
  };
}

/**
 * Milliseconds the boot script waits for the first contentful paint before loading the scripts
 * anyway (a browser without paint timing, or a tab opened in the background, never reports it).
 */
export const FIRST_PAINT_WAIT_MS = 1500;

/**
 * The rendered document made ready to send: the shop's `<meta name="tenant-token">` (when
 * `tenantToken` is given) and the stylesheets in the head, and at the end
 * of the body one small nonce'd script that, once the page has loaded AND painted its first
 * content, adds modulepreload links for the route's chunks and the entry script, which then
 * hydrates. No script or preload is requested before the first paint (speed budget):
 * `load` alone is not enough, as a page whose images come fast can load before it paints
 * (measured on `/`: load at 0.3 s, first paint at 1.3 s, the scripts requested in between).
 */
export function finishDocument(
  html: string,
  assets: ClientAssets,
  routeIds: readonly string[],
  nonce: string,
  tenantToken?: string,
): string {
  const preloads = [...new Set(routeIds.flatMap((id) => assets.routeChunks.get(id) ?? []))];
  const styles = assets.css
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  const boot =
    `<script nonce="${escapeHtml(nonce)}">addEventListener("load",function(){` +
    `var d=document,h=d.head,started=0;function go(){if(started++)return;` +
    `${JSON.stringify(preloads)}.forEach(function(u){` +
    `var l=d.createElement("link");l.rel="modulepreload";l.href=u;h.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";s.src=${JSON.stringify(assets.entry)};h.appendChild(s)}` +
    `try{new PerformanceObserver(function(list){` +
    `if(list.getEntriesByName("first-contentful-paint").length)go()})` +
    `.observe({type:"paint",buffered:true})}catch(e){go()}` +
    `setTimeout(go,${FIRST_PAINT_WAIT_MS})})</script>`;
  // The shop the page belongs to, which the storefront's requests name (src/api/config.ts).
  const tenant =
    tenantToken === undefined
      ? ''
      : `<meta name="tenant-token" content="${escapeHtml(tenantToken)}">`;
  const withStyles = html.replace(/<\/head>/i, () => `${tenant}${styles}</head>`);
  const at = withStyles.lastIndexOf('</body>');
  if (at === -1) return withStyles + boot;
  return withStyles.slice(0, at) + boot + withStyles.slice(at);
}
