/**
 * The shop's blog as the back office writes it: every post whatever its status, newest first,
 * and creating, editing and deleting one.
 *
 * The rules:
 * - A slug is unique in the shop (lowercase letters, digits and hyphens). Left empty it is made
 *   from the title (accents dropped: "Crème brûlée" gives `creme-brulee`), with `-2`, `-3`...
 *   after it when another post has it; a slug typed by the member that another post has is
 *   refused (400 on `slug`).
 * - The content is staff HTML, sanitized on save with the storefront's own policy
 *   (`sanitizeStaffHtml`): what is stored is what the shop shows. The excerpt is plain text.
 * - `published` with no publish date is published now; a publish date in the future keeps the
 *   post off the storefront until then (the storefront's own rule, ./blog.ts). A draft or an
 *   archived post is never shown.
 * - The featured image is an upload the member made (server/media/uploads.ts `claimUpload`,
 *   claimed in the same transaction), or removed with `featured_image_upload_id: null`.
 * - The author: a post written in the back office has no shopper author (`author_id` null),
 *   which the storefront shows as "Admin", as it does the seed's posts; an edit keeps a post's
 *   author.
 * - Only a draft may be deleted (its comments go with it); a published post is archived.
 *
 * Every change is in the activity log with the fields it changed; the HTTP layer drops the
 * shop's cached answers and pages after each call, so the storefront shows it at once.
 *
 * This module saves; a body is checked by ./blog-post-input.ts, and the back office reads the
 * posts through ./blog-admin-read.ts.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import { claimUpload } from '../media/uploads.ts';
import { type AdminBlogPost, getAdminPost } from './blog-admin-read.ts';
import { type BlogPostInput, checkPost, slugFromTitle } from './blog-post-input.ts';
import {
  changedFields,
  CONTENT_MESSAGES,
  contentNotFound,
  contentRefused,
  invalidContent,
} from './content-input.ts';

type Trx = Transaction<Database>;

/** Journals `blog_post.<verb>` on post `id` in `trx`, with the fields before and after. */
async function logPostChange(
  trx: Trx,
  acting: Acting,
  id: number,
  verb: 'create' | 'update' | 'delete',
  change: { before: unknown; after: unknown },
  now: Date,
): Promise<void> {
  await acting.journal(
    trx,
    { action: `blog_post.${verb}`, objectType: 'blog_post', objectId: id, ...change },
    now,
  );
}

/** The fields the activity log compares, from a post's row. */
function loggedFields(row: {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  status: string;
  published_at: Date | string | null;
  featured_image_path: string | null;
}): Record<string, unknown> {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    status: row.status,
    published_at: row.published_at === null ? null : toIsoString(row.published_at),
    featured_image: row.featured_image_path,
  };
}

