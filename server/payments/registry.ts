/**
 * The card providers this server can take payments with, in one table (`CARD_PROVIDERS`), and
 * which of them takes a shop's card payments, with the shop's credentials opened (decision
 * 013). The order module asks `providerFor(tenantId)`; it never sees a credential.
 *
 * A provider is one entry of `CARD_PROVIDERS` and one folder, ./providers/<name>/ (its adapter,
 * its notification parsing, its tests); its name is in the `ProviderName` union the tables
 * store (./tables.ts). Everything else that lists providers (the
 * notification routes, the settings script, where each provider reports) reads this table.
 *
 * A shop's `payment_settings` name the provider and hold its sealed credentials
 * (./credentials.ts). A shop has no card provider when card payments are off, when it has no
 * credentials, or when its provider is the sandbox and PAYMENT_SANDBOX is off; the storefront
 * then is not offered card payment.
 *
 * Those switches decide where new payments start (`providerFor`), never what becomes of a
 * payment already started (decision 046): `providerOf` opens the provider a payment names,
 * with the shop's credentials for it, so its notification, the return page's check, the
 * expiry sweep's question, closing its page and refunding it all still reach the provider
 * that holds the money. The credentials of every provider a shop has used are kept for that
 * (`payment_provider_credentials`; the current one's are also in `payment_settings`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import type { ProviderName } from './tables.ts';
import { createTwoC2pProvider } from './providers/2c2p/adapter.ts';
import { parseTwoC2pCredentials } from './providers/2c2p/settings.ts';
import { createSandboxProvider, parseSandboxCredentials } from './providers/sandbox/adapter.ts';
import { createStripeProvider } from './providers/stripe/adapter.ts';
import { parseStripeCredentials } from './providers/stripe/settings.ts';
import { openCredentials, sealCredentials } from './credentials.ts';
import type { PaymentProvider } from './provider.ts';

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

/** What building one shop's adapter may use beside its credentials. */
interface AdapterContext {
  options: PaymentProvidersOptions;
  tenantId: number;
}

/**
 * One card provider: how it is named to people, how its credentials are checked, its adapter
 * built, where it reports.
 */
export interface CardProviderEntry {
  /** How the order e-mails name it: "2C2P" (the shop reads "Paid with: Card (2C2P)"). */
  label: string;
  /**
   * Checks credentials before they are sealed, and again when they are opened.
   * @throws Error naming a bad field (never its value) when they do not fit the provider.
   */
  parseCredentials(value: unknown): object;
  /** The adapter bound to one shop's (opened) credentials. */
  create(credentials: unknown, context: AdapterContext): PaymentProvider;
  /**
   * Where it reports results: `gateway`, the contract's `POST {api}/payments/gateway/notify/`
   * (the sandbox sends the tenant header); `own`, `POST {api}/payments/providers/{name}/notify/
   * {tenant id}/` in the provider's own wire format (server/http/provider-notifications.ts).
   */
  notifies: 'gateway' | 'own';
  /** True for the stand-in provider: usable only while PAYMENT_SANDBOX is on. */
  sandboxOnly: boolean;
}

/**
 * Every card provider, by the name a shop's settings and each payment store. The mapped type
 * makes a name of `ProviderName` without an entry, or an entry without a name, a type error.
 */
export const CARD_PROVIDERS: { readonly [Name in ProviderName]: CardProviderEntry } = {
  stripe: {
    label: 'Stripe',
    parseCredentials: parseStripeCredentials,
    create: (credentials, { options }) =>
      createStripeProvider(parseStripeCredentials(credentials), { apiBase: options.stripeApiBase }),
    notifies: 'own',
    sandboxOnly: false,
  },
  '2c2p': {
    label: '2C2P',
    parseCredentials: parseTwoC2pCredentials,
    create: (credentials, { options }) =>
      createTwoC2pProvider(parseTwoC2pCredentials(credentials), options.twoC2p),
    notifies: 'own',
    sandboxOnly: false,
  },
  sandbox: {
    label: 'Sandbox gateway',
    parseCredentials: parseSandboxCredentials,
    create: (credentials, { options, tenantId }) =>
      createSandboxProvider(
        options.db,
        tenantId,
        parseSandboxCredentials(credentials),
        options.publicApiPath,
      ),
    notifies: 'gateway',
    sandboxOnly: true,
  },
};

/** Every provider's name, in the table's order (the settings script's usage line). */
export const PROVIDER_NAMES = Object.keys(CARD_PROVIDERS) as ProviderName[];

/** True when `name` is a provider of `CARD_PROVIDERS` (a path segment, a command-line word). */
export function isProviderName(name: string): name is ProviderName {
  return Object.hasOwn(CARD_PROVIDERS, name);
}

/**
 * Where provider `name` reports to (its `notifies`), under this API's public base
 * (`https://shop.example/api`): the sandbox to the contract's `/payments/gateway/notify/`,
 * the others to their own address naming the shop.
 */
export function notificationUrl(apiBase: string, name: ProviderName, tenantId: number): string {
  return CARD_PROVIDERS[name].notifies === 'gateway'
    ? `${apiBase}/payments/gateway/notify/`
    : `${apiBase}/payments/providers/${name}/notify/${tenantId}/`;
}

/** One shop's open adapter of one provider, rebuilt only when its sealed credentials change. */
interface Cached {
  sealed: string;
  provider: PaymentProvider;
}

