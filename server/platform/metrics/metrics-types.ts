/**
 * The shapes the metrics share with the app (issue 39): the options of
 * `registerMetrics` (./metrics.ts), the business figures the domains read for it, and what the
 * storefront's pages report (server/http/pages.ts). Types only, so ./prometheus.ts, loaded on
 * demand, and ./metrics.ts, loaded at start, both import them without importing each other.
 */
import type { FastifyRequest } from 'fastify';

/**
 * The business figures the domains read from the database at each scrape, handed down by the
 * app (the platform reads no domain's tables): totals since the shop began, all shops together.
 */
export interface ShopFigures {
  /** Orders ever placed (every `orders` row). */
  ordersPlaced: number;
  /** Of them, those that were paid (`paid_at` set), whatever became of them since. */
  ordersPaid: number;
  /** Card payment attempts that failed (declined, or refused by the provider), by provider name. */
  paymentsFailed: Record<string, number>;
}

/** What {@link registerMetrics} needs. */
export interface MetricsOptions {
  /** METRICS: answer `/metrics` at all. */
  enabled: boolean;
  /** METRICS_ALLOW: the client addresses and CIDR ranges that may read it. */
  allow: readonly string[];
  /**
   * Reads the business figures (server/orders/order-figures.ts), at each scrape.
   * @throws when the database cannot answer: the scrape then leaves those figures out and says
   *   so in `shop_figures_up 0`.
   */
  readShopFigures: () => Promise<ShopFigures>;
}

/** Why a page was served as the SPA shell instead of a server render (../../http/pages.ts). */
export type ShellCause = 'off' | 'busy' | 'failed';

/**
 * What the storefront's pages (server/http/pages.ts) tell the metrics; every call is cheap and
 * synchronous, and each label comes from a short fixed list.
 */
export interface PageMetrics {
  /**
   * Headers the pages add to the API requests a server render makes in process (`app.inject`):
   * those are left out of the request histogram, whose requests are what clients asked (the
   * page's own request holds their time). Its value is this process's secret, so no client
   * can hide its own requests with it.
   */
  readonly renderCallHeaders: Readonly<Record<string, string>>;
  /**
   * Names the storefront route a page request matched (`/products/$slug`), for its latency's
   * `route` label: page requests are answered by the not-found handler, which has no Fastify
   * route. One value per route of the build, never the path.
   */
  nameRoute(request: FastifyRequest, route: string): void;
  /** A page that may be kept was looked up in the page cache: found (`hit`) or not (`miss`). */
  cacheLookup(result: 'hit' | 'miss'): void;
  /**
   * A server render ended: for a visitor, or in the background (a kept page past its time),
   * successfully or not, after `seconds`.
   */
  rendered(kind: 'visitor' | 'background', outcome: 'ok' | 'failed', seconds: number): void;
  /** A page was served as the shell: rendering off, every render slot busy, or a failed render. */
  shell(cause: ShellCause): void;
}

/** The metrics of one app, when METRICS is on. */
export interface AppMetrics {
  /** For the pages plugin (server/http/pages.ts `metrics` option). */
  pages: PageMetrics;
}
