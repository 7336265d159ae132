/**
 * Serves the storefront from dist/ on the API's origin:
 * - every page (a GET that accepts HTML and is not an API, media or asset path) rendered on
 *   the server (decision 008): the matched routes' loaders run against this API in process,
 *   for the storefront's tenant; the answer carries the route's real status (404 for an
 *   unknown path or product), a per-response CSP nonce on its inline scripts, `no-cache` and
 *   the document's security headers (CSP, nosniff, Referrer-Policy);
 * - when the render module is missing or a render fails, the SPA shell instead: index.html,
 *   rendered at start-up (and again when the site settings change) with them inlined
 *   (lib/index-html.ts), which renders the page in the browser. A failed render is logged,
 *   never a blank page or a bare 500;
 * - hashed files under /assets/ with `Cache-Control: public, max-age=31536000, immutable`;
 * - other top-level files (favicon.ico, ...) with an hour of caching; API paths keep their
 *   JSON 404.
 * When dist/index.html is missing, those pages answer 503 with how to build the SPA. Which
 * requests are pages (and which product pages moved) is ./page-requests.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { components } from '../../common/storefront-api';
import {
  contentSecurityPolicy,
  renderIndexHtml,
  withCardAspect,
  withTenantToken,
} from '../platform/render/index-html.ts';
import { pageKey } from '../platform/render/page-key.ts';
import { pageRouteOf, pathKinds, type PathKind } from '../platform/render/page-routes.ts';
import type { PageMetrics, ShellCause } from '../platform/metrics/metrics.ts';
import { workerRendererLoader } from '../platform/render/render-worker-host.ts';
import type { ApiFetch, Renderer } from '../../common/render-contract.ts';
import { isPagePost, isSpaNavigation, movedProductPath, pathOf } from './page-requests.ts';
import { sendUnknownHost } from './shop-hosts.ts';
import { hasPreview } from './shop-open.ts';
import { previewFormRoute, sendOpeningSoonPage } from './opening-soon.ts';
import type { DirectoryShop } from '../shops/shop-directory.ts';
import {
  builtRendererLoader,
  finishDocument,
  NoncedDocument,
  PageCache,
  readClientAssets,
  showsStockOf,
  type RenderedPage,
} from '../platform/render/server-render.ts';

export interface PagesPluginOptions {
  distDir: string;
  publicApiPath: string;
  /**
   * Reads a shop's site settings (inlined into its pages and choosing its policy): on its first
   * page, and again when the shop's whole cache is invalidated (an owner changed the site
   * settings, here or in another process), so its shell and Content-Security-Policy follow.
   */
  readSiteSettings: (tenantId: number) => Promise<components['schemas']['SiteSettings'] | null>;
  /**
   * A shop's public origin (./site-origin.ts) for canonical links and the page cache's key:
   * never the request's Host, which a client chooses.
   */
  origin: (tenantId: number) => string;
  /** How long a rendered page is reused (ms; 0: render every request). Default: the catalogue cache's TTL. */
  pageCacheTtlMs?: number;
  /**
   * Server renders running at once, at most (config: PAGE_RENDERS_IN_FLIGHT; default 1):
   * beyond it a page not in the cache is served as the shell, which the browser renders, so a
   * flood of distinct URLs never queues work in the render worker nor takes every core from
   * the pages already rendered.
   */
  maxRendersInFlight?: number;
  /**
   * Loads the render module; default: `distDir/server/entry-server.js` when it exists. null
   * turns server rendering off (every page is the shell).
   */
  loadRenderer?: (() => Promise<Renderer>) | null;
  /**
   * Where renders, page-cache lookups and shells are counted, and pages name their route
   * (server/platform/metrics/, issue 39); absent with METRICS off.
   */
  metrics?: PageMetrics;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Seconds a crawler is asked to wait before asking again for a page served as the shell. */
const SHELL_RETRY_AFTER_S = 5;
const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storefront not built</title></head>' +
  '<body><h1>Storefront not built</h1><p>The API is running, but dist/index.html is missing. ' +
  'Run <code>npm run build</code> (or <code>npm start</code>, which builds it first) and restart.</p></body></html>';

/** What a shop's pages are served with: its inlined settings, its shell and its policy. */
interface ShopSite {
  settings: components['schemas']['SiteSettings'] | null;
  /** The shell: index.html naming the shop (`<meta name="tenant-token">`) with its settings. */
  html: string;
  csp: string;
}

/** The page cache's key of a page of a shop: `${tenantId} ${origin} ${pageKey}`. */
const cacheKeyOf = (shop: DirectoryShop, origin: string, key: string) =>
  `${shop.id} ${origin} ${key}`;
