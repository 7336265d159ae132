/**
 * Launching shops in tests (issue 38, server/shops/launch.ts): a shop made by `createShop`
 * starts closed, so a test that only wants to use its storefront opens it here, as if its owner
 * had gone through the checklist and pressed Launch; the launch tests themselves go through the
 * back office (server/shops/launch.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { createShop, type CreatedShop } from '../shops/create-shop.ts';
import { asStaff, createStaff, staffTokenFor, TEST_PASSWORD_HASH_COST } from './staff.ts';

/** A new shop as its owner meets it, and the headers of its signed-in members. */
export interface ClosedShop extends CreatedShop {
  /** The owner's back-office headers. */
  asOwner: Record<string, string>;
  /** A member of staff's (not an owner). */
  asStaff: Record<string, string>;
}

let made = 0;

/**
 * A new closed shop at `<name>.test` in pounds (GB), as `shop:create` makes it, which the app
 * knows at once, with a signed-in owner and a member of staff. `password` is the first owner's.
 */
export async function newClosedShop(
  app: FastifyInstance,
  name: string,
  password: string,
): Promise<ClosedShop> {
  made += 1;
  const shop = await createShop(
    app.db,
    {
      name: `Shop ${name}`,
      domain: `${name}.test`,
      currency: 'GBP',
      country: 'GB',
      owner: { email: `owner${made}@${name}.test`, password },
    },
    { passwordHashCost: TEST_PASSWORD_HASH_COST },
  );
  // What shop:create and the first-run set-up do: the deployment learns of the new shop.
  await app.shops.refresh();
  const owner = await createStaff(app.db, { tenantId: shop.tenantId, role: 'owner' });
  const member = await createStaff(app.db, { tenantId: shop.tenantId, role: 'staff' });
  return {
    ...shop,
    asOwner: asStaff(shop.token, await staffTokenFor(app, owner)),
    asStaff: asStaff(shop.token, await staffTokenFor(app, member)),
  };
}

/**
 * Opens shop `tenantId` at once (status `open`, launched now), without the checklist, and has
 * the app forget what it showed of it, as a launch does.
 */
export async function openShopForTests(app: FastifyInstance, tenantId: number): Promise<void> {
  await app.db
    .updateTable('tenants')
    .set({ status: 'open', closed_message: null, launched_at: new Date().toISOString() })
    .where('id', '=', tenantId)
    .execute();
  app.catalogCache.invalidate(tenantId);
}
