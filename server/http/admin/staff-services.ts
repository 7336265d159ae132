/**
 * Decorates `app.staff`: the back office's sign-in services (server/staff/context.ts) — the
 * staff token service (the shoppers' JWT secret, the staff audience), the staff sign-in
 * throttle (counted apart from the shoppers' logins), the two-factor replay guard and the cap
 * of wrong codes per member, the password-reset throttles (the shoppers' limits, counted apart),
 * the lifetimes of sessions and invitations, and the origin of e-mailed links. Built from the same
 * settings as the shoppers' (server/http/auth.ts); register after the db plugin.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { burnPasswordCheck } from '../../platform/credentials/passwords.ts';
import {
  createStaffServices,
  type StaffServices,
  type StaffServicesOptions,
} from '../../staff/context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff accounts' services (./staff-services.ts). */
    staff: StaffServices;
  }
}

/** What the plugin takes: the shoppers' secret and limits (`AuthPluginOptions`'s names). */
export interface StaffServicesPluginOptions {
  /** HS256 secret, at least 32 bytes: the same as the shoppers' tokens. */
  secret: Uint8Array;
  accessTokenTtlSeconds: number;
  passwordHashCost: number;
  loginMaxFailures: number;
  loginMaxAttemptsPerAddress: number;
  /** A sign-in's absolute lifetime (seconds; default 12 hours). */
  staffSessionTtlSeconds?: number;
  /** An invitation link's lifetime (seconds; default 72 hours). */
  staffInvitationTtlSeconds?: number;
  /** The shoppers' reset throttles, counted apart for staff (server/staff/password-reset.ts). */
  passwordResetMaxPerAddress?: number;
  passwordResetMaxPerEmail?: number;
  passwordResetResponseMs?: number;
}

async function staffServicesPlugin(
  app: FastifyInstance,
  options: StaffServicesPluginOptions,
): Promise<void> {
  const serviceOptions: StaffServicesOptions = {
    secret: options.secret,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    passwordHashCost: options.passwordHashCost,
    loginMaxFailures: options.loginMaxFailures,
    loginMaxAttemptsPerAddress: options.loginMaxAttemptsPerAddress,
    ...(options.staffSessionTtlSeconds
      ? { sessionTtlSeconds: options.staffSessionTtlSeconds }
      : {}),
    ...(options.staffInvitationTtlSeconds
      ? { invitationTtlSeconds: options.staffInvitationTtlSeconds }
      : {}),
    ...(options.passwordResetMaxPerAddress !== undefined
      ? { passwordResetMaxPerAddress: options.passwordResetMaxPerAddress }
      : {}),
    ...(options.passwordResetMaxPerEmail !== undefined
      ? { passwordResetMaxPerEmail: options.passwordResetMaxPerEmail }
      : {}),
    ...(options.passwordResetResponseMs !== undefined
      ? { passwordResetResponseMs: options.passwordResetResponseMs }
      : {}),
    // Decorated later in the start (server/app.ts); read when a link is made.
    linkOrigin: (tenantId) => app.siteOrigin(tenantId),
  };
  app.decorate<StaffServices>('staff', createStaffServices(app.db, serviceOptions));
  // The same timing equaliser as the shoppers' (an unknown e-mail takes as long as a wrong
  // password); preparing it now keeps the first unknown sign-in from taking twice as long.
  burnPasswordCheck('', { log2Cost: options.passwordHashCost }).catch((error: unknown) =>
    app.log.error({ err: error }, 'could not prepare the password timing equaliser'),
  );
}

/** Decorates `app.staff` (not encapsulated); register after the db plugin. */
export const staffServices = fp(staffServicesPlugin, {
  name: 'staff-services',
  dependencies: ['db'],
});
