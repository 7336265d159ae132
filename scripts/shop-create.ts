/**
 * `npm run shop:create -- --name NAME --domain DOMAIN --currency CODE --country CODE
 *  --owner-email EMAIL [--owner-name NAME]`
 *
 * Opens a shop on the database the API uses (the same environment: DATABASE_URL or
 * SQLITE_PATH): its tenant with a token of its own, its domain, its currency, settings that pass
 * validation, and its first owner (issue 38, server/shops/create-shop.ts). The owner's password
 * is read from standard input, never from the command line (scripts/lib/cli.ts):
 *
 *   npm run shop:create -- --name "Tidewater Knives" --domain tidewater.example \
 *     --currency GBP --country GB --owner-email owner@tidewater.example
 *
 * Prints the shop's tenant token, its address and its back office's (its domain, with the scheme
 * and port of STOREFRONT_URL, else http and PORT: server/http/site-origin.ts); never the
 * password. The shop opens closed, until its owner launches it. Exits
 * 1 with the reason for a taken domain, an unknown currency or country, a weak password or a
 * wrong argument.
 */
import { DomainError } from '../server/platform/domain-error.ts';
import { createShop } from '../server/shops/create-shop.ts';
import { recordDefaultShopDomain } from '../server/shops/default-domain.ts';
import { originOfDomain } from '../server/http/site-origin.ts';
import { argument, problemsOf, readPassword } from './lib/cli.ts';
import { withDatabase } from './lib/shop-database.ts';

const USAGE =
  'usage: npm run shop:create -- --name NAME --domain DOMAIN --currency CODE --country CODE\n' +
  '         --owner-email EMAIL [--owner-name NAME]\n' +
  "       (the owner's password is read from standard input)";

async function main(): Promise<number> {
  const name = argument('name');
  const domain = argument('domain');
  const currency = argument('currency');
  const country = argument('country');
  const email = argument('owner-email');
  if (!name || !domain || !currency || !country || !email) {
    console.error(USAGE);
    return 1;
  }
  const ownerName = argument('owner-name');
  return withDatabase(async ({ config, db }) => {
    const password = await readPassword();
    if (password === null) return 1;
    // The shop the server is started for answers at STOREFRONT_URL: no new shop may take it.
    await recordDefaultShopDomain(db, config.tenantToken, config.storefrontUrl);
    try {
      const shop = await createShop(
        db,
        {
          name,
          domain,
          currency,
          country,
          owner: { email, password, ...(ownerName ? { name: ownerName } : {}) },
        },
        { passwordHashCost: config.passwordHashCost },
      );
      const origin = originOfDomain(shop.domain, config);
      console.log(
        [
          `Opened "${shop.name}" (tenant token ${shop.token}), selling in ${shop.currency}.`,
          `The shop:        ${origin}/ (closed: "Opening soon" until you launch it)`,
          `The back office: ${origin}/admin/ (sign in as ${shop.owner.email})`,
          "Prepare it with the checklist on the back office's Today screen, then press Launch.",
        ].join('\n'),
      );
      return 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.error(`No shop was opened.\n${problemsOf(error).join('\n')}`);
      return 1;
    }
  });
}

process.exitCode = await main();
