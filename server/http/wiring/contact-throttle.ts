/**
 * Decorates `app.contactThrottle`: contact-form messages accepted per client address and shop
 * in an hour (CONTACT_MAX_PER_ADDRESS, default 10). The counts live in the database
 * (server/platform/credentials/throttle.ts AddressThrottle), so two API processes on one database
 * share them.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressThrottle } from '../../platform/credentials/throttle.ts';
import { CONTACT_WINDOW_SECONDS } from '../../content/contact.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contactThrottle: AddressThrottle;
  }
}

async function contactThrottlePlugin(
  app: FastifyInstance,
  options: { maxPerAddress: number },
): Promise<void> {
  app.decorate(
    'contactThrottle',
    new AddressThrottle(app.db, {
      scope: 'contact-message',
      attempts: options.maxPerAddress,
      windowSeconds: CONTACT_WINDOW_SECONDS,
    }),
  );
}

/** Registers the decorator (not encapsulated); register after the db plugin. */
export const contactThrottle = fp(contactThrottlePlugin, {
  name: 'contact-throttle',
  dependencies: ['db'],
});
