/**
 * The blog's search-engine metadata: the post page's head with a schema.org
 * `BlogPosting`, from the few fields its loader returns.
 */
import {
  absoluteUrl,
  mediaUrl,
  originFor,
  pageHead,
  siteTitleFor,
  summarize,
  type HeadMatch,
  type HeadResult,
} from '../site/api';
import type { BlogPost } from './api';

/** The post fields the head needs. */
export interface PostSummary {
  slug: string;
  title: string;
  /** Plain-text start of the content, for the description. */
  excerpt: string;
  image: string | null;
  /** The author's name as the post shows it; null for a post without one (the shop's own). */
  author: string | null;
  publishedAt: string | null;
  /** When the post was last changed (ISO 8601), or null when the answer does not say. */
  modifiedAt: string | null;
}

/** The {@link PostSummary} of a post; the content's tags are dropped (text only, escaped later). */
export function postSummary(post: BlogPost): PostSummary {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: summarize(post.excerpt?.trim() || (post.content ?? '').replace(/<[^>]*>/g, ' '), 300),
    image: post.featured_image ?? null,
    // The username is the only name the contract gives an author (BlogAuthor); the page's
    // 'Admin' fallback is not a person, so the head names the shop instead (below).
    author: post.author?.username?.trim() || null,
    publishedAt: post.published_at ?? null,
    modifiedAt: post.updated_at ?? null,
  };
}

/** The later of two ISO 8601 times (either may be missing), or null when both are. */
function laterOf(a: string | null, b: string | null): string | null {
  if (!a || !b) return a || b || null;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * The post page's head: title, description, featured image, `BlogPosting` JSON-LD with its
 * publication and last-change dates, its author (a `Person` by the name the post shows; the
 * shop as an `Organization` for a post without an author) and the shop as its publisher.
 * `dateModified` is never earlier than `datePublished` (a post edited before it went out was
 * last changed, for its readers, when it was published).
 */
export function blogPostHead(
  matches: readonly HeadMatch[],
  post: PostSummary | undefined,
): HeadResult {
  if (!post) return pageHead(matches, { title: 'Blog post not found' });
  const origin = originFor(matches);
  const url = absoluteUrl(origin, `/blog/${encodeURIComponent(post.slug)}`);
  const image = mediaUrl(matches, post.image);
  const modified = laterOf(post.publishedAt, post.modifiedAt);
  return pageHead(matches, {
    title: post.title,
    description: post.excerpt,
    image: post.image,
    imageAlt: post.title,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        url,
        mainEntityOfPage: url,
        ...(post.excerpt ? { description: summarize(post.excerpt) } : {}),
        ...(image ? { image: [image] } : {}),
        ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
        ...(modified ? { dateModified: modified } : {}),
        author: post.author
          ? { '@type': 'Person', name: post.author }
          : { '@type': 'Organization', name: siteTitleFor(matches), url: absoluteUrl(origin, '/') },
        publisher: { '@type': 'Organization', name: siteTitleFor(matches) },
      },
    ],
  });
}