/** A slug free in the shop: `base`, else `base-2`, `base-3`... (never the post `exceptId`). */
async function freeSlug(trx: Trx, tenantId: number, base: string, exceptId: number | null) {
  const taken = new Set(
    (
      await trx
        .selectFrom('blog_posts')
        .select('slug')
        .where('tenant_id', '=', tenantId)
        .where('id', '!=', exceptId ?? 0)
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Refuses a typed slug another post of the shop has. */
async function requireFreeSlug(trx: Trx, tenantId: number, slug: string, exceptId: number | null) {
  const clash = await trx
    .selectFrom('blog_posts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('slug', '=', slug)
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  if (clash) throw invalidContent({ slug: [CONTENT_MESSAGES.slugTaken] });
}

/** The featured image's path of upload `uploadId`, claimed in `trx`; 400 on the field. */
async function claimFeaturedImage(trx: Trx, tenantId: number, uploadId: number): Promise<string> {
  try {
    return (await claimUpload(trx, tenantId, uploadId)).imagePath;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'upload_not_found') {
      throw invalidContent({ featured_image_upload_id: [error.message] });
    }
    throw error;
  }
}

/** A slug clash two members raced to (the unique key caught it): 400 on `slug`. */
function slugRace(error: unknown): never {
  if (isUniqueViolation(error)) throw invalidContent({ slug: [CONTENT_MESSAGES.slugTaken] });
  throw error;
}

/**
 * Runs `write` (a post's create or change, journalled in it) in one transaction, then reads the
 * post it answers the id of, as saved, in the shop of `acting` (at `now`, for what is published).
 * @throws DomainError `invalid_content_input` on `slug` when another member's write took the
 *   same slug meanwhile (the unique key caught it); whatever `write` throws.
 */
async function savePost(
  db: Kysely<Database>,
  acting: Acting,
  now: Date,
  write: (trx: Trx) => Promise<number>,
): Promise<AdminBlogPost> {
  const id = await db.transaction().execute(write).catch(slugRace);
  return getAdminPost(db, acting.tenantId, id, now);
}

/**
 * Writes a new post in the shop of `acting` (see the module comment for the rules), journalled
 * through `acting.journal` in its transaction.
 * @returns the post as saved.
 * @throws DomainError `invalid_content_input` (400: a field, a slug another post has, an upload
 *   the shop does not have).
 */
export async function createPost(
  db: Kysely<Database>,
  acting: Acting,
  body: BlogPostInput,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  const input = checkPost(body, true);
  const at = now.toISOString();
  const status = input.status ?? 'draft';
  return savePost(db, acting, now, async (trx) => {
    // The insert comes first (a write before any read, for SQLite), under a slug of its own.
    const placeholder = `new-${acting.staff.id}-${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`;
    const { id } = await trx
      .insertInto('blog_posts')
      .values({
        tenant_id: acting.tenantId,
        slug: placeholder,
        title: input.title ?? '',
        author_id: null,
        featured_image_path: null,
        content: input.content ?? '',
        excerpt: input.excerpt ?? '',
        status,
        published_at:
          input.published_at !== undefined
            ? input.published_at
            : status === 'published'
              ? at
              : null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let slug = input.slug ?? '';
    if (slug === '')
      slug = await freeSlug(trx, acting.tenantId, slugFromTitle(input.title ?? ''), id);
    else await requireFreeSlug(trx, acting.tenantId, slug, id);
    const image =
      typeof input.upload === 'number'
        ? await claimFeaturedImage(trx, acting.tenantId, input.upload)
        : null;
    const row = await trx
      .updateTable('blog_posts')
      .set({ slug, featured_image_path: image })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logPostChange(trx, acting, id, 'create', { before: null, after: loggedFields(row) }, now);
    return id;
  });
}

/**
 * Changes the fields of post `id` the body names (see the module comment), in the shop of
 * `acting`, journalled through `acting.journal` in its transaction. Setting `published` on a
 * post that has no publish date publishes it now.
 * @returns the post as saved.
 * @throws DomainError `invalid_content_input` (400); `content_not_found` (404) for no such post
 *   in the shop.
 */
export async function updatePost(
  db: Kysely<Database>,
  acting: Acting,
  id: number,
  body: BlogPostInput,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  const input = checkPost(body, false);
  const at = now.toISOString();
  return savePost(db, acting, now, async (trx) => {
    // A write first: it locks the post and answers it as it was.
    const before = await trx
      .updateTable('blog_posts')
      .set((eb) => ({ title: eb.ref('title') }))
      .where('id', '=', id)
      .where('tenant_id', '=', acting.tenantId)
      .returningAll()
      .executeTakeFirst();
    if (!before) throw contentNotFound();
    const title = input.title ?? before.title;
    let slug = before.slug;
    if (input.slug !== undefined) {
      if (input.slug === '') slug = await freeSlug(trx, acting.tenantId, slugFromTitle(title), id);
      else {
        await requireFreeSlug(trx, acting.tenantId, input.slug, id);
        slug = input.slug;
      }
    }
    const status = input.status ?? before.status;
    let publishedAt =
      input.published_at !== undefined
        ? input.published_at
        : before.published_at === null
          ? null
          : toIsoString(before.published_at);
    if (status === 'published' && publishedAt === null) publishedAt = at;
    let image = before.featured_image_path;
    if (input.upload === null) image = null;
    else if (typeof input.upload === 'number') {
      image = await claimFeaturedImage(trx, acting.tenantId, input.upload);
    }
    const next = {
      title,
      slug,
      excerpt: input.excerpt ?? before.excerpt,
      content: input.content ?? before.content,
      status,
      published_at: publishedAt,
      featured_image_path: image,
    };
    const change = changedFields(loggedFields(before), loggedFields(next));
    if (Object.keys(change.after).length === 0) return id;
    await trx
      .updateTable('blog_posts')
      .set({ ...next, updated_at: at })
      .where('id', '=', id)
      .execute();
    await logPostChange(trx, acting, id, 'update', change, now);
    return id;
  });
}

/**
 * Deletes post `id` of the shop of `acting` while it is a draft (its comments go with it),
 * journalled through `acting.journal` in its transaction.
 * @throws DomainError `content_not_found` (404); `content_move_refused` (409) for a post that
 *   is published or archived.
 */
export async function deletePost(
  db: Kysely<Database>,
  acting: Acting,
  id: number,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('blog_posts')
      .where('id', '=', id)
      .where('tenant_id', '=', acting.tenantId)
      .where('status', '=', 'draft')
      .returningAll()
      .executeTakeFirst();
    if (!gone) {
      const exists = await trx
        .selectFrom('blog_posts')
        .select('id')
        .where('id', '=', id)
        .where('tenant_id', '=', acting.tenantId)
        .executeTakeFirst();
      throw exists ? contentRefused(CONTENT_MESSAGES.deleteNotDraft) : contentNotFound();
    }
    await logPostChange(
      trx,
      acting,
      id,
      'delete',
      { before: loggedFields(gone), after: null },
      now,
    );
  });
}
