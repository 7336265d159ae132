import type { HeadMatch } from '../site/seo';
import type { BlogPost } from './api';
import { blogPostHead, postSummary } from './seo';

const matches: HeadMatch[] = [
  {
    pathname: '/',
    loaderData: {
      origin: 'https://shop.example',
      settings: { site_title: 'Ember & Oak Workshop', site_description: '' },
    },
  },
  { pathname: '/blog/caring-for-carbon-steel' },
];

const post = {
  id: 1,
  slug: 'caring-for-carbon-steel',
  title: 'Caring for carbon steel',
  excerpt: 'How to keep carbon steel bright.',
  content: '<p>Dry it <b>at once</b>.</p>',
  featured_image: '/api/media/demo/blog/steel.webp',
  published_at: '2026-10-14T09:00:00Z',
  status: 'published',
  comment_count: 2,
  author: { username: 'maker' },
} as unknown as BlogPost;

describe('blogPostHead (the post page head)', () => {
  it('uses the excerpt as the description and gives a BlogPosting', () => {
    const head = blogPostHead(matches, postSummary(post));
    expect(head.meta).toContainEqual({ title: 'Caring for carbon steel | Ember & Oak Workshop' });
    expect(head.meta).toContainEqual({
      name: 'description',
      content: 'How to keep carbon steel bright.',
    });
    expect(head.meta).toContainEqual({ property: 'og:type', content: 'article' });
    expect(head.meta).toContainEqual({
      property: 'og:image',
      content: 'https://shop.example/api/media/demo/blog/steel.webp',
    });
    const ld = head.meta.find((m) => 'script:ld+json' in m)?.['script:ld+json'];
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Caring for carbon steel',
      url: 'https://shop.example/blog/caring-for-carbon-steel',
      datePublished: '2026-10-14T09:00:00Z',
      author: { '@type': 'Person', name: 'maker' },
      publisher: { '@type': 'Organization', name: 'Ember & Oak Workshop' },
    });
  });

  it('gives the last change as dateModified, never before the publication', () => {
    const ldOf = (overrides: Partial<BlogPost>) =>
      blogPostHead(matches, postSummary({ ...post, ...overrides } as BlogPost)).meta.find(
        (m) => 'script:ld+json' in m,
      )?.['script:ld+json'];
    expect(ldOf({ updated_at: '2026-10-20T08:30:00Z' })).toMatchObject({
      datePublished: '2026-10-14T09:00:00Z',
      dateModified: '2026-10-20T08:30:00Z',
    });
    // Written before it went out: for its readers it last changed when it was published.
    expect(ldOf({ updated_at: '2026-10-11T09:00:00Z' })).toMatchObject({
      dateModified: '2026-10-14T09:00:00Z',
    });
    expect(ldOf({ updated_at: undefined })).toMatchObject({
      dateModified: '2026-10-14T09:00:00Z',
    });
  });

  it("names the shop, not a person called 'Admin', as the author of a post without one", () => {
    const ld = blogPostHead(matches, postSummary({ ...post, author: null } as BlogPost)).meta.find(
      (m) => 'script:ld+json' in m,
    )?.['script:ld+json'];
    expect(ld).toMatchObject({
      author: {
        '@type': 'Organization',
        name: 'Ember & Oak Workshop',
        url: 'https://shop.example/',
      },
    });
  });

  it('falls back to the content as text when there is no excerpt', () => {
    const summary = postSummary({ ...post, excerpt: '' } as BlogPost);
    expect(summary.excerpt).toMatch(/^Dry it at once/);
  });
});
