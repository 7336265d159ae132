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
import type { Database } from '../db/database.ts';
import { newOrderNumber } from '../orders/checkout.ts';
import {
  type SeedBlogPost,
  type SeedComment,
  type SeedContent,
  type SeedContentReview,
  seedContent,
} from './content-data.ts';
import { renderProductImage } from './images.ts';
import { writeAtomically } from './seed.ts';

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

/**
 * The password hash of seeded authors, commenters and reviewers: not a `scrypt$...` hash, so
 * no password ever verifies against it (server/auth/passwords.ts) and they cannot log in.
 */
export const NO_LOGIN_PASSWORD_HASH = '!seeded-account-without-password';

const IMAGE_SIZE = 800;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Media file of a post's featured image, relative to the tenant's media folder. */
export function blogImageFile(postSlug: string): string {
  return `blog/${postSlug}.webp`;
}

/** Media file of a location's picture, relative to the tenant's media folder. */
export function locationImageFile(file: string): string {
  return `contact/${file}.webp`;
}

async function renderContentMedia(content: SeedContent, root: string): Promise<void> {
  for (const post of content.blog_posts) {
    if (!post.image) continue;
    const bytes = await renderProductImage(post.image, IMAGE_SIZE, 'webp');
    await writeAtomically(join(root, blogImageFile(post.slug)), bytes);
  }
  for (const location of content.locations) {
    if (!location.image) continue;
    const bytes = await renderProductImage(location.image, IMAGE_SIZE, 'webp');
    await writeAtomically(join(root, locationImageFile(location.image.file)), bytes);
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/** True when the shop has any issue-7 content of its own (then the seed leaves it alone). */
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

function commentUsers(comments: readonly SeedComment[], into: Set<string>): void {
  for (const comment of comments) {
    into.add(comment.username);
    commentUsers(comment.replies ?? [], into);
  }
}

/**
 * The shop's account of each username (created without a usable password when missing). A
 * username that someone else's account already holds maps to nothing: that content is seeded
 * without an author rather than under a stranger's name.
 */
async function ensurePeople(
  trx: Transaction<Database>,
  tenantId: number,
  content: SeedContent,
  createdAt: string,
): Promise<Map<string, number>> {
  const names = new Set<string>();
  for (const post of content.blog_posts) {
    if (post.author) names.add(post.author);
    commentUsers(post.comments, names);
  }
  for (const review of content.reviews) names.add(review.username);
  const ids = new Map<string, number>();
  for (const username of names) {
    const email = `${username}@${content.people_domain}`.toLowerCase();
    const find = () =>
      trx
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('email', '=', email)
        .executeTakeFirst();
    let row = await find();
    if (!row) {
      await trx
        .insertInto('users')
        .values({
          tenant_id: tenantId,
          email,
          username,
          password_hash: NO_LOGIN_PASSWORD_HASH,
          is_active: 1,
          created_at: createdAt,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await find();
    }
    if (row) ids.set(username, row.id);
  }
  return ids;
}

async function insertComments(
  trx: Transaction<Database>,
  tenantId: number,
  postId: number,
  publishedAt: number,
  comments: readonly SeedComment[],
  people: Map<string, number>,
  parentId: number | null,
  depth: number,
): Promise<void> {
  for (const comment of comments) {
    const { id } = await trx
      .insertInto('blog_comments')
      .values({
        tenant_id: tenantId,
        post_id: postId,
        parent_id: parentId,
        user_id: people.get(comment.username) ?? null,
        content: comment.content,
        is_approved: comment.approved === false ? 0 : 1,
        depth,
        created_at: new Date(publishedAt + comment.hours_after * HOUR_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertComments(
      trx,
      tenantId,
      postId,
      publishedAt,
      comment.replies ?? [],
      people,
      id,
      depth + 1,
    );
  }
}

async function insertPost(
  trx: Transaction<Database>,
  tenantId: number,
  post: SeedBlogPost,
  people: Map<string, number>,
  mediaUrl: string,
  now: Date,
): Promise<void> {
  const published =
    post.published_days_ago === null ? null : now.getTime() - post.published_days_ago * DAY_MS;
  // Written a few days before publication, last touched on the day it went out.
  const created = (published ?? now.getTime()) - 3 * DAY_MS;
  const { id } = await trx
    .insertInto('blog_posts')
    .values({
      tenant_id: tenantId,
      slug: post.slug,
      title: post.title,
      author_id: post.author ? (people.get(post.author) ?? null) : null,
      featured_image_path: post.image ? `${mediaUrl}/${blogImageFile(post.slug)}` : null,
      content: post.content_html,
      excerpt: post.excerpt,
      status: post.status,
      published_at: published === null ? null : new Date(published).toISOString(),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(published ?? now.getTime()).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (published !== null) {
    await insertComments(trx, tenantId, id, published, post.comments, people, null, 0);
  }
}

/**
 * A review, and before it (for a verified purchase) the paid order it rests on: one line of the
 * product at its current price, paid by bank transfer a few days before the review. The
 * product's stock is left as it is: the order is history from before the seeded stock count.
 */
async function insertReview(
  trx: Transaction<Database>,
  tenantId: number,
  review: SeedContentReview,
  people: Map<string, number>,
  now: Date,
): Promise<void> {
  const userId = people.get(review.username);
  const product = await trx
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'price_cents'])
    .where('tenant_id', '=', tenantId)
    .where('slug', '=', review.product_slug)
    .executeTakeFirst();
  if (userId === undefined || !product) return;
  const reviewedAt = now.getTime() - review.days_ago * DAY_MS;
  const buyer = review.paid_order;
  if (buyer) {
    const thumb = await trx
      .selectFrom('product_images')
      .select('thumb_path')
      .where('product_id', '=', product.id)
      .orderBy('position')
      .orderBy('id')
      .executeTakeFirst();
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({
        tenant_id: tenantId,
        user_id: userId,
        order_number: newOrderNumber(),
        status: 'paid',
        payment_method: 'bank_transfer',
        total_cents: product.price_cents,
        subtotal_cents: product.price_cents,
        total_items: 1,
        street: buyer.street,
        city: buyer.city,
        postal_code: buyer.postalCode,
        country: buyer.country,
        fullname: buyer.fullname,
        contact_number: buyer.contact_number,
        payment_instructions: null,
        payment_redirect_url: null,
        idempotency_key: null,
        request_hash: null,
        created_at: new Date(reviewedAt - 12 * DAY_MS).toISOString(),
        paid_at: new Date(reviewedAt - 11 * DAY_MS).toISOString(),
        updated_at: new Date(reviewedAt - 11 * DAY_MS).toISOString(),
        expires_at: null,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values({
        order_id: orderId,
        product_id: product.id,
        product_name: product.name,
        product_slug: product.slug,
        thumb_path: thumb?.thumb_path ?? null,
        customization: '{}',
        quantity: 1,
        unit_price_cents: product.price_cents,
        line_total_cents: product.price_cents,
      })
      .execute();
  }
  await trx
    .insertInto('reviews')
    .values({
      tenant_id: tenantId,
      product_id: product.id,
      user_id: userId,
      username: review.username,
      rating: review.rating,
      comment: review.comment,
      is_verified_purchase: buyer ? 1 : 0,
      created_at: new Date(reviewedAt).toISOString(),
    })
    // The customer reviewed the product already (a shop seeded by hand): keep theirs.
    .onConflict((oc) => oc.doNothing())
    .execute();
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
  if (content.faqs.length > 0) {
    await trx
      .insertInto('faqs')
      .values(
        content.faqs.map((faq, index) => ({
          tenant_id: tenantId,
          question: faq.question,
          answer: faq.answer_html,
          position: index + 1,
        })),
      )
      .execute();
  }
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
  if (content.locations.length > 0) {
    await trx
      .insertInto('contact_locations')
      .values(
        content.locations.map((l, index) => ({
          tenant_id: tenantId,
          name: l.name,
          is_hq: l.is_hq ? 1 : 0,
          address: l.address,
          phone_number: l.phone_number,
          map_embed_link: l.map_embed_link,
          map_location_url: l.map_location_url,
          image_path: l.image ? `${mediaUrl}/${locationImageFile(l.image.file)}` : null,
          position: index + 1,
        })),
      )
      .execute();
  }
  if (content.emails.length > 0) {
    await trx
      .insertInto('contact_emails')
      .values(
        content.emails.map((e, index) => ({
          tenant_id: tenantId,
          purpose: e.purpose,
          email_address: e.email_address,
          position: index + 1,
        })),
      )
      .execute();
  }
  if (content.social_profiles.length > 0) {
    await trx
      .insertInto('social_profiles')
      .values(
        content.social_profiles.map((s, index) => ({
          tenant_id: tenantId,
          platform: s.platform,
          platform_display: s.platform_display,
          link: s.link,
          position: index + 1,
        })),
      )
      .execute();
  }
  for (const review of content.reviews) await insertReview(trx, tenantId, review, people, now);
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