/** The page key part of a page cache key (see {@link cacheKeyOf}). */
const urlOfCacheKey = (key: string) => key.slice(key.indexOf(' ', key.indexOf(' ') + 1) + 1);

async function pagesPlugin(app: FastifyInstance, options: PagesPluginOptions): Promise<void> {
  const root = resolve(options.distDir);
  const indexPath = join(root, 'index.html');
  const built = existsSync(indexPath);
  const template = built ? readFileSync(indexPath, 'utf8') : null;
  // Every shop's shell and every rendered page name the shop they belong to
  // (`<meta name="tenant-token">`, read by src/api/config.ts), so one build serves every shop.
  const siteOf = (
    token: string,
    settings: components['schemas']['SiteSettings'] | null,
  ): ShopSite => ({
    settings,
    html:
      template === null ? NOT_BUILT : renderIndexHtml(withTenantToken(template, token), settings),
    csp: contentSecurityPolicy(settings),
  });
  // Each shop's settings, shell and policy, read on its first page and replaced whole when read
  // again, so a request never sees a shell of one reading and a policy of another.
  const sites = new Map<number, Promise<ShopSite>>();
  const readings = new Map<number, number>();
  const readSite = (shop: DirectoryShop): Promise<ShopSite> => {
    const reading = (readings.get(shop.id) ?? 0) + 1;
    readings.set(shop.id, reading);
    const site = options.readSiteSettings(shop.id).then((settings) => siteOf(shop.token, settings));
    // A failed reading is not kept: the next page asks again.
    site.catch(() => {
      if (readings.get(shop.id) === reading) sites.delete(shop.id);
    });
    return site;
  };
  const siteFor = (shop: DirectoryShop): Promise<ShopSite> => {
    let site = sites.get(shop.id);
    if (!site) {
      site = readSite(shop);
      sites.set(shop.id, site);
    }
    return site;
  };

  const documentHeaders = (reply: FastifyReply, policy: string) =>
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', policy)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin');

  /**
   * A page of a shop not launched yet: "Opening soon", but to whoever carries a preview pass the
   * shell, which the browser renders with the pass (a server render's API calls carry none),
   * private and never stored, as nothing only a previewer sees may be kept for others.
   */
  const sendClosed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    shop: DirectoryShop,
    site: ShopSite,
  ) => {
    if (await hasPreview(request, shop.id))
      return documentHeaders(reply.code(built ? 200 : 503), site.csp)
        .header('Cache-Control', 'private, no-store')
        .header('X-Robots-Tag', 'noindex')
        .send(site.html);
    return sendOpeningSoonPage(reply, site.settings?.site_title || shop.name, {
      description: site.settings?.site_description ?? null,
      logo: site.settings?.logo ?? null,
    });
  };

  /** The shell of a page that was never meant to be server-rendered (`/index.html`). */
  const sendIndex = (reply: FastifyReply, site: ShopSite) =>
    documentHeaders(reply.code(built ? 200 : 503), site.csp).send(site.html);

  const loadRenderer =
    options.loadRenderer === undefined
      ? (workerRendererLoader(root) ?? builtRendererLoader(root))
      : options.loadRenderer;
  const assets = built ? readClientAssets(root) : null;
  const kindOf = pathKinds(assets?.routeIds ?? []);
  const { metrics } = options;
  const routeOf = pageRouteOf(assets?.routeIds ?? []);
  /** Names the page route `request` matched for the metrics (none: it stays unmatched). */
  const nameRoute = (request: FastifyRequest) => {
    if (!metrics) return;
    const route = routeOf(pathOf(request));
    if (route) metrics.nameRoute(request, route);
  };
  /** `rendering`, its time and outcome counted by the metrics when they are on. */
  const counted = (
    kind: 'visitor' | 'background',
    rendering: Promise<RenderedPage>,
  ): Promise<RenderedPage> => {
    if (!metrics) return rendering;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    rendering.then(
      () => metrics.rendered(kind, 'ok', seconds()),
      () => metrics.rendered(kind, 'failed', seconds()),
    );
    return rendering;
  };

  /**
   * The SPA shell in place of a server render, which the browser renders itself. Its status
   * says only what is known without a render: 200 for a page every shop has (`/faq`), 404 for
   * a path no route matches, and for a page of one record (`/products/{slug}`), whose record
   * may not exist, 503 with Retry-After: a crawler comes back for the real answer instead of
   * indexing an empty page or a soft 404. Each shell is logged with `reason`, and counted by
   * its `cause`.
   */
  const sendShell = (
    request: FastifyRequest,
    reply: FastifyReply,
    site: ShopSite,
    reason: string,
    cause: ShellCause,
  ) => {
    if (!built) return sendIndex(reply, site);
    metrics?.shell(cause);
    const path = request.url.split('?', 1)[0] ?? '/';
    const kind: PathKind = kindOf(path);
    const status = kind === 'page' ? 200 : kind === 'none' ? 404 : 503;
    if (status === 503) reply.header('Retry-After', String(SHELL_RETRY_AFTER_S));
    request.log.warn({ url: request.url, reason, status }, 'served the SPA shell');
    return documentHeaders(reply.code(status), site.csp).send(site.html);
  };
  // Imported on the first page request, not at start-up: the API alone never pays for it.
  let renderer: Promise<Renderer> | null = null;
  const pageCache = new PageCache(options.pageCacheTtlMs ?? app.catalogCache?.ttlMs ?? 0);
  // A quiet spell (../platform/idle-gc.ts): the expired pages go, and the render worker collects
  // its garbage too.
  app.whenIdle(() => {
    pageCache.prune();
    void renderer?.then(
      (loaded) => loaded.collectGarbage?.(),
      () => {},
    );
  });
  app.catalogCache?.onInvalidate((tenantId, productSlugs) => {
    const ofShop = (key: string) => key.startsWith(`${tenantId} `);
    if (productSlugs === undefined) {
      // Pages rendered meanwhile carry settings that may be old: forget them again once read.
      // Only the latest reading is used, whichever answers first.
      const shop = app.shops.byTenantId(tenantId);
      if (shop && sites.has(tenantId)) {
        const site = readSite(shop);
        site.then(
          () => {
            sites.set(tenantId, site);
            pageCache.clearWhere(ofShop);
          },
          (error: unknown) =>
            app.log.warn({ err: error, tenantId }, 'could not read the site settings again'),
        );
      }
      pageCache.clearWhere(ofShop);
    }
    // Only the pages of that shop that show those products' stock go.
    else
      pageCache.clearWhere((key) => ofShop(key) && showsStockOf(urlOfCacheKey(key), productSlugs));
  });

  /** Answers the API requests of a server render of `shop`'s page in process. */
  const fetchApiOf =
    (shop: DirectoryShop): ApiFetch =>
    async (request) => {
      const url = new URL(request.url);
      if (
        url.pathname !== options.publicApiPath &&
        !url.pathname.startsWith(`${options.publicApiPath}/`)
      )
        throw new Error(`server render asked for ${url.pathname}, which is not this API`);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => (headers[name] = value));
      headers['x-tenant-token'] = shop.token;
      delete headers['accept-encoding'];
      if (metrics) Object.assign(headers, metrics.renderCallHeaders);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const answer = await app.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        ...(body ? { payload: body } : {}),
      });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || name === 'content-length' || name === 'transfer-encoding')
          continue;
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: responseHeaders,
      });
    };

  const maxRenders = options.maxRendersInFlight ?? 1;
  // A visitor's render may start while fewer than `maxRenders` visitors' renders run; a
  // background refresh of a page past its time only in a slot nobody uses, so it never takes
  // the slot a visitor's render needs (one visitor alone never gets the shell).
  let visitorRenders = 0;
  let backgroundRenders = 0;

  /**
   * Server-renders the page of `request` (kept under its ../platform/render/page-key.ts key when it
   * has one), or serves the shell when that is not possible or the visitors' renders in flight are
   * at their cap.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    nameRoute(request);
    const shop = await app.shops.forRequest(request);
    if (!shop) return sendUnknownHost(reply);
    const site = await siteFor(shop);
    if (shop.status === 'closed') return sendClosed(request, reply, shop, site);
    const origin = options.origin(shop.id);
    const url = request.url;
    const key = pageKey(url);
    const cacheKey = key === null ? null : cacheKeyOf(shop, origin, key);
    // A renamed product's former address answers 301 to its page now. Where pages are rendered
    // this is part of the render (it takes a render's place, so a flood of former addresses
    // is held to the renders in flight, and is kept in the page cache, which a rename clears).
    if (!built || !assets || !loadRenderer) {
      const moved = await movedProductPath(app, shop.id, url);
      if (moved !== null) {
        return reply.code(301).header('Location', moved).header('Cache-Control', 'no-cache').send();
      }
    }
    if (!built || !assets) return sendIndex(reply, site);
    if (!loadRenderer) return sendShell(request, reply, site, 'server rendering is off', 'off');
    const nonce = randomBytes(16).toString('hex');
    // A sale that started or ended since a page was kept: the shop's pages go (catalog-cache.ts).
    app.catalogCache?.expireDue(shop.id);
    const kept = cacheKey !== null && pageCache.has(cacheKey);
    if (cacheKey !== null && pageCache.ttlMs > 0) metrics?.cacheLookup(kept ? 'hit' : 'miss');
    if (!kept && visitorRenders >= maxRenders) {
      return sendShell(
        request,
        reply,
        site,
        `${visitorRenders} renders in flight, the most allowed`,
        'busy',
      );
    }
    try {
      renderer ??= loadRenderer();
      const load = renderer;
      // Rendered and finished once with a marker where the nonce goes; each response gets its
      // own nonce.
      const render = async (): Promise<RenderedPage> => {
        const moved = await movedProductPath(app, shop.id, url);
        if (moved !== null) return { kind: 'redirect', status: 301, location: moved };
        const nonceMarker = randomBytes(16).toString('hex');
        const result = await (
          await load
        ).render({
          url,
          origin,
          nonce: nonceMarker,
          fetchApi: fetchApiOf(shop),
        });
        if (result.kind === 'redirect') return result;
        return {
          kind: 'html',
          status: result.status,
          document: NoncedDocument.of(
            // The cards' shape for the stylesheet (src/features/catalog/photo-framing.ts).
            withCardAspect(
              finishDocument(result.html, assets, result.routeIds, nonceMarker, shop.token),
              site.settings?.card_aspect,
            ),
            nonceMarker,
          ),
        };
      };
      const forVisitor = async (): Promise<RenderedPage> => {
        visitorRenders++;
        try {
          return await counted('visitor', render());
        } finally {
          visitorRenders--;
        }
      };
      const inBackground = (): Promise<RenderedPage> | null => {
        if (visitorRenders + backgroundRenders >= maxRenders) return null;
        backgroundRenders++;
        const refreshed = counted('background', render());
        void refreshed.then(
          () => backgroundRenders--,
          (error: unknown) => {
            backgroundRenders--;
            request.log.error({ err: error, url }, 'background render failed; the page stays');
          },
        );
        return refreshed;
      };
      const page =
        cacheKey === null
          ? await forVisitor()
          : await pageCache.get(cacheKey, forVisitor, inBackground);
      if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
      return documentHeaders(
        reply.code(page.status),
        contentSecurityPolicy(site.settings, nonce),
      ).send(page.document.with(nonce));
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server render failed');
      return sendShell(request, reply, site, 'the render failed', 'failed');
    }
  };

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // index.html is only ever served rendered (below), never raw from disk; robots.txt is
      // the SEO plugin's; the server render module and the compiled API (dist/api/) are for
      // this process only, and no source map leaves it. The back office's files are its own
      // plugin's (./admin-app.ts), served with its own headers.
      globIgnore: [
        'index.html',
        'robots.txt',
        'server/**',
        'api/**',
        'admin/**',
        '.vite/**',
        '**/*.map',
      ],
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(join(root, 'assets'));
        res.header('Cache-Control', immutable ? IMMUTABLE : 'public, max-age=3600');
        res.header('X-Content-Type-Options', 'nosniff');
      },
    });
  }

  app.get('/', sendPage);
  // The Opening soon page's preview password form (./opening-soon.ts).
  await app.register(previewFormRoute, {
    shopOf: async (request) => {
      const shop = await app.shops.forRequest(request);
      if (!shop) return null;
      const { settings } = await siteFor(shop);
      return {
        id: shop.id,
        name: settings?.site_title || shop.name,
        description: settings?.site_description ?? null,
        logo: settings?.logo ?? null,
      };
    },
  });
  app.get('/index.html', async (request, reply) => {
    const shop = await app.shops.forRequest(request);
    if (!shop) return sendUnknownHost(reply);
    const site = await siteFor(shop);
    return shop.status === 'closed'
      ? sendClosed(request, reply, shop, site)
      : sendIndex(reply, site);
  });

  const fallback = app.notFoundResponder;
  app.notFoundResponder = (request, reply) => {
    if (isSpaNavigation(request, options.publicApiPath)) return sendPage(request, reply);
    if (isPagePost(request, options.publicApiPath) && kindOf(pathOf(request)) !== 'none') {
      nameRoute(request);
      // A form submitted before the scripts ran (a slow phone, a crawler): its fields are read
      // by nobody and stored nowhere; the browser is sent to the page again with a GET
      // (303, so a reload never posts twice), where the hydrated form does the work.
      const queryAt = request.url.indexOf('?');
      const query = queryAt < 0 ? '' : request.url.slice(queryAt);
      const location = `/${pathOf(request).replace(/^\/+/, '')}${query}`;
      return reply
        .code(303)
        .header('Location', location)
        .header('Cache-Control', 'no-store')
        .send();
    }
    return fallback(request, reply);
  };
}

/**
 * Registers the SPA routes and swaps the app's not-found responder for one with the SPA
 * fallback (not encapsulated: it changes the root's 404 behaviour).
 */
export const pages = fp(pagesPlugin, { name: 'pages', dependencies: ['errors', 'idle-gc'] });
