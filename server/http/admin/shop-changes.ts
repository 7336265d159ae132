/**
 * What the back office's writes to the storefront's content share (content, categories,
 * products, photos, moderation): the change runs as the signed-in member, and once it has
 * committed the storefront forgets what it showed of the member's shop, in this process and in
 * every other (`catalogCache.invalidate`: its answers, and through its listeners the rendered
 * pages, ../pages.ts, and the sitemap files, ../seo.ts; ../cache-sync.ts tells the other API
 * processes), so the shop shows the change within a second everywhere.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { Acting } from '../../platform/journal.ts';
import { requireActing } from './staff-auth.ts';

/** Makes the storefront forget what it showed of shop `tenantId` (after a commit). */
export function forgetShop(request: FastifyRequest, tenantId: number): void {
  request.server.catalogCache.invalidate(tenantId);
}

/**
 * Runs `change` on the app's database as the signed-in member (`requireActing`), then makes the
 * storefront forget what it showed of the member's shop (`forgetShop`); answers what `change`
 * answers.
 * @throws HttpError 401 (from `requireActing`) before `change` runs; whatever `change` throws
 *   (a DomainError the error handler answers), the caches then left as they were.
 */
export async function changeShop<T>(
  request: FastifyRequest,
  change: (db: Kysely<Database>, acting: Acting) => Promise<T>,
): Promise<T> {
  const acting = requireActing(request);
  const result = await change(request.server.db, acting);
  forgetShop(request, acting.tenantId);
  return result;
}
