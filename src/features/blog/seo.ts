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
import { postAuthor } from './blog-text';

/** The post fields the head needs. */
export interface PostSummary {
  slug: string;
  title: string;
  /** Plain-text start of the content, for the description. */
  excerpt: string;
  image: string | null;
  author: string;
  publishedAt: string | null;
}

/** The {@link PostSummary} of a post; the content's tags are dropped (text only, escaped later). */
export function postSummary(post: BlogPost): PostSummary {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: summarize(post.excerpt?.trim() || (post.content ?? '').replace(/<[^>]*>/g, ' '), 300),
    image: post.featured_image ?? null,
    author: postAuthor(post),
    publishedAt: post.published_at ?? null,
  };
}

/** The post page's head: title, description, featured image, `BlogPosting` JSON-LD. */
export function blogPostHead(
  matches: readonly HeadMatch[],
  post: PostSummary | undefined,
): HeadResult {
  if (!post) return pageHead(matches, { title: 'Blog post not found' });
  const url = absoluteUrl(originFor(matches), `/blog/${encodeURIComponent(post.slug)}`);
  const image = mediaUrl(matches, post.image);
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
        author: { '@type': 'Person', name: post.author },
        publisher: { '@type': 'Organization', name: siteTitleFor(matches) },
      },
    ],
  });
}