/** The card providers of every shop of this process. */
export class PaymentProviders {
  /** By `{tenant id}:{provider}`. */
  private readonly cache = new Map<string, Cached>();

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
    if (CARD_PROVIDERS[row.provider].sandboxOnly && !this.options.sandboxEnabled) return null;
    return this.adapter(tenantId, row.provider, row.credentials);
  }

  /**
   * The adapter of provider `name` with the shop's credentials for it, whatever the shop's
   * switches say now (card payments off, another provider chosen): for settling, reconciling,
   * closing and refunding the payments that provider started. One or two small queries per
   * call; the adapter is reused while the credentials stay.
   * @returns null when the shop has never had credentials for `name`, or `name` is the sandbox
   *   and PAYMENT_SANDBOX is off.
   * @throws SealedCredentialsError when the credentials do not open with this key.
   */
  async providerOf(tenantId: number, name: ProviderName): Promise<PaymentProvider | null> {
    if (CARD_PROVIDERS[name].sandboxOnly && !this.options.sandboxEnabled) return null;
    const sealed = await this.sealedCredentials(tenantId, name);
    return sealed === null ? null : this.adapter(tenantId, name, sealed);
  }

  /**
   * The sandbox gateway's signing secret of a shop (the gateway signs what it reports with
   * it), or null when the shop has no sandbox credentials or the sandbox is off. A shop that
   * has moved to another provider keeps it, so the charges the sandbox took before still
   * report.
   */
  async sandboxSecret(tenantId: number): Promise<string | null> {
    if (!this.options.sandboxEnabled) return null;
    const sealed = await this.sealedCredentials(tenantId, 'sandbox');
    if (sealed === null) return null;
    return parseSandboxCredentials(await openCredentials(sealed, this.options.key)).signingSecret;
  }

  /**
   * Names a shop's provider and seals its credentials (the settings script, the seed, the
   * owner's payment settings in the back office). The credentials of the provider it replaces
   * are kept, for the payments that one started; `credentials_updated_at` becomes `at`.
   * @param trx the caller's transaction (the back office records the change in the same one);
   *   without it, one of its own.
   * @throws Error naming a bad field (never its value) when the credentials do not fit the
   *   provider.
   */
  async configure(
    tenantId: number,
    name: ProviderName,
    credentials: unknown,
    trx?: Transaction<Database>,
    at: Date = new Date(),
  ): Promise<void> {
    const checked = CARD_PROVIDERS[name].parseCredentials(credentials);
    const sealed = await sealCredentials(checked as Record<string, unknown>, this.options.key);
    const store = async (trx: Transaction<Database>) => {
      const keep = (provider: ProviderName, value: string) =>
        trx
          .insertInto('payment_provider_credentials')
          .values({ tenant_id: tenantId, provider, credentials: value })
          .onConflict((oc) =>
            oc.columns(['tenant_id', 'provider']).doUpdateSet({ credentials: value }),
          )
          .execute();
      const current = await trx
        .selectFrom('payment_settings')
        .select(['provider', 'credentials'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (current?.credentials && current.provider !== name) {
        await keep(current.provider, current.credentials);
      }
      await keep(name, sealed);
      await trx
        .updateTable('payment_settings')
        .set({
          provider: name,
          credentials: sealed,
          gateway_secret: '',
          credentials_updated_at: at.toISOString(),
          // New credentials are untested until the provider accepts them.
          credentials_checked_at: null,
          credentials_checked_mode: null,
        })
        .where('tenant_id', '=', tenantId)
        .execute();
    };
    if (trx) await store(trx);
    else await this.options.db.transaction().execute(store);
  }

  /**
   * The shop's current card provider with its credentials opened, whatever the switches say
   * (card payments may be off while the owner tests new keys), with the sealed form they were
   * opened from: a caller recording a test's outcome records it only while they are unchanged.
   * @returns null when the shop has no credentials, or has the sandbox's and PAYMENT_SANDBOX is
   *   off.
   * @throws SealedCredentialsError when the credentials do not open with this key.
   */
  async current(
    tenantId: number,
  ): Promise<{ name: ProviderName; sealed: string; provider: PaymentProvider } | null> {
    const row = await this.options.db
      .selectFrom('payment_settings')
      .select(['provider', 'credentials'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row || row.credentials === null) return null;
    if (CARD_PROVIDERS[row.provider].sandboxOnly && !this.options.sandboxEnabled) return null;
    return {
      name: row.provider,
      sealed: row.credentials,
      provider: await this.adapter(tenantId, row.provider, row.credentials),
    };
  }

  /**
   * The shop's sealed credentials for `name`: the current provider's from `payment_settings`
   * (the truth, sealed there at start-up even for an older database), an earlier one's from
   * `payment_provider_credentials`; null when it has none.
   */
  private async sealedCredentials(tenantId: number, name: ProviderName): Promise<string | null> {
    const current = await this.options.db
      .selectFrom('payment_settings')
      .select(['provider', 'credentials'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (current?.provider === name && current.credentials !== null) return current.credentials;
    const kept = await this.options.db
      .selectFrom('payment_provider_credentials')
      .select('credentials')
      .where('tenant_id', '=', tenantId)
      .where('provider', '=', name)
      .executeTakeFirst();
    return kept?.credentials ?? null;
  }

  /** The open adapter of `name` under `sealed` credentials, from the cache when they match. */
  private async adapter(
    tenantId: number,
    name: ProviderName,
    sealed: string,
  ): Promise<PaymentProvider> {
    const key = `${tenantId}:${name}`;
    const cached = this.cache.get(key);
    if (cached && cached.sealed === sealed) return cached.provider;
    const provider = this.build(tenantId, name, await openCredentials(sealed, this.options.key));
    this.cache.set(key, { sealed, provider });
    return provider;
  }

  private build(tenantId: number, name: ProviderName, credentials: unknown): PaymentProvider {
    return CARD_PROVIDERS[name].create(credentials, { options: this.options, tenantId });
  }
}
