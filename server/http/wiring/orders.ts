/**
 * Wires the order module (server/orders/) into the server (decision 038): decorates
 * `app.orders` (the module's context: database, settings, card providers, the e-mail outbox,
 * cache invalidation), `app.paymentProviders` and `app.emailOutbox`; seals any plaintext
 * gateway secret left by an older database; starts the e-mail outbox and the sweep that expires
 * unpaid orders and retries pending refunds (money an order could not keep, and shop refunds
 * whose provider could not be reached), reminds and lists payments due, and tells owners of
 * e-mails the outbox gave up on, every ORDER_SWEEP_INTERVAL_S. Register after the
 * db, account and catalogue-cache plugins.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, paymentSecretsKeyPath } from '../../config/config.ts';
import { compiledEmailWorker, EmailWorker } from '../../platform/mail/email-worker-host.ts';
import { EmailOutbox } from '../../platform/mail/outbox.ts';
import { renderOutboxEmail, withoutCredentials } from '../../emails.ts';
import { expireDueOrders } from '../../orders/closing.ts';
import { deliverDueCards } from '../../giftcards/gift-card-issue.ts';
import { noticeFailedMail } from '../../orders/failed-mail-notices.ts';
import { sweepPaymentReminders } from '../../orders/payment-reminders.ts';
import type { OrderContext } from '../../orders/context.ts';
import { queueOrderEmails } from '../../orders/order-emails.ts';
import { queueOrderPush } from '../../orders/order-push.ts';
import { settlePendingRefunds } from '../../orders/payment-refunds.ts';
import { settlePendingShopRefunds } from '../../orders/refund-settling.ts';
import { loadPaymentSecretsKey, sealPlaintextGatewaySecrets } from '../../payments/credentials.ts';
import { PaymentProviders } from '../../payments/registry.ts';
import { journalOf } from '../../staff/activity-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderContext;
    paymentProviders: PaymentProviders;
    emailOutbox: EmailOutbox;
    /** Runs one sweep now (tests; the timer calls it too). */
    sweepOrders(): Promise<void>;
  }
}

export type OrdersPluginOptions = Pick<
  AppConfig,
  | 'paymentSecretsKey'
  | 'databaseUrl'
  | 'sqlitePath'
  | 'paymentSandbox'
  | 'publicApiPath'
  | 'twoC2pSandboxApiBase'
  | 'twoC2pProductionApiBase'
  | 'stripeApiBase'
  | 'cardOrderTtlSeconds'
  | 'bankTransferOrderTtlSeconds'
  | 'orderSweepIntervalSeconds'
  | 'maxUnpaidOrders'
  | 'emailSendLockSeconds'
  | 'emailPollMs'
  | 'mailFrom'
  | 'smtpUrl'
  | 'outboxDir'
> & {
  /** Start the outbox and the sweep timer (default true; tests drive them by hand). */
  background?: boolean;
};

