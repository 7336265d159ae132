/**
 * What the order module needs from the rest of the server, handed in once by its plugin
 * (server/http/wiring/orders.ts), so the module imports no handler, no plugin and nothing of
 * Fastify, and a test can build it over any database with fake providers.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { Logger } from '../platform/logger.ts';
import type { ProviderName } from '../payments/tables.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { OrderEvent } from './events.ts';
import type { Trx } from './order-lock.ts';

export interface OrderSettings {
  /**
   * An unpaid card order expires this long after it was placed (s); starting a payment never
   * moves that deadline on (./shopper-moves.ts, cardPaymentDeadline).
   */
  cardOrderTtlSeconds: number;
  /**
   * An unpaid order of an offline method (server/payments/methods.ts: a bank transfer, the
   * shop's own method) expires this long after it was placed (s).
   */
  bankTransferOrderTtlSeconds: number;
  /** Unpaid orders a customer may have at once. */
  maxUnpaidOrders: number;
}

export interface OrderContext {
  db: Kysely<Database>;
  settings: OrderSettings;
  /**
   * The shop's card provider for new payments, or null when it takes no card payments now.
   * Never use it for a payment already started: see `providerOf`.
   */
  providerFor(tenantId: number): Promise<PaymentProvider | null>;
  /**
   * The provider a payment names (`payments.provider`), with the shop's credentials for it,
   * whatever the shop's switches say now (decision 046): a started payment is settled,
   * reconciled, closed and refunded through its own provider. Null when the shop has no
   * credentials for it (or it is the sandbox, and the sandbox is off).
   */
  providerOf(tenantId: number, name: ProviderName): Promise<PaymentProvider | null>;
  /**
   * Records what the shopper and the shop must be told of an event, inside the transaction
   * that made it happen (the e-mail outbox): committed together, or not at all.
   */
  record(trx: Trx, event: OrderEvent): Promise<void>;
  /** Called after a commit that queued e-mails: the sender may start at once. */
  afterCommit(): void;
  /**
   * Called after stock moved (an order placed, canceled or expired): forgets the cached answers
   * and pages that show those products' stock, and only those.
   */
  stockChanged(tenantId: number, productIds: number[]): Promise<void>;
  /**
   * A shop's storefront origin for links (return pages, order pages), e.g.
   * https://shop.example: its primary domain (../http/site-origin.ts).
   */
  storefrontOrigin(tenantId: number): string;
  /** This API's public origin and path prefix for a shop, for provider notifications. */
  apiBaseUrl(tenantId: number): string;
  /** The app's logger (`app.log`). */
  log: Logger;
  /** The clock (tests move it). */
  now(): Date;
}
