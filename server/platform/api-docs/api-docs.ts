/**
 * An API reference, rendered from a contract (openapi/storefront.yaml at `/api/docs/`,
 * openapi/admin.yaml at `/api/admin/docs/`: one registration each) by Scalar (its page
 * from `@scalar/client-side-rendering`, its script from the installed
 * `@scalar/fastify-api-reference`, see ./api-docs-bundle.ts): no CDN, no font host, no request
 * proxy, no telemetry, so the page asks nothing of any other host.
 *
 * Under `routePrefix` (`/api/docs` in the reference API; `/docs` in the mock gateway, behind
 * Vite's `/api` proxy):
 * - `GET {prefix}` -> 301 to `docs/` (relative, so it also works behind a proxy that strips a
 *   prefix; the page's own addresses are relative to the trailing slash);
 * - `GET {prefix}/` -> the HTML page, `no-cache`, with its own Content-Security-Policy
 *   ({@link apiDocsContentSecurityPolicy}) and a fresh nonce on its inline script and styles;
 * - `GET {prefix}/js/scalar.js` -> Scalar's standalone bundle (about 4.9 MB; 1.3 MB with brotli),
 *   streamed from a file on disk, cached for an hour (503 `{detail}` when it cannot be made);
 * - `GET {prefix}/{file}` -> the contract file itself, byte for byte, under its own name
 *   (`storefront.yaml`, `admin.yaml`).
 *
 * No tenant header is needed: the reference describes the API, not a shop. Registered outside
 * the API's tenant scope (app.ts), and by scripts/mock-proxy.ts for `npm run mock`.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { renderApiReference } from '@scalar/client-side-rendering';
import type { FastifyInstance } from 'fastify';
import { scalarBundleFile } from './api-docs-bundle.ts';
import { documentPolicy } from '../csp.ts';

export interface ApiDocsPluginOptions {
  /** Where the page lives, a path without a trailing slash (`/api/docs`, `/api/admin/docs`). */
  routePrefix: string;
  /**
   * The contract file to serve and render (app.ts's SPECIFICATION_PATH, or the admin
   * contract); the page loads it under its own file name.
   */
  specificationPath: string;
  /** The page's title (default: the storefront's, `Handcraft storefront API reference`). */
  pageTitle?: string;
  /**
   * The API's address as the browser reaches it, for the page's "Test Request" (`/api`, or
   * `/api/admin` for the back office's: the same origin as the page, both under `npm start`
   * and behind Vite under `npm run mock`).
   */
  apiUrl: string;
  /** A tenant token filled into the page's X-Tenant-Token field (the storefront's own). */
  tenantToken?: string;
}

/**
 * Run before the bundle: the Zod inside it probes `Function('')` to decide whether to compile
 * its validators, and under a CSP without `'unsafe-eval'` that probe is reported as a
 * violation (it then falls back anyway). Zod's global config (`z.config({ jitless: true })`,
 * kept on `globalThis` so that every copy of Zod shares it) tells it not to try.
 */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig={jitless:true}';

/** The storefront reference's title, the default {@link ApiDocsPluginOptions.pageTitle}. */
export const DEFAULT_PAGE_TITLE = 'Handcraft storefront API reference';

/**
 * Where the contract is served under the prefix, and the page loads it from: the file's own
 * name (`storefront.yaml`, `admin.yaml`).
 */
export function contractFileName(specificationPath: string): string {
  return path.basename(specificationPath);
}

/**
 * The reference page's Content-Security-Policy for a response whose inline scripts carry
 * `nonce` (base64). Scripts are held as tightly as the storefront's documents
 * (lib/index-html.ts): the bundle from this origin and this response's nonce, never
 * `'unsafe-inline'` or `'unsafe-eval'`. Styles are not: Scalar's bundle puts the nonce on its
 * main stylesheet, but it also injects two `<style>` elements without one (its theme, and the
 * toast library's) and writes `style="..."` attributes into markup, none of which a nonce can
 * cover, and whose hashes change with every Scalar release. So `style-src` allows inline
 * styles, which can restyle the page but run nothing. Connections, images and fonts stay on
 * this origin (with `data:` and `blob:` images and fonts, which the bundle makes itself).
 */
export function apiDocsContentSecurityPolicy(nonce: string): string {
  return documentPolicy(
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
  );
}

/**
 * Scalar's configuration for the page (the `configuration` of its Fastify plugin), without the
 * nonce. Everything that would reach another host is off: the default fonts (fonts.scalar.com),
 * telemetry, the agent and MCP panels, the link to Scalar's hosted client; no `proxyUrl` is
 * set, so "Test Request" calls the API directly, which is this origin.
 */
