/**
 * Decorates `app.account`: what the shopper's-account handlers share — the reset tokens, the
 * mailer, the reset and e-mail verification throttles (in the database, so every API process on one
 * database counts the same requests: requests and confirmations per client address, e-mails per
 * account), and where reset links point.
 *
 * Reset links start with the storefront's origin from configuration (STOREFRONT_URL), else the
 * origin this server listens on (HOST and the bound port): never the request's Host header,
 * which a client chooses (host-header poisoning would mail a victim a link to the attacker's
 * site carrying a valid token).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PasswordResetServices } from '../../accounts/context.ts';
import { RESET_THROTTLE_WINDOW_SECONDS } from '../../platform/credentials/reset-tokens.ts';
import { PasswordResetStore } from '../../accounts/password-reset.ts';
import {
  type EmailVerificationServices,
  VERIFICATION_THROTTLE_WINDOW_SECONDS,
} from '../../accounts/email-verification.ts';
import { AddressThrottle } from '../../platform/credentials/throttle.ts';
import { createMailer, type Mailer } from '../../platform/mail/mailer.ts';

/**
 * What the shopper's-account handlers share: the reset rules' services
 * (server/accounts/forgotten-password.ts) and the mailer behind them.
 */
export interface AccountServices extends PasswordResetServices, EmailVerificationServices {
  mailer: Mailer;
  /** Resolves once every message handed to `sendLater` so far is sent or has failed (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountServices;
  }
}

export interface AccountPluginOptions {
  storefrontUrl: string | null;
  host: string;
  port: number;
  outboxDir: string;
  smtpUrl: string | null;
  mailFrom: string | null;
  /**
   * Reset requests, and separately reset confirmations, per client address per hour; the same
   * for e-mail verification links.
   */
  passwordResetMaxPerAddress: number;
  /**
   * Reset e-mails sent per account per hour (further requests send nothing); verification
   * e-mails per account per hour (further requests answer 429).
   */
  passwordResetMaxPerEmail: number;
  passwordResetResponseMs: number;
}

async function accountPlugin(app: FastifyInstance, options: AccountPluginOptions): Promise<void> {
  const mailer = createMailer({ smtpUrl: options.smtpUrl, outboxDir: options.outboxDir });
  const pending = new Set<Promise<void>>();
  /** A throttle of `attempts` in `windowSeconds` under `scope`. */
  const throttle = (scope: string, attempts: number, windowSeconds: number) =>
    new AddressThrottle(app.db, { scope, attempts, windowSeconds });
  app.decorate<AccountServices>('account', {
    resetTokens: new PasswordResetStore(app.db),
    mailer,
    resetThrottleByAddress: throttle(
      'password-reset-address',
      options.passwordResetMaxPerAddress,
      RESET_THROTTLE_WINDOW_SECONDS,
    ),
    resetMailsPerAccount: throttle(
      'password-reset-email',
      options.passwordResetMaxPerEmail,
      RESET_THROTTLE_WINDOW_SECONDS,
    ),
    resetConfirmThrottleByAddress: throttle(
      'password-reset-confirm-address',
      options.passwordResetMaxPerAddress,
      RESET_THROTTLE_WINDOW_SECONDS,
    ),
    verifyThrottleByAddress: throttle(
      'email-verify-address',
      options.passwordResetMaxPerAddress,
      VERIFICATION_THROTTLE_WINDOW_SECONDS,
    ),
    verifyMailsPerAccount: throttle(
      'email-verify-account',
      options.passwordResetMaxPerEmail,
      VERIFICATION_THROTTLE_WINDOW_SECONDS,
    ),
    verifyConfirmThrottleByAddress: throttle(
      'email-verify-confirm-address',
      options.passwordResetMaxPerAddress,
      VERIFICATION_THROTTLE_WINDOW_SECONDS,
    ),
    resetResponseMs: options.passwordResetResponseMs,
    mailFrom: options.mailFrom,
    linkOrigin: (tenantId) => app.siteOrigin(tenantId),
    // A failure is logged; in outbox mode the written file and `logLine` are logged too
    // (never in SMTP mode: a reset link is a credential).
    sendLater(message, logLine) {
      const job = mailer
        .send(message)
        .then((delivery) => {
          if (delivery.via === 'outbox') {
            app.log.info({ ...logLine, file: delivery.file }, 'e-mail written to the outbox');
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'could not send an e-mail'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  });
  app.addHook('onClose', async () => {
    await Promise.all([...pending]);
    mailer.close();
  });
}

/** Registers the decorator (not encapsulated); register after the db plugin. */
export const account = fp(accountPlugin, { name: 'account', dependencies: ['db'] });
