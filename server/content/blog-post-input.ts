/**
 * What a member sends to write a blog post in the back office, checked (./blog-editing.ts
 * saves it): the fields' limits (characters: title 200, slug 100, excerpt 500, content
 * 200,000), the statuses, and the slug a title makes.
 *
 * - `slug`: lowercase letters, digits and hyphens; empty (or null) asks for one made from the
 *   title (`slugFromTitle`).
 * - `content` is staff HTML, sanitized with the storefront's own policy; `excerpt` plain text.
 * - `published_at`: an ISO date-time or null; `featured_image_upload_id`: an upload's id or null.
 *
 * Errors: `invalid_content_input` (400) with each bad field's messages (./content-input.ts's
 * words). Spec: openapi/admin.yaml, tag content (AdminBlogPostInput).
 */
import type { BlogPostStatus } from './tables.ts';
import { isRowId } from '../platform/db/errors.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { SLUG_PATTERN, slugify } from '../platform/slug.ts';
import {
  checkChoice,
  checkHtml,
  checkText,
  CONTENT_MESSAGES,
  throwIfInvalid,
} from './content-input.ts';

/** The statuses a post may have. */
export const BLOG_STATUSES: readonly BlogPostStatus[] = ['draft', 'published', 'archived'];

/** The longest value of each field (the contract's maxLength). */
export const BLOG_LIMITS = {
  title: 200,
  slug: 100,
  excerpt: 500,
  content: 200_000,
} as const;

/**
 * The slug a title makes: lowercase ASCII letters and digits, words joined by single hyphens,
 * accents dropped, at most {@link BLOG_LIMITS.slug} characters; `post` for a title with no
 * letter or digit left.
 */
export function slugFromTitle(title: string): string {
  return slugify(title, BLOG_LIMITS.slug - 4, 'post');
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
export interface CheckedPost {
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

/**
 * Checks a member's body: on create (`creating`) every field, else only those it names.
 * @returns the columns it sets, checked and trimmed (`slug` '' asks for one made of the title).
 * @throws DomainError `invalid_content_input` with every bad field's messages.
 */
export function checkPost(body: BlogPostInput, creating: boolean): CheckedPost {
  const errors: FieldErrors = {};
  const out: CheckedPost = {};
  const has = (field: keyof BlogPostInput) => Object.hasOwn(body, field);
  if (creating || has('title')) {
    out.title = checkText(errors, 'title', body.title, { max: BLOG_LIMITS.title });
  }
  if (has('slug') && body.slug !== null) {
    const slug = checkText(errors, 'slug', body.slug, { max: BLOG_LIMITS.slug, optional: true });
    if (!errors.slug && slug !== '' && !SLUG_PATTERN.test(slug))
      errors.slug = [CONTENT_MESSAGES.slug];
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
    else if (isRowId(id)) {
      out.upload = id;
    } else errors.featured_image_upload_id = ['A valid integer is required.'];
  }
  throwIfInvalid(errors);
  return out;
}