async function ordersPlugin(app: FastifyInstance, options: OrdersPluginOptions): Promise<void> {
  const key = loadPaymentSecretsKey(options.paymentSecretsKey, paymentSecretsKeyPath(options));
  const sealed = await sealPlaintextGatewaySecrets(app.db, key);
  if (sealed.length > 0) app.log.info({ tenants: sealed }, 'sealed the plaintext gateway secrets');

  const providers = new PaymentProviders({
    db: app.db,
    key,
    sandboxEnabled: options.paymentSandbox,
    publicApiPath: options.publicApiPath,
    twoC2p: {
      sandboxApiBase: options.twoC2pSandboxApiBase,
      productionApiBase: options.twoC2pProductionApiBase,
    },
    stripeApiBase: options.stripeApiBase,
  });

  // The compiled server renders and sends in a worker thread; from source, in this one.
  const workerFile = compiledEmailWorker();
  const worker = workerFile
    ? new EmailWorker(workerFile, { smtpUrl: options.smtpUrl, outboxDir: options.outboxDir })
    : null;
  const outbox = new EmailOutbox({
    db: app.db,
    mailer: app.account.mailer,
    render: renderOutboxEmail,
    afterSent: withoutCredentials,
    ...(worker ? { deliver: (job) => worker.send(job) } : {}),
    log: app.log,
    lockSeconds: options.emailSendLockSeconds,
    pollMs: options.emailPollMs,
    async fromFor(tenantId) {
      if (options.mailFrom) return options.mailFrom;
      const site = await app.db
        .selectFrom('site_settings')
        .select(['site_title', 'contact_email'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      const name = (site?.site_title ?? 'Shop').replace(/["\\\r\n]/g, '');
      return `"${name}" <${site?.contact_email ?? 'shop@localhost'}>`;
    },
  });

  const storefrontOrigin = (tenantId: number) => app.account.linkOrigin(tenantId);
  const background = options.background ?? true;
  const context: OrderContext = {
    db: app.db,
    settings: {
      cardOrderTtlSeconds: options.cardOrderTtlSeconds,
      bankTransferOrderTtlSeconds: options.bankTransferOrderTtlSeconds,
      maxUnpaidOrders: options.maxUnpaidOrders,
    },
    providerFor: (tenantId) => providers.providerFor(tenantId),
    providerOf: (tenantId, name) => providers.providerOf(tenantId, name),
    record: async (trx, event) => {
      await queueOrderEmails(trx, event, storefrontOrigin);
      await queueOrderPush(trx, event);
    },
    // Without the background (tests), e-mails wait for an explicit `app.emailOutbox.drain()`.
    // Push notices are sent at once: they never block the request (./push.ts).
    afterCommit: () => {
      if (background) outbox.wake();
      app.push.outbox.wake();
    },
    stockChanged: async (tenantId, productIds) => {
      const rows = await app.db
        .selectFrom('products')
        .select('slug')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', productIds)
        .execute();
      app.catalogCache.invalidateProducts(
        tenantId,
        rows.map((row) => row.slug),
      );
    },
    storefrontOrigin,
    apiBaseUrl: (tenantId) => `${storefrontOrigin(tenantId)}${options.publicApiPath}`,
    log: app.log,
    now: () => new Date(),
  };
  app.decorate('orders', context);
  app.decorate('paymentProviders', providers);
  app.decorate('emailOutbox', outbox);

  let sweeping: Promise<void> | null = null;
  const sweep = async () => {
    // One sweep at a time in a process; other processes' sweeps are safe (closing.ts).
    sweeping ??= (async () => {
      try {
        const expired = await expireDueOrders(context);
        if (expired.length > 0) app.log.info({ orders: expired }, 'expired unpaid orders');
        await settlePendingRefunds(context);
        // Gift cards whose day has come are e-mailed to their recipients (decision 090).
        const delivered = await deliverDueCards(context.db, {
          origin: storefrontOrigin,
          now: context.now(),
        });
        if (delivered.length > 0) {
          app.log.info({ giftCards: delivered }, 'delivered gift cards');
          context.afterCommit();
        }
        // What a provider answers the sweep is logged in the system's name (no member acted).
        await settlePendingShopRefunds(context, (tenantId) => journalOf(null, tenantId));
        // Payment reminders and the shops' daily lists of unpaid orders
        // (orders/payment-reminders.ts), whose links start with each shop's domain: the shops
        // are read first, so one made by another process since is known.
        await app.shops?.refresh();
        await sweepPaymentReminders(context);
        // The owners of a shop whose e-mails the outbox gave up on are told, once (issue 39).
        const noticed = await noticeFailedMail(context);
        if (noticed.length > 0)
          app.log.info({ shops: noticed }, "told the shops' owners of their failed e-mails");
        // At debug level: the multi-process tests count sweeps instead of sleeping through one.
        app.log.debug('swept the orders');
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  };
  app.decorate('sweepOrders', sweep);

  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  if (background) {
    const sweepInBackground = () => {
      sweep().catch((error: unknown) => app.log.error({ err: error }, 'the order sweep failed'));
    };
    app.addHook('onReady', async () => {
      outbox.start();
      if (options.orderSweepIntervalSeconds > 0) {
        // Once a second after start too: what fell due while the shop was down (an order to
        // expire, a reminder to send) is done at once, not an interval later.
        first = setTimeout(sweepInBackground, 1000);
        first.unref();
        timer = setInterval(sweepInBackground, options.orderSweepIntervalSeconds * 1000);
        timer.unref();
      }
    });
  }
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    await sweeping;
    await outbox.stop();
    await worker?.stop();
  });
}

/** Registers the order module's decorators (not encapsulated). */
export const orders = fp(ordersPlugin, {
  name: 'orders',
  dependencies: ['db', 'account', 'catalog-cache', 'push'],
});
