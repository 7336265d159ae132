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
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { BlogPostStatus, Database } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { toCount, toIsoString } from '../platform/db/mapping.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { claimUpload } from '../media/uploads.ts';
import { recordActivity } from '../staff/activity-log.ts';
import type { StaffActor } from '../staff/actor.ts';
import {
  changedFields,
  checkChoice,
  checkHtml,
  checkText,
  CONTENT_MESSAGES,
  contentNotFound,
  contentRefused,
  invalidContent,
  throwIfInvalid,
} from './content-input.ts';
import type { ContentErrorCode } from './errors.ts';

export type AdminBlogPost = Schemas['AdminBlogPost'];
type Trx = Transaction<Database>;

/** Posts a page of the back office's list. */
export const BLOG_ADMIN_PAGE_SIZE = 25;

/** The statuses a post may have. */
export const BLOG_STATUSES: readonly BlogPostStatus[] = ['draft', 'published', 'archived'];

/** The longest value of each field (the contract's maxLength). */
export const BLOG_LIMITS = {
  title: 200,
  slug: 100,
  excerpt: 500,
  content: 200_000,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug a title makes: lowercase ASCII letters and digits, words joined by single hyphens,
 * accents dropped, at most {@link BLOG_LIMITS.slug} characters; `post` for a title with no
 * letter or digit left.
 */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug - 4)
    .replace(/-+$/, '');
  return slug === '' ? 'post' : slug;
}

/** What a member sends: every field optional on an edit; `title` required on create. */
export interface BlogPostInput {
  title?: unknown;
  slug?: unknown;
  excerpt?: unknown;
  content?: unknown;
  status?: unknown;
  published_at?: unknown;
  featured_image_upload_id?: unknown;
}

/** The columns a body sets, checked. */
interface CheckedPost {
  title?: string;
  /** '' asks for a slug made from the title. */
  slug?: string;
  excerpt?: string;
  content?: string;
  status?: BlogPostStatus;
  published_at?: string | null;
  /** A number claims that upload; null removes the image; undefined leaves it. */
  upload?: number | null;
}

function checkPost(body: BlogPostInput, creating: boolean): CheckedPost {
  const errors: FieldErrors = {};
  const out: CheckedPost = {};
  const has = (field: keyof BlogPostInput) => Object.hasOwn(body, field);
  if (creating || has('title')) {
    out.title = checkText(errors, 'title', body.title, { max: BLOG_LIMITS.title });
  }
  if (has('slug') && body.slug !== null) {
    const slug = checkText(errors, 'slug', body.slug, { max: BLOG_LIMITS.slug, optional: true });
    if (!errors.slug && slug !== '' && !SLUG.test(slug)) errors.slug = [CONTENT_MESSAGES.slug];
    out.slug = slug;
  } else if (creating || has('slug')) out.slug = '';
  if (creating || has('excerpt')) {
    out.excerpt = checkText(errors, 'excerpt', body.excerpt ?? '', {
      max: BLOG_LIMITS.excerpt,
      lines: true,
      optional: true,
    });
  }
  if (creating || has('content')) {
    out.content = checkHtml(errors, 'content', body.content ?? '', { max: BLOG_LIMITS.content });
  }
  if (has('status') || creating) {
    out.status = checkChoice(errors, 'status', body.status ?? 'draft', BLOG_STATUSES);
  }
  if (has('published_at')) {
    const value = body.published_at;
    if (value === null) out.published_at = null;
    else {
      const at = typeof value === 'string' && value.length <= 40 ? new Date(value) : null;
      if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999) {
        errors.published_at = [CONTENT_MESSAGES.date];
      } else out.published_at = at.toISOString();
    }
  }
  if (has('featured_image_upload_id')) {
    const id = body.featured_image_upload_id;
    if (id === null) out.upload = null;
    else if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647) {
      out.upload = id;
    } else errors.featured_image_upload_id = ['A valid integer is required.'];
  }
  throwIfInvalid(errors);
  return out;
}

/** The columns of a post the back office reads, with its author's username (same shop). */
function postQuery(db: Kysely<Database> | Trx, tenantId: number) {
  return db
    .selectFrom('blog_posts as p')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'p.author_id').on('u.tenant_id', '=', tenantId),
    )
    .where('p.tenant_id', '=', tenantId)
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.excerpt',
      'p.status',
      'p.published_at',
      'p.featured_image_path',
      'p.created_at',
      'p.updated_at',
      'u.username as author_username',
    ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postQuery>['executeTakeFirstOrThrow']>>;

/** A post's summary as the list shows it; `is_visible`: the storefront shows it at `now`. */
function toSummary(row: PostRow, now: Date): Schemas['AdminBlogPostSummary'] {
  const publishedAt = row.published_at === null ? null : toIsoString(row.published_at);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    published_at: publishedAt,
    featured_image: row.featured_image_path,
    author: row.author_username,
    is_visible: row.status === 'published' && publishedAt !== null && new Date(publishedAt) <= now,
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
  };
}

/**
 * Page `page` (1-based) of the shop's posts, newest first (by when written), 25 a page, of
 * `status` when one is named.
 * @throws DomainError `forbidden` (403); `invalid_blog_page` (404 "Invalid page.") past the last.
 */
