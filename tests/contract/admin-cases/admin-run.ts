/**
 * The back office's contract test (openapi/admin.yaml), run by tests/contract/run.ts after the
 * storefront's against the same API process: its own pair of Prism proxies (`prism proxy
 * --errors`, strict and lenient) in front of the API's `/api/admin` (../servers.ts), the same
 * checks per answer (../runner.ts: Prism's violations, a documented status, the body valid
 * against the contract with Ajv 2020, each case's behaviour), over the demo shop's seeded
 * members of staff and orders (server/seed/back-office-seed.ts).
 *
 * The cases, in the order they run: every operation's 401s (./access.ts); signing in,
 * refreshing, logging out, `me` and sessions (./auth.ts); the staff, invitations, roles, the
 * security settings and two-step verification (./staff.ts); the back office and today's lists
 * (./orders.ts); the activity log of all of that (./activity.ts). Each operation must have a
 * case that succeeds. An operation whose handler is missing answers 501, which Prism turns into
 * a mock: those cases fail as NOT IMPLEMENTED and the summary names the operations.
 */
import { fromFile } from '../case';
import { adminContractFile, loadContract, makeAjv, operations } from '../contract-document';
import { runCases } from '../runner';
import type { Servers } from '../servers';
import { accessCases } from './access';
import { activityCases } from './activity';
import { adminSetup } from './admin-setup';
import { authCases } from './auth';
import { orderCases } from './orders';
import { staffCases } from './staff';
import { productCases } from './products';
// ~~ products ~~
import { stockAndCategoryCases } from './stock-and-categories';
// ~~ stock-and-categories ~~
import { mediaCases } from './media';
// ~~ media ~~
import { moderationAndInboxCases } from './moderation-and-inbox';
// ~~ moderation-and-inbox ~~
import { contentCases } from './content';
// ~~ content ~~
import { settingsCases } from './settings';
// ~~ settings ~~
import { shopCases, SUCCEEDS_ELSEWHERE } from './shop';
import { businessCases } from './business';
// ~~ business ~~
import { pushCases } from './push';
import { photoFramingCases } from './photo-framing';
import { discountCases } from './discounts';
// ~~ photo framing ~~
import { sellingLegallyCases } from './selling-legally';
import { promotionCases } from './promotions';
import { variantsCases } from './variants';
import { giftCardCases } from './gift-cards';

/**
 * Runs the back office's cases against started servers and prints their report.
 * @returns how many passed and failed.
 * @throws when this run's shopper cannot register or log in.
 */
export async function runAdminContract(
  servers: Servers,
): Promise<{ passed: number; failed: number }> {
  console.log('\n== The back office contract (openapi/admin.yaml, /api/admin/) ==');
  const doc = loadContract(adminContractFile);
  const allOps = operations(doc);
  const contract = { doc, ops: new Map(allOps.map((o) => [o.operationId, o])), ajv: makeAjv(doc) };
  const setup = await adminSetup(servers.upstream, servers.outboxDir, servers.sqlitePath);
  if (!setup.collection) {
    console.log(`note: the collection order could not be placed: ${setup.collectionProblem}`);
  }
  const cases = [
    ...fromFile('admin-cases/access.ts', accessCases(doc, allOps, setup.shopper)),
    ...fromFile('admin-cases/auth.ts', authCases(setup)),
    ...fromFile('admin-cases/staff.ts', staffCases(setup)),
    ...fromFile('admin-cases/orders.ts', orderCases(setup)),
    ...fromFile('admin-cases/products.ts', productCases(setup)),
    // ~~ products ~~
    ...fromFile(
      'admin-cases/stock-and-categories.ts',
      stockAndCategoryCases(setup, servers.upstream),
    ),
    // ~~ stock-and-categories ~~
    ...fromFile('admin-cases/media.ts', mediaCases(setup, servers.upstream)),
    // ~~ media ~~
    ...fromFile(
      'admin-cases/moderation-and-inbox.ts',
      moderationAndInboxCases(setup, servers.upstream),
    ),
    // ~~ moderation-and-inbox ~~
    ...fromFile('admin-cases/content.ts', contentCases(setup)),
    // ~~ content ~~
    ...fromFile('admin-cases/settings.ts', settingsCases(setup)),
    // ~~ settings ~~
    ...fromFile('admin-cases/photo-framing.ts', photoFramingCases(setup, servers.upstream)),
    // ~~ photo framing ~~
    ...fromFile('admin-cases/activity.ts', activityCases(setup)),
    ...fromFile('admin-cases/shop.ts', shopCases(setup)),
    ...fromFile('admin-cases/business.ts', businessCases(setup)),
    // ~~ business ~~
    ...fromFile('admin-cases/push.ts', pushCases(setup)),
    // ~~ push ~~
    ...fromFile('admin-cases/selling-legally.ts', sellingLegallyCases(setup)),
    ...fromFile('admin-cases/promotions.ts', promotionCases(setup, servers.upstream)),
    ...fromFile('admin-cases/discounts.ts', discountCases(setup)),
    // ~~ discounts ~~
    // ~~ selling legally ~~
    ...fromFile('admin-cases/variants.ts', variantsCases(setup)),
    ...fromFile('admin-cases/gift-cards.ts', giftCardCases(setup)),
  ];

  // Every operation is exercised at least once with an answer it gives on success.
  // (But the two whose success needs a deployment this run is not: ./shop.ts says where.)
  const succeeding = new Set([
    ...cases.filter((c) => c.status < 300).map((c) => c.operationId),
    ...SUCCEEDS_ELSEWHERE,
  ]);
  const uncovered = allOps.filter((o) => !succeeding.has(o.operationId)).map((o) => o.operationId);

  const outcome = await runCases(cases, servers.adminBases, contract, {
    // Every answer of the back office's API is `no-store`; Prism's own mocks are not.
    fromApi: (headers) => /\bno-store\b/.test(headers.get('cache-control') ?? ''),
  });
  if (uncovered.length === 0) return { passed: outcome.passed, failed: outcome.failed };
  console.log(`FAIL every operation has a case that succeeds: none for ${uncovered.join(', ')}`);
  return { passed: outcome.passed, failed: outcome.failed + 1 };
}
