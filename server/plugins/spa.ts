/**
 * Serves the built storefront from dist/ on the API's origin (issue 2, section 3):
 * - hashed files under /assets/ with `Cache-Control: public, max-age=31536000, immutable`;
 * - index.html, rendered once at start-up with the tenant's site settings inlined
 *   (lib/index-html.ts), with `no-cache` and the document's security headers (CSP, nosniff,
 *   Referrer-Policy);
 * - other top-level files (robots.txt, favicon.ico, ...) with an hour of caching;
 * - index.html for any other GET that accepts HTML and is not an API, media or asset path
 *   (client routes); API paths keep their JSON 404.
 * When dist/index.html is missing, those pages answer 503 with how to build the SPA.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { components } from '../../src/api/schema';
import { contentSecurityPolicy, renderIndexHtml } from '../lib/index-html.ts';

export interface SpaPluginOptions {
  distDir: string;
  publicApiPath: string;
  /** The site settings to inline, or null (no tenant with the configured token). */
  siteSettings: components['schemas']['SiteSettings'] | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storefront not built</title></head>' +
  '<body><h1>Storefront not built</h1><p>The API is running, but dist/index.html is missing. ' +
  'Run <code>npm run build</code> (or <code>npm start</code>, which builds it first) and restart.</p></body></html>';

/** True when `request` is a page navigation the SPA should answer (not API, media or an asset). */
export function isSpaNavigation(request: FastifyRequest, publicApiPath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (path === publicApiPath || path.startsWith(`${publicApiPath}/`) || path.startsWith('/assets/'))
    return false;
  return (request.headers.accept ?? '').includes('text/html');
}

async function spaPlugin(app: FastifyInstance, options: SpaPluginOptions): Promise<void> {
  const root = resolve(options.distDir);
  const indexPath = join(root, 'index.html');
  const built = existsSync(indexPath);
  const html = built
    ? renderIndexHtml(readFileSync(indexPath, 'utf8'), options.siteSettings)
    : NOT_BUILT;
  const csp = contentSecurityPolicy(options.siteSettings);

  const sendIndex = (reply: FastifyReply) =>
    reply
      .code(built ? 200 : 503)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', csp)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .send(html);

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // index.html is only ever served rendered (below), never raw from disk.
      globIgnore: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(join(root, 'assets'));
        res.header('Cache-Control', immutable ? IMMUTABLE : 'public, max-age=3600');
        res.header('X-Content-Type-Options', 'nosniff');
      },
    });
  }

  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/index.html', (_request, reply) => sendIndex(reply));

  const fallback = app.notFoundResponder;
  app.notFoundResponder = (request, reply) =>
    isSpaNavigation(request, options.publicApiPath) ? sendIndex(reply) : fallback(request, reply);
}

/**
 * Registers the SPA routes and swaps the app's not-found responder for one with the SPA
 * fallback (not encapsulated: it changes the root's 404 behaviour).
 */
export const spa = fp(spaPlugin, { name: 'spa', dependencies: ['errors'] });
