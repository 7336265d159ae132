/**
 * Wires the back office's push notifications (server/staff/push-notifications.ts) into the
 * server: decorates `app.push` with the outbox that sends them after each commit, the server's
 * VAPID public key (null when push is off) and the test-only loopback setting.
 *
 * The VAPID pair is VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or, with SQLite, one generated on first
 * start beside the database (config/push-config.ts). With DATABASE_URL and no pair, push is off
 * (said once at start): each process would otherwise sign with a pair of its own. The `web-push`
 * library is loaded with the first notification sent, never by a process that sends none.
 * Register before the orders plugin, which wakes the outbox after its commits.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppConfig, pushKeysPath } from '../../config/config.ts';
import type { PushSender } from '../../platform/push/push-sender.ts';
import { loadVapidKeys, type VapidKeys } from '../../platform/push/vapid-keys.ts';
import { PushOutbox } from '../../staff/push-notifications.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      outbox: PushOutbox;
      /** The VAPID public key (base64url) browsers subscribe with; null: push is off. */
      publicKey: string | null;
      /** config.pushAllowLoopbackHttp (tests only). */
      allowLoopbackHttp: boolean;
    };
  }
}

/**
 * What the push plugin reads of the app's config: the VAPID pair and subject (or where a SQLite
 * server keeps its generated pair, and the shop URL or MAIL_FROM a subject falls back to), and
 * the test-only loopback setting; `background` off leaves the outbox to be drained by hand.
 */
export type PushPluginOptions = Pick<
  AppConfig,
  | 'vapidKeys'
  | 'vapidSubject'
  | 'pushAllowLoopbackHttp'
  | 'databaseUrl'
  | 'sqlitePath'
  | 'storefrontUrl'
  | 'mailFrom'
> & {
  /** Poll for unsent notices (default true; tests drain by hand). */
  background?: boolean;
};

/** Who the push services may contact: VAPID_SUBJECT, an https shop URL, or MAIL_FROM's address. */
function subjectOf(options: PushPluginOptions): string {
  if (options.vapidSubject) return options.vapidSubject;
  if (options.storefrontUrl?.startsWith('https://')) return options.storefrontUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$|^([^<>\s]+@[^<>\s]+)$/.exec(options.mailFrom ?? '');
  return `mailto:${address?.[1] ?? address?.[2] ?? 'shop@localhost'}`;
}

async function pushPlugin(app: FastifyInstance, options: PushPluginOptions): Promise<void> {
  let keys: VapidKeys | null = options.vapidKeys;
  if (!keys && !options.databaseUrl) keys = loadVapidKeys(null, pushKeysPath(options));
  if (!keys) {
    app.log.warn(
      'push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys) for every process',
    );
  }
  let sender: PushSender | null = null;
  const send: PushSender | null = keys
    ? async (target, payload, sendOptions) => {
        if (!sender) {
          const { webPushSender } = await import('../../platform/push/web-push-sender.ts');
          sender = webPushSender(keys, subjectOf(options));
        }
        return sender(target, payload, sendOptions);
      }
    : null;
  const outbox = new PushOutbox({ db: app.db, send, log: app.log });
  app.decorate('push', {
    outbox,
    publicKey: keys?.publicKey ?? null,
    allowLoopbackHttp: options.pushAllowLoopbackHttp,
  });
  if (options.background ?? true) app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());
}

/** Registers `app.push` (not encapsulated). */
export const push = fp(pushPlugin, { name: 'push', dependencies: ['db'] });
