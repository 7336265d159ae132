/// <reference types="node" />
/**
 * Contract test: the reference API behind `prism proxy --errors` (`npm run test:contract`).
 *
 * Starts the reference API on a throwaway SQLite database (temp dir, free port, API only)
 * and two Prism proxies in front of it (servers.ts):
 * - `strict`: `prism proxy --errors`, which also validates our requests, for every valid call;
 * - `lenient`: the same with `--validate-request=false`, for the deliberately invalid
 *   requests (bad query) that the strict proxy would answer itself with 422.
 * A case fails when Prism reports a violation (`sl-violations` header, or its 500 problem
 * body), when the status is not one the contract documents for that operation, when the
 * body does not match the documented schema (checked again here with Ajv 2020), or when the
 * expected status or behaviour differs (runner.ts). Prism's security check answers a request
 * without the tenant header itself, so that case goes straight to the API and is checked with
 * Ajv alone.
 *
 * The cases, in the order they run (cases/):
 * - the shop's settings and the catalogue, with its filters and search suggestions;
 * - the accounts operations as a session: register, log in, refresh, log out;
 * - the shopper's account, with customers registered for it: the account, saved addresses
 *   (another customer's is 404), a password change, and a reset whose link is read from the
 *   API's outbox (OUTBOX_DIR in the temp dir), and the same 202 past an e-mail's hourly cap;
 * - the shopper's data rights: the holder's data downloaded, and a customer registered for it
 *   erased (a wrong password first) and its access token refused afterwards;
 * - a shopping session whose cases build on each other (a case's `prepare` fills in ids that
 *   earlier cases produced): a customised knife and shipping, the cart, checkout, the orders
 *   and a card payment; the gateway notification is signed with the shop's secret, read from
 *   the throwaway SQLite file;
 * - reviews (the review of the product paid by card is a verified purchase), "E-mail me when it
 *   is back" on a sold-out piece, the blog and its
 *   comments, contact (the throttle is lowered to CONTACT_MAX to reach its 429), FAQs and
 *   legal documents;
 * - for every operation of the contract: without a bearer token and with an invalid one, a
 *   customer operation answers 401; outside IMPLEMENTED an operation must answer 501 with a
 *   `detail`, asked of the API directly (Prism turns an upstream 501 into a mock answer) with
 *   the demo customer's access token and a request built from the contract (sampler.ts).
 *
 * Then the back office's contract (openapi/admin.yaml) against the same API process, through
 * its own pair of proxies (admin-cases/admin-run.ts): the seeded owner and staff member, their
 * sessions, staff and invitations, two-step verification, the back office over the seeded
 * orders, today's lists and the activity log.
 *
 * Prints one line per case, then `N passed, N failed` for each contract; exits 1 on any
 * failure. `--only=storefront` or `--only=admin` runs one contract's cases (the servers are
 * the same). Importing this module runs the test: code that needs the list of implemented
 * operations imports implemented.ts (IMPLEMENTED is re-exported here for the callers that
 * name this file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoTenant, fromFile } from './case';
import { isObject, loadContract, makeAjv, operations, str } from './contract-document';
import { logs, stopAll } from './processes';
import { request, results } from './request';
import { runCases } from './runner';
import { startServers, type Servers } from './servers';
import { runAdminContract } from './admin-cases/admin-run';
import { accountSetup } from './cases/account-setup';
import { addressCases } from './cases/account-addresses';
import { passwordCases } from './cases/account-passwords';
import { dataRightsCases } from './cases/account-data';
import { contractWideCases } from './cases/auth-and-unimplemented';
import { blogCases, blogSetup } from './cases/blog';
import { cartCases } from './cases/cart';
import { catalogueCases } from './cases/catalog';
import { checkoutCases } from './cases/checkout';
import { contactAndPagesCases } from './cases/contact-and-pages';
import { giftCardCases } from './cases/gift-cards';
import { orderCases } from './cases/orders';
import { paymentCases } from './cases/payments';
import { cancellationCases } from './cases/cancellation';
import { reviewCases } from './cases/reviews';
import { backInStockCases } from './cases/back-in-stock';
import { logIn, sessionCases } from './cases/session';
import { settingsCases } from './cases/settings';
import { shippingCases } from './cases/shipping';
import { shoppingSetup } from './cases/shop-setup';

export { IMPLEMENTED } from './implemented';

/** Which contracts a run covers: `--only=storefront`, `--only=admin`, or both. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined && only !== 'storefront' && only !== 'admin') {
  throw new Error(`--only takes storefront or admin, not ${only}`);
}

/** The storefront's cases; answers how many failed. */
async function runStorefrontContract(servers: Servers): Promise<number> {
  const doc = loadContract();
  const allOps = operations(doc);
  const contract = {
    doc,
    ops: new Map(allOps.map((o) => [o.operationId, o])),
    ajv: makeAjv(doc),
  };
  const { upstream } = servers;

  const catalogue = await request(upstream, {
    method: 'GET',
    path: '/products/products/',
    query: { is_active: 'true', page_size: '100' },
    headers: demoTenant,
  });
  const products = results(catalogue.body);
  const first = products[0];
  if (!first)
    throw new Error(
      `the demo catalogue is empty (${catalogue.status}: ${catalogue.text.slice(0, 200)})`,
    );
  const slug = str(first.slug);
  const categorySlug = isObject(first.category) ? str(first.category.slug) : '';

  const session = await logIn(upstream);
  const shop = await shoppingSetup(upstream, products, session, servers.sqlitePath);
  const accounts = await accountSetup(upstream, session.stamp, servers.outboxDir);
  const cases = [
    ...fromFile('cases/settings.ts', settingsCases()),
    ...fromFile(
      'cases/catalog.ts',
      catalogueCases(
        slug,
        categorySlug,
        products.map((p) => str(p.slug)),
      ),
    ),
    ...fromFile('cases/session.ts', sessionCases(session)),
    ...fromFile('cases/account-addresses.ts', addressCases(accounts)),
    ...fromFile('cases/account-passwords.ts', passwordCases(accounts)),
    ...fromFile('cases/account-data.ts', dataRightsCases(accounts, upstream, session.stamp)),
    ...fromFile('cases/shipping.ts', shippingCases(shop)),
    ...fromFile('cases/cart.ts', cartCases(shop)),
    ...fromFile('cases/checkout.ts', checkoutCases(shop)),
    ...fromFile('cases/orders.ts', orderCases(shop)),
    ...fromFile('cases/payments.ts', paymentCases(shop)),
    ...fromFile('cases/cancellation.ts', cancellationCases(shop)),
    ...fromFile('cases/reviews.ts', reviewCases(shop)),
    ...fromFile('cases/back-in-stock.ts', backInStockCases(shop, products)),
    ...fromFile('cases/blog.ts', blogCases(shop, blogSetup(servers.sqlitePath))),
    ...fromFile('cases/contact-and-pages.ts', contactAndPagesCases()),
    ...fromFile('cases/gift-cards.ts', giftCardCases()),
    ...fromFile('cases/auth-and-unimplemented.ts', contractWideCases(doc, allOps, session.access)),
  ];

  const { failed } = await runCases(cases, servers.bases, contract);
  return failed;
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'storefront-contract-'));
  try {
    const servers = await startServers(tmp);
    const storefrontFailed = only === 'admin' ? 0 : await runStorefrontContract(servers);
    // The back office's run comes second so the storefront's cases see the shop as before.
    let adminFailed = 0;
    if (only !== 'storefront') {
      try {
        adminFailed = (await runAdminContract(servers)).failed;
      } catch (error) {
        adminFailed = 1;
        console.error(
          `the back office contract test could not run: ${error instanceof Error ? error.message : String(error)}`,
        );
        console.log('0 passed, 1 failed');
      }
    }
    return storefrontFailed === 0 && adminFailed === 0 ? 0 : 1;
  } catch (error) {
    console.error(
      `contract test could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    for (const [name, lines] of logs) {
      console.error(`--- last output of ${name} ---`);
      console.error(lines.slice(-30).join('\n'));
    }
    console.log('0 passed, 1 failed');
    return 1;
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => {
  void stopAll().then(() => process.exit(130));
});

process.exitCode = await main();
