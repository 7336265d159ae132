/// <reference types="node" />
/**
 * The API reference under `npm run mock` (scripts/mock-proxy.ts): the very page the reference API
 * serves at `/api/docs/` (server/platform/api-docs/api-docs.ts: Scalar from the installed package,
 * the contract file itself, the same CSP), served by a small Fastify instance that only the
 * gateway's `/docs` requests reach (Scalar's script included, made into a file on the first request
 * by server/platform/api-docs/api-docs-bundle.ts).
 *
 *     browser -> Vite :5173 /api/docs/ -> this gateway /docs/ -> this module
 *
 * "Test Request" on the page calls `/api/...` on the page's own origin, which Vite passes to
 * the gateway and Prism like any storefront call (switches included).
 */
import type http from 'node:http';
import Fastify from 'fastify';
import { apiDocs } from '../../server/platform/api-docs/api-docs.ts';

/** Where the gateway serves the reference (Vite's `/api` prefix stripped). */
export const MOCK_DOCS_PREFIX = '/docs';

/** True when the gateway's `pathname` belongs to the reference. */
export const isDocsPath = (pathname: string) =>
  pathname === MOCK_DOCS_PREFIX || pathname.startsWith(`${MOCK_DOCS_PREFIX}/`);

/**
 * Builds the reference for the contract at `contractPath`, with `tenantToken` filled in for
 * "Test Request" (Prism checks only that the header is there). Returns the request handler
 * for {@link isDocsPath} requests; an unknown path under the prefix answers Fastify's 404.
 * @throws Error (rejects) when the contract cannot be read.
 */
export async function mockApiDocs(
  contractPath: string,
  tenantToken: string,
): Promise<(req: http.IncomingMessage, res: http.ServerResponse) => void> {
  const app = Fastify({ logger: false });
  await app.register(apiDocs, {
    routePrefix: MOCK_DOCS_PREFIX,
    specificationPath: contractPath,
    apiUrl: '/api',
    tenantToken,
  });
  await app.ready();
  return (req, res) => app.routing(req, res);
}
