/**
 * Decorates `app.giftCardThrottle`: gift card codes a client address may try per shop in 15
 * minutes (decision 090: 10), on the balance page and at checkout alike, as logins are
 * throttled (server/platform/credentials/throttle.ts AddressThrottle; the counts live in the
 * database, so every API process shares them).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressThrottle } from '../../platform/credentials/throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    giftCardThrottle: AddressThrottle;
  }
}

/** Codes tried per client address and shop in a window. */
export const GIFT_CARD_TRIES = 10;
/** The window (s). */
export const GIFT_CARD_WINDOW_SECONDS = 15 * 60;

async function giftCardThrottlePlugin(app: FastifyInstance): Promise<void> {
  app.decorate(
    'giftCardThrottle',
    new AddressThrottle(app.db, {
      scope: 'gift-card-code',
      attempts: GIFT_CARD_TRIES,
      windowSeconds: GIFT_CARD_WINDOW_SECONDS,
    }),
  );
}

/** Registers the decorator (not encapsulated); register after the db plugin. */
export const giftCardThrottle = fp(giftCardThrottlePlugin, {
  name: 'gift-card-throttle',
  dependencies: ['db'],
});
