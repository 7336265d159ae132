/**
 * Decorates `app.backInStockThrottles` (server/catalog/back-in-stock.ts): "E-mail me when it is
 * back" asks and, apart, confirmations per client address and shop in an hour
 * (BACK_IN_STOCK_MAX_PER_ADDRESS, default 10 each), and the confirmation e-mails per address
 * (CONFIRM_EMAILS_PER_ADDRESS, silently). The counts live in the database
 * (server/platform/credentials/throttle.ts AddressThrottle), so two API processes on one
 * database share them.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressThrottle } from '../../platform/credentials/throttle.ts';
import {
  BACK_IN_STOCK_WINDOW_SECONDS,
  type BackInStockThrottles,
  CONFIRM_EMAILS_PER_ADDRESS,
} from '../../catalog/back-in-stock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    backInStockThrottles: BackInStockThrottles;
  }
}

async function backInStockThrottlePlugin(
  app: FastifyInstance,
  options: { maxPerAddress: number },
): Promise<void> {
  const throttle = (scope: string, attempts: number) =>
    new AddressThrottle(app.db, { scope, attempts, windowSeconds: BACK_IN_STOCK_WINDOW_SECONDS });
  app.decorate('backInStockThrottles', {
    asks: throttle('back-in-stock', options.maxPerAddress),
    confirmations: throttle('back-in-stock-confirm', options.maxPerAddress),
    emails: throttle('back-in-stock-emails', CONFIRM_EMAILS_PER_ADDRESS),
  });
}

/** Registers the decorator (not encapsulated); register after the db plugin. */
export const backInStockThrottle = fp(backInStockThrottlePlugin, {
  name: 'back-in-stock-throttle',
  dependencies: ['db'],
});