export async function listAdminPosts(
  db: Kysely<Database>,
  actor: StaffActor,
  params: { status?: BlogPostStatus; page?: number },
  now: Date = new Date(),
): Promise<{
  count: number;
  results: Schemas['AdminBlogPostSummary'][];
  page: number;
  hasNext: boolean;
}> {
  const page = params.page ?? 1;
  const offset = pageOffset(page, BLOG_ADMIN_PAGE_SIZE);
  const invalidPage = () => new DomainError<ContentErrorCode>('invalid_blog_page', 'Invalid page.');
  if (offset === null) throw invalidPage();
  let rows = postQuery(db, actor.tenantId);
  let total = db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', actor.tenantId);
  if (params.status) {
    rows = rows.where('p.status', '=', params.status);
    total = total.where('status', '=', params.status);
  }
  const [found, counted] = await Promise.all([
    rows
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(BLOG_ADMIN_PAGE_SIZE)
      .offset(offset)
      .execute(),
    total.executeTakeFirstOrThrow(),
  ]);
  const count = toCount(counted.n);
  if (found.length === 0 && page > 1) throw invalidPage();
  return {
    count,
    results: found.map((row) => toSummary(row, now)),
    page,
    hasNext: offset + BLOG_ADMIN_PAGE_SIZE < count,
  };
}

/**
 * Post `id` of the actor's shop, whatever its status, with its HTML.
 * @throws DomainError `forbidden` (403); `content_not_found` (404).
 */
export async function getAdminPost(
  db: Kysely<Database> | Trx,
  actor: StaffActor,
  id: number,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  const row = await postQuery(db, actor.tenantId)
    .select('p.content')
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw contentNotFound();
  return { ...toSummary(row, now), content: row.content };
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
 * Writes a new post (see the module comment for the rules).
 * @returns the post as saved.
 * @throws DomainError `forbidden` (403); `invalid_content_input` (400: a field, a slug another
 *   post has, an upload the shop does not have).
 */
export async function createPost(
  db: Kysely<Database>,
  actor: StaffActor,
  body: BlogPostInput,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  const input = checkPost(body, true);
  const at = now.toISOString();
  const status = input.status ?? 'draft';
  const id = await db
    .transaction()
    .execute(async (trx) => {
      // The insert comes first (a write before any read, for SQLite), under a slug of its own.
      const placeholder = `new-${actor.id}-${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`;
      const { id } = await trx
        .insertInto('blog_posts')
        .values({
          tenant_id: actor.tenantId,
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
        slug = await freeSlug(trx, actor.tenantId, slugFromTitle(input.title ?? ''), id);
      else await requireFreeSlug(trx, actor.tenantId, slug, id);
      const image =
        typeof input.upload === 'number'
          ? await claimFeaturedImage(trx, actor.tenantId, input.upload)
          : null;
      const row = await trx
        .updateTable('blog_posts')
        .set({ slug, featured_image_path: image })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(
        trx,
        {
          actor,
          tenantId: actor.tenantId,
          action: 'blog_post.create',
          objectType: 'blog_post',
          objectId: id,
          before: null,
          after: loggedFields(row),
        },
        now,
      );
      return id;
    })
    .catch(slugRace);
  return getAdminPost(db, actor, id, now);
}

/**
 * Changes the fields of post `id` the body names (see the module comment). Setting `published`
 * on a post that has no publish date publishes it now.
 * @returns the post as saved.
 * @throws DomainError `forbidden` (403); `invalid_content_input` (400); `content_not_found`
 *   (404) for no such post in the actor's shop.
 */
export async function updatePost(
  db: Kysely<Database>,
  actor: StaffActor,
  id: number,
  body: BlogPostInput,
  now: Date = new Date(),
): Promise<AdminBlogPost> {
  const input = checkPost(body, false);
  const at = now.toISOString();
  await db
    .transaction()
    .execute(async (trx) => {
      // A write first: it locks the post and answers it as it was.
      const before = await trx
        .updateTable('blog_posts')
        .set((eb) => ({ title: eb.ref('title') }))
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .returningAll()
        .executeTakeFirst();
      if (!before) throw contentNotFound();
      const title = input.title ?? before.title;
      let slug = before.slug;
      if (input.slug !== undefined) {
        if (input.slug === '') slug = await freeSlug(trx, actor.tenantId, slugFromTitle(title), id);
        else {
          await requireFreeSlug(trx, actor.tenantId, input.slug, id);
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
        image = await claimFeaturedImage(trx, actor.tenantId, input.upload);
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
      if (Object.keys(change.after).length === 0) return;
      await trx
        .updateTable('blog_posts')
        .set({ ...next, updated_at: at })
        .where('id', '=', id)
        .execute();
      await recordActivity(
        trx,
        {
          actor,
          tenantId: actor.tenantId,
          action: 'blog_post.update',
          objectType: 'blog_post',
          objectId: id,
          ...change,
        },
        now,
      );
    })
    .catch(slugRace);
  return getAdminPost(db, actor, id, now);
}

/**
 * Deletes post `id` while it is a draft (its comments go with it).
 * @throws DomainError `forbidden` (403); `content_not_found` (404); `content_move_refused`
 *   (409) for a post that is published or archived.
 */
export async function deletePost(
  db: Kysely<Database>,
  actor: StaffActor,
  id: number,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('blog_posts')
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .where('status', '=', 'draft')
      .returningAll()
      .executeTakeFirst();
    if (!gone) {
      const exists = await trx
        .selectFrom('blog_posts')
        .select('id')
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirst();
      throw exists ? contentRefused(CONTENT_MESSAGES.deleteNotDraft) : contentNotFound();
    }
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'blog_post.delete',
        objectType: 'blog_post',
        objectId: id,
        before: loggedFields(gone),
        after: null,
      },
      now,
    );
  });
}
