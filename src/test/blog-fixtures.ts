import type { BlogPost, Comment } from '../features/blog/api';

/*
 * The blog as the API serves it, for the storefront's tests (only tests import this file):
 * posts and comments with overrides.
 */

let nextId = 100;

export function makePost(overrides: Partial<BlogPost> = {}): BlogPost {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    featured_image: `/api/media/demo/blog/post-${id}.webp`,
    content: '<p>Carbon steel takes a keen edge.</p>',
    excerpt: 'Carbon steel takes a keen edge.',
    published_at: '2026-10-14T09:00:00Z',
    status: 'published',
    comment_count: 0,
    author: { username: 'maker' },
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextId++;
  return {
    id,
    user: { username: 'ada' },
    content: `Comment ${id}`,
    created_at: '2026-10-15T10:00:00Z',
    parent: null,
    replies: [],
    post: 1,
    is_approved: true,
    is_shop_reply: false,
    ...overrides,
  };
}
