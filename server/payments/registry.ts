/**
 * Which provider takes a shop's card payments, with the shop's credentials opened (decision
 * 013). The order module asks `providerFor(tenantId)`; it never sees a credential.
 *
 * A shop's `payment_settings` name the provider (`sandbox`, `2c2p` or `stripe`) and hold its
 * sealed credentials (./credentials.ts). A shop has no card provider when card payments are
 * off, when it has no credentials, or when its provider is the sandbox and PAYMENT_SANDBOX is
 * off; the storefront then is not offered card payment.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { toBool } from '../db/mapping.ts';
import { createTwoC2pProvider, parseTwoC2pCredentials } from './adapter-2c2p.ts';
import {
  createSandboxProvider,
  parseSandboxCredentials,
  type SandboxCredentials,
} from './adapter-sandbox.ts';
import { createStripeProvider, parseStripeCredentials } from './adapter-stripe.ts';
import { openCredentials, sealCredentials } from './credentials.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';

export interface PaymentProvidersOptions {
  db: Kysely<Database>;
  /** PAYMENT_SECRETS_KEY (or the generated one). */
  key: Uint8Array;
  /** PAYMENT_SANDBOX. */
  sandboxEnabled: boolean;
  publicApiPath: string;
  twoC2p: { sandboxApiBase: string; productionApiBase: string };
  stripeApiBase: string | null;
}

/** The validators of each provider's stored credentials (used by the settings script too). */
export const CREDENTIAL_PARSERS: Record<ProviderName, (value: unknown) => object> = {
  sandbox: parseSandboxCredentials,
  '2c2p': parseTwoC2pCredentials,
  stripe: parseStripeCredentials,
};

/** One shop's open card provider, rebuilt only when its sealed credentials change. */
interface Cached {
  sealed: string;
  name: ProviderName;
  provider: PaymentProvider;
}

/** The card providers of every shop of this process. */
export class PaymentProviders {
  private readonly cache = new Map<number, Cached>();

  constructor(private readonly options: PaymentProvidersOptions) {}

  /** True when the sandbox gateway may run in this process. */
  get sandboxEnabled(): boolean {
    return this.options.sandboxEnabled;
  }

  /**
   * The shop's card provider, or null when the shop takes no card payments now (see the module
   * comment). One small query per call; the adapter is reused while the credentials stay.
   * @throws SealedCredentialsError when the credentials do not open with this key.
   */
  async providerFor(tenantId: number): Promise<PaymentProvider | null> {
    const row = await this.options.db
      .selectFrom('payment_settings')
      .select(['enable_card_payment', 'provider', 'credentials'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row || !toBool(row.enable_card_payment) || row.credentials === null) return null;
    if (row.provider === 'sandbox' && !this.options.sandboxEnabled) return null;
    const cached = this.cache.get(tenantId);
    if (cached && cached.sealed === row.credentials && cached.name === row.provider) {
      return cached.provider;
    }
    const provider = this.build(
      tenantId,
      row.provider,
      await openCredentials(row.credentials, this.options.key),
    );
    this.cache.set(tenantId, { sealed: row.credentials, name: row.provider, provider });
    return provider;
  }

  /**
   * The sandbox gateway's signing secret of a shop (the gateway signs what it reports with
   * it), or null when the shop is not on the sandbox or the sandbox is off.
   */
  async sandboxSecret(tenantId: number): Promise<string | null> {
    if (!this.options.sandboxEnabled) return null;
    const row = await this.options.db
      .selectFrom('payment_settings')
      .select(['provider', 'credentials'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row || row.provider !== 'sandbox' || row.credentials === null) return null;
    const credentials = parseSandboxCredentials(
      await openCredentials(row.credentials, this.options.key),
    );
    return credentials.signingSecret;
  }

  /**
   * Names a shop's provider and seals its credentials (the settings script, the seed).
   * @throws Error naming a bad field (never its value) when the credentials do not fit the provider.
   */
  async configure(tenantId: number, name: ProviderName, credentials: unknown): Promise<void> {
    const checked = CREDENTIAL_PARSERS[name](credentials);
    const sealed = await sealCredentials(checked as Record<string, unknown>, this.options.key);
    await this.options.db
      .updateTable('payment_settings')
      .set({ provider: name, credentials: sealed, gateway_secret: '' })
      .where('tenant_id', '=', tenantId)
      .execute();
    this.cache.delete(tenantId);
  }

  private build(tenantId: number, name: ProviderName, credentials: unknown): PaymentProvider {
    switch (name) {
      case 'sandbox':
        return createSandboxProvider(
          this.options.db,
          tenantId,
          parseSandboxCredentials(credentials) satisfies SandboxCredentials,
          this.options.publicApiPath,
        );
      case '2c2p':
        return createTwoC2pProvider(parseTwoC2pCredentials(credentials), this.options.twoC2p);
      case 'stripe':
        return createStripeProvider(parseStripeCredentials(credentials), {
          apiBase: this.options.stripeApiBase,
        });
    }
  }
}
