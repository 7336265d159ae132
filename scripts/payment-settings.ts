/**
 * `npm run payments:configure -- --tenant TOKEN --provider stripe|2c2p|sandbox [--enable-card]`
 *
 * Names a shop's card provider (one of server/payments/registry.ts) and stores its credentials
 * sealed (decision 013), on the database the API uses (the same environment: DATABASE_URL or
 * SQLITE_PATH, and PAYMENT_SECRETS_KEY). The credentials are read as JSON from standard input,
 * never from the command line (which other users of the machine can read):
 *
 *   echo '{"secretKey":"sk_live_…","webhookSecret":"whsec_…"}' | npm run payments:configure -- \
 *     --tenant my-shop --provider stripe --enable-card
 *
 * Prints where the provider must send its notifications; never prints a credential. Exits 1
 * with the reason when an argument or a credential field is wrong.
 */
import { paymentSecretsKeyPath } from '../server/config/config.ts';
import { loadPaymentSecretsKey } from '../server/payments/credentials.ts';
import {
  isProviderName,
  notificationUrl,
  PaymentProviders,
  PROVIDER_NAMES,
} from '../server/payments/registry.ts';
import { withShopDatabase } from './lib/shop-database.ts';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<number> {
  const token = argument('tenant');
  const provider = argument('provider');
  if (!token || !provider || !isProviderName(provider)) {
    console.error(
      `usage: npm run payments:configure -- --tenant TOKEN --provider ${PROVIDER_NAMES.join('|')} [--enable-card] < credentials.json`,
    );
    return 1;
  }
  let credentials: unknown;
  try {
    credentials = JSON.parse(await readStdin());
  } catch {
    console.error('The credentials must be a JSON object on standard input.');
    return 1;
  }
  return withShopDatabase(token, async ({ config, db, tenantId }) => {
    const providers = new PaymentProviders({
      db,
      key: loadPaymentSecretsKey(config.paymentSecretsKey, paymentSecretsKeyPath(config)),
      sandboxEnabled: config.paymentSandbox,
      publicApiPath: config.publicApiPath,
      twoC2p: {
        sandboxApiBase: config.twoC2pSandboxApiBase,
        productionApiBase: config.twoC2pProductionApiBase,
      },
      stripeApiBase: config.stripeApiBase,
    });
    try {
      await providers.configure(tenantId, provider, credentials);
    } catch (error) {
      console.error(`The credentials were not stored: ${(error as Error).message}`);
      return 1;
    }
    if (process.argv.includes('--enable-card')) {
      await db
        .updateTable('payment_settings')
        .set({ enable_card_payment: 1 })
        .where('tenant_id', '=', tenantId)
        .execute();
    }
    const origin = config.storefrontUrl ?? 'https://YOUR-SHOP';
    const notify = notificationUrl(`${origin}${config.publicApiPath}`, provider, tenantId);
    console.log(`Shop "${token}" now takes card payments through ${provider}; credentials sealed.`);
    console.log(`Notifications address for the provider: ${notify}`);
    console.log(
      'Test them in the back office (Settings, Payments, "Test the credentials"): until the provider accepts live keys there, card payment does not count for launching a shop.',
    );
    return 0;
  });
}

process.exitCode = await main();
