/**
 * The storefront's public origin, for every absolute link the server writes (the sitemap,
 * robots.txt, reset and order e-mails, a card payment's return page and its provider's
 * notification address): `STOREFRONT_URL` when configured (required in production), else the
 * API's own `http://HOST:PORT` as bound. Never the request's Host or X-Forwarded-Host, which a
 * client chooses: an answer cached by a shared proxy would otherwise carry a forged origin to
 * everyone, and a payment provider would send the shopper and its notification elsewhere.
 */
import type { FastifyInstance } from 'fastify';

/** A function answering the origin (`https://shop.example`, no trailing slash). */
export function siteOrigin(
  app: FastifyInstance,
  options: { storefrontUrl: string | null; host: string; port: number },
): () => string {
  return () => {
    if (options.storefrontUrl) return options.storefrontUrl;
    const bound = app.server.address();
    const port = bound && typeof bound === 'object' ? bound.port : options.port;
    const wildcard = ['0.0.0.0', '::', ''].includes(options.host);
    const host = wildcard
      ? '127.0.0.1'
      : options.host.includes(':')
        ? `[${options.host}]`
        : options.host;
    return `http://${host}:${port}`;
  };
}
