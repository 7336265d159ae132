/**
 * Seeds the shops' content (./content-data.ts) into each demo shop that has none yet: blog posts
 * and their comment threads, FAQs, legal documents, contact information, the comment-moderation
 * setting, and reviews backed by paid orders. Runs on every start, after the catalogue seed, so
 * a database seeded before the content existed gets it too; a shop that already has any blog post,
 * FAQ, legal document or location is left alone.
 *
 * Pictures (featured images, location images) are drawn like the product images
 * (./images.ts renderProductImage) and written before the rows, as the catalogue seed does.
 * Each shop's rows go in one transaction that first locks the shop's tenant row, so two
 * processes starting at once seed it once, and a failure leaves nothing half-seeded.
 */
import { join } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { insertShopList } from './insert-rows.ts';
import { type SeedContent, seedContent } from './content-data.ts';
import { insertPost } from './content-seed-blog.ts';
import { locationImageFile, renderContentMedia } from './content-seed-media.ts';
import { ensurePeople } from './content-seed-people.ts';
import { insertReview } from './content-seed-reviews.ts';

/** What `seedContentIfMissing` seeds, and where its pictures go. */
export interface ContentSeedOptions {
  /** Folder the media files go into (served at `<publicApiPath>/media/`). */
  mediaDir: string;
  /** API prefix, e.g. "/api": stored image addresses start with it. */
  publicApiPath: string;
  /** The content to seed (default: seedContent). */
  content?: readonly SeedContent[];
  /** Clock for dates (tests pin it). */
  now?: Date;
  /** Skip writing media files. */
  skipMedia?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * True when the shop has content of its own: any blog post, FAQ, legal document or location
 * (then the seed leaves it alone).
 */
async function hasContent(db: Db, tenantId: number): Promise<boolean> {
  const tables = ['blog_posts', 'faqs', 'legal_documents', 'contact_locations'] as const;
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

async function insertContent(
  trx: Transaction<Database>,
  tenantId: number,
  content: SeedContent,
  mediaUrl: string,
  now: Date,
): Promise<void> {
  const createdAt = now.toISOString();
  await trx
    .updateTable('site_settings')
    .set({ comments_auto_approve: content.comments_auto_approve ? 1 : 0 })
    .where('tenant_id', '=', tenantId)
    .execute();

  const people = await ensurePeople(trx, tenantId, content, createdAt);
  for (const post of content.blog_posts) {
    await insertPost(trx, tenantId, post, people, mediaUrl, now);
  }
  await insertShopList(trx, 'faqs', tenantId, content.faqs, (faq) => ({
    question: faq.question,
    answer: faq.answer_html,
  }));
  for (const doc of content.legal_documents) {
    const updated = new Date(now.getTime() - doc.updated_days_ago * DAY_MS).toISOString();
    await trx
      .insertInto('legal_documents')
      .values({
        tenant_id: tenantId,
        document_type: doc.document_type,
        title: doc.title,
        content: doc.content_html,
        created_at: updated,
        updated_at: updated,
      })
      .execute();
  }
  await insertShopList(trx, 'contact_locations', tenantId, content.locations, (l) => ({
    name: l.name,
    is_hq: l.is_hq ? 1 : 0,
    address: l.address,
    phone_number: l.phone_number,
    map_embed_link: l.map_embed_link,
    map_location_url: l.map_location_url,
    image_path: l.image ? `${mediaUrl}/${locationImageFile(l.image.file)}` : null,
  }));
  await insertShopList(trx, 'contact_emails', tenantId, content.emails, (e) => ({
    purpose: e.purpose,
    email_address: e.email_address,
  }));
  await insertShopList(trx, 'social_profiles', tenantId, content.social_profiles, (s) => ({
    platform: s.platform,
    platform_display: s.platform_display,
    link: s.link,
  }));
  for (const review of content.reviews) {
    await insertReview(trx, tenantId, content.tenantToken, review, people, now);
  }
}

/**
 * Seeds the content of each shop of `options.content` that exists and has none yet.
 * @returns the tenant tokens it seeded.
 * @throws when rendering or inserting fails (that shop's transaction is rolled back).
 */
export async function seedContentIfMissing(
  db: Kysely<Database>,
  options: ContentSeedOptions,
): Promise<string[]> {
  const seeded: string[] = [];
  const now = options.now ?? new Date();
  for (const content of options.content ?? seedContent) {
    const tenant = await db
      .selectFrom('tenants')
      .select(['id', 'media_slug'])
      .where('token', '=', content.tenantToken)
      .executeTakeFirst();
    if (!tenant || (await hasContent(db, tenant.id))) continue;
    if (!options.skipMedia) {
      await renderContentMedia(content, join(options.mediaDir, tenant.media_slug));
    }
    const mediaUrl = `${options.publicApiPath}/media/${tenant.media_slug}`;
    const done = await db.transaction().execute(async (trx) => {
      // Another process seeding the same shop holds this lock until it commits; then the
      // check below sees its content.
      await trx
        .updateTable('tenants')
        .set((eb) => ({ name: eb.ref('name') }))
        .where('id', '=', tenant.id)
        .execute();
      if (await hasContent(trx, tenant.id)) return false;
      await insertContent(trx, tenant.id, content, mediaUrl, now);
      return true;
    });
    if (done) seeded.push(content.tenantToken);
  }
  return seeded;
}
