/**
 * A shop's public origin, for every absolute link the server writes (canonical links, the
 * sitemap, robots.txt, reset and order e-mails, a card payment's return page and its
 * provider's notification address) (issue 38, decision 079):
 *
 * - a shop with a primary domain: that domain, with the scheme and port of `STOREFRONT_URL`
 *   when configured (`https://tidewater.example`), else `http` and the port the API was started
 *   on (`http://tidewater.test:8080`);
 * - a shop without one (the demo's): `STOREFRONT_URL` when configured (required in
 *   production), else the API's own `http://HOST:PORT` as bound.
 *
 * Never the request's Host or X-Forwarded-Host, which a client chooses: an answer cached by a
 * shared proxy would otherwise carry a forged origin to everyone, and a payment provider would
 * send the shopper and its notification elsewhere.
 */
import type { FastifyInstance } from 'fastify';

/** What a shop's origin is made from. */
export interface SiteOriginOptions {
  storefrontUrl: string | null;
  host: string;
  port: number;
}

/**
 * The origin of a shop at `domain`: the scheme and port of `storefrontUrl` when configured
 * (`https://tidewater.example`), else `http` and `port` (omitted when 80).
 */
export function originOfDomain(
  domain: string,
  options: { storefrontUrl: string | null; port: number },
): string {
  if (options.storefrontUrl) {
    const configured = new URL(options.storefrontUrl);
    if (configured.hostname === domain) return options.storefrontUrl;
    return `${configured.protocol}//${domain}${configured.port ? `:${configured.port}` : ''}`;
  }
  return `http://${domain}${options.port === 80 ? '' : `:${options.port}`}`;
}

/**
 * A function answering a shop's origin (`https://shop.example`, no trailing slash).
 * @param primaryDomainOf the primary domain of a shop (null: none recorded, or no shop given).
 */
export function siteOrigin(
  app: FastifyInstance,
  options: SiteOriginOptions,
  primaryDomainOf: (tenantId: number) => string | null = () => null,
): (tenantId: number | null) => string {
  const boundPort = () => {
    const bound = app.server.address();
    return bound && typeof bound === 'object' ? bound.port : options.port;
  };
  const base = () => {
    if (options.storefrontUrl) return options.storefrontUrl;
    const wildcard = ['0.0.0.0', '::', ''].includes(options.host);
    const host = wildcard
      ? '127.0.0.1'
      : options.host.includes(':')
        ? `[${options.host}]`
        : options.host;
    return `http://${host}:${boundPort()}`;
  };
  return (tenantId) => {
    const domain = tenantId === null ? null : primaryDomainOf(tenantId);
    if (domain === null) return base();
    return originOfDomain(domain, { storefrontUrl: options.storefrontUrl, port: boundPort() });
  };
}