export function apiDocsConfiguration(
  options: Pick<ApiDocsPluginOptions, 'apiUrl' | 'tenantToken' | 'pageTitle'> & {
    /** The contract's file name under the prefix ({@link contractFileName}). */
    contractFile: string;
  },
) {
  return {
    url: options.contractFile,
    pageTitle: options.pageTitle ?? DEFAULT_PAGE_TITLE,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never' as const,
    // Its "Open API Client" links to client.scalar.com with this page's address; "Test Request"
    // opens the same client on the page itself.
    hideClientButton: true,
    showOperationId: true,
    defaultOpenAllTags: true,
    // The contract names the `npm start` address; the page calls the API it came from.
    servers: [{ url: options.apiUrl, description: 'The API this page is served by.' }],
    ...(options.tenantToken
      ? {
          authentication: {
            preferredSecurityScheme: 'tenantToken',
            securitySchemes: { tenantToken: { value: options.tenantToken } },
          },
        }
      : {}),
    // The system's fonts instead of Scalar's, which would come from fonts.scalar.com; in the
    // light theme, darker greys and method colours than Scalar's, which fall short of WCAG AA's
    // 4.5:1 on its light backgrounds (the storefront's own bar, checked by axe); and two layout
    // fixes, below.
    customCss: [
      '.scalar-app, .light-mode, .dark-mode {',
      '  --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;',
      '  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;',
      '}',
      '.light-mode {',
      '  --scalar-color-3: #636363;',
      '  --scalar-color-green: #00754a;',
      '  --scalar-color-yellow: #8a6100;',
      '  --scalar-color-red: #c4001a;',
      '  --scalar-color-orange: #b34700;',
      '  --scalar-color-blue: #0060a8;',
      '  --scalar-color-purple: #6b3fb5;',
      '}',
      // Response examples wrap, so an error's whole `detail` shows without scrolling sideways.
      '.response-card .scalar-code-block pre, .response-card .scalar-code-block pre * {',
      '  white-space: pre-wrap;',
      '  overflow-wrap: anywhere;',
      '  width: auto;',
      '}',
      // The introduction's authentication card: its title and its scheme menu share one line,
      // too narrow for both, and the title was cut ("Authentication Requ"); let them wrap.
      '.scalar-reference-intro-auth .rounded-t-xl { flex-wrap: wrap; }',
      '.scalar-reference-intro-auth .rounded-t-xl > button { flex: 1 0 auto; }',
      '.scalar-reference-intro-auth .rounded-t-xl > div { padding: 0 0.75rem 0.375rem; }',
      // The phone layout's header names the section in view on one line: cut it with an ellipsis.
      'header > span.whitespace-nowrap {',
      '  min-width: 0;',
      '  overflow: hidden;',
      '  text-overflow: ellipsis;',
      '}',
    ].join('\n'),
  };
}

/**
 * Registers the reference's routes (see the module comment) in its own encapsulated scope, so
 * its hooks touch only them.
 * @throws Error (at registration) when the contract file cannot be read or `routePrefix` is not
 * a path.
 */
export async function apiDocs(app: FastifyInstance, options: ApiDocsPluginOptions): Promise<void> {
  // Read on each request, not held: the contracts are 300 KB each, every process holds the
  // reference's routes, and few ever serve them. A missing one still fails the start.
  const contractPath = options.specificationPath;
  statSync(contractPath);
  const prefix = options.routePrefix.replace(/\/+$/, '');
  if (!prefix.startsWith('/'))
    throw new Error(`api-docs: routePrefix must be a path, got "${prefix}"`);
  const page = `${prefix}/`;
  const bundle = `${prefix}/js/scalar.js`;
  const contractFile = contractFileName(options.specificationPath);
  const { pageTitle, ...config } = apiDocsConfiguration({ ...options, contractFile });

  // The bare prefix: a relative redirect, so the page's relative addresses resolve under it.
  app.get(prefix, async (_request, reply) =>
    reply.redirect(`${prefix.slice(prefix.lastIndexOf('/') + 1)}/`, 301),
  );

  app.get(page, async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const html = renderApiReference({ config, cdn: 'js/scalar.js', pageTitle, nonce })
      // Scalar's template has no language; screen readers and axe need one.
      .replace(/^<!doctype html>\s*<html>/i, '<!doctype html>\n<html lang="en">')
      .replace(/<\/head>/i, () => `<script nonce="${nonce}">${ZOD_WITHOUT_EVAL}</script></head>`);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', apiDocsContentSecurityPolicy(nonce))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(html);
  });

  app.get(bundle, async (request, reply) => {
    let file: string;
    try {
      file = await scalarBundleFile();
    } catch (error) {
      request.log.error({ err: error }, 'the API reference script could not be made');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ detail: 'The API reference is unavailable right now.' });
    }
    return reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });

  app.get(`${prefix}/${contractFile}`, async (_request, reply) =>
    reply
      .header('content-type', 'application/yaml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(contractPath)),
  );
}
