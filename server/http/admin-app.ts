/**
 * The back office's single-page app at `/admin/` (decision 057): its own build (dist/admin,
 * `npm run build:admin`), never server-rendered and never part of the storefront's bundle.
 * Every path under `/admin/` that is not one of its files answers its `index.html`, whose
 * router draws the screen.
 *
 * The shell names the shop the request's Host chooses (./shop-hosts.ts) in
 * `<meta name="tenant-token">`, which the back office reads (admin/src/api/config.ts), so one
 * build serves every shop's back office at the shop's own domains. A Host no shop answers at
 * gets the plain 404 page; a deployment with no shop at all gets the shell with
 * `<meta name="shop-setup" content="required">`, which opens the first-run set-up.
 *
 * Its documents are private: `X-Robots-Tag: noindex, nofollow` (and the page's own robots
 * meta), `no-store`, no framing (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), and the
 * storefront's strict policy without the analytics hosts: scripts, styles and API calls from
 * this origin only. `Referrer-Policy: no-referrer`: an invitation's one-time token rides in its
 * page's address and must not leave in a Referer header.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withTenantToken } from '../platform/render/index-html.ts';
import { documentPolicy } from '../platform/csp.ts';
import { sendUnknownHost } from './shop-hosts.ts';
import { adminManifest, sendAdminManifest } from './admin-manifest.ts';
import { shopNameOf } from '../content/shop-name.ts';

export interface AdminAppOptions {
  /** The build's root (config.distDir); the back office is in its `admin/` folder. */
  distDir: string;
}

/** The meta that tells the back office the deployment has no shop yet (first-run set-up). */
export const SHOP_SETUP_META = '<meta name="shop-setup" content="required">';

/** The Content-Security-Policy of the back office's documents. */
export const ADMIN_CSP = documentPolicy(
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
);

const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
  '<title>Back office not built</title></head><body><p>The back office is not built yet: run ' +
  '<code>npm run build</code>.</p></body></html>';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function documentHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', ADMIN_CSP)
    .header('X-Frame-Options', 'DENY')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer');
}

/**
 * The build's files a request may name, relative to `root` with `/` between folders: every
 * file but the index (served only as the shell) and source maps (which never leave the
 * server).
 */
function servableFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const name = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (name !== 'index.html' && !name.endsWith('.map')) files.add(name);
  }
  return files;
}

/**
 * Serves the back office's files and its shell (encapsulated: registers routes under
 * `/admin` only). Without a build, every page answers 503 saying how to build it. Its files
 * are served by the shell's own route, looked up in the set of the build's files: a route per
 * file (as `@fastify/static` registers them) held a hundred and thirty routes at rest for a
 * screen most processes never serve.
 */
export async function adminApp(app: FastifyInstance, options: AdminAppOptions): Promise<void> {
  const root = resolve(options.distDir, 'admin');
  const indexPath = join(root, 'index.html');
  const built = existsSync(indexPath);
  const file = built ? readFileSync(indexPath, 'utf8') : NOT_BUILT;
  // The shell of each shop, made on its first page.
  const shells = new Map<string, string>();
  const shellOf = (token: string) => {
    let html = shells.get(token);
    if (html === undefined) {
      html = built ? withTenantToken(file, token) : file;
      shells.set(token, html);
    }
    return html;
  };
  const setupShell = built ? file.replace(/<head>/i, (head) => `${head}${SHOP_SETUP_META}`) : file;
  const files = built ? servableFiles(root) : new Set<string>();
  if (built) {
    // `reply.sendFile` only (no routes): conditional requests, ranges and types as before.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.startsWith(join(root, 'assets')) ? IMMUTABLE : 'no-cache',
        );
        res.header('X-Content-Type-Options', 'nosniff');
      },
    });
  }
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = (request.params as { '*'?: string })['*'] ?? '';
    if (files.has(name)) return reply.sendFile(name);
    // A file the build does not have is a 404, never the shell in its place.
    if (request.url.startsWith('/admin/assets/')) return reply.callNotFound();
    const status = built ? 200 : 503;
    // Reads the shops again at most once a second while no shop answers here (./shop-hosts.ts),
    // not on every page of a deployment still waiting for its first shop.
    const shop = await app.shops.forRequest(request);
    if (app.shops.count() === 0) return documentHeaders(reply.code(status)).send(setupShell);
    if (!shop) return sendUnknownHost(reply);
    return documentHeaders(reply.code(status)).send(shellOf(shop.token));
  };
  // The Home Screen app's manifest, named after the shop (./admin-manifest.ts).
  app.get('/admin/manifest.webmanifest', async (request, reply) => {
    const shop = await app.shops.forRequest(request);
    if (!shop && app.shops.count() > 0) return sendUnknownHost(reply);
    return sendAdminManifest(reply, adminManifest(shop ? await shopNameOf(app.db, shop.id) : ''));
  });
  app.get('/admin', (_request, reply) => reply.redirect('/admin/', 308));
  app.get('/admin/', shell);
  app.get('/admin/*', shell);
}
