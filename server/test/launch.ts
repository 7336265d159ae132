/**
 * Launching shops in tests (issue 38, server/shops/launch.ts): a shop made by `createShop`
 * starts closed, so a test that only wants to use its storefront opens it here, as if its owner
 * had gone through the checklist and pressed Launch; the launch tests themselves go through the
 * back office (server/shops/launch.test.ts).
 */
import type { FastifyInstance } from 'fastify';

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
