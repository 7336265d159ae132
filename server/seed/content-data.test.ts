import { seedTenants } from './catalog-data.ts';
import {
  demoContent,
  potteryContent,
  seedContent,
  type SeedComment,
  XSS_PAYLOADS,
} from './content-data.ts';

function depth(comments: readonly SeedComment[]): number {
  return comments.reduce((d, c) => Math.max(d, 1 + depth(c.replies ?? [])), 0);
}

function all(comments: readonly SeedComment[]): SeedComment[] {
  return comments.flatMap((c) => [c, ...all(c.replies ?? [])]);
}

describe.each(seedContent.map((c) => [c.tenantToken, c] as const))('%s content', (token, c) => {
  const tenant = seedTenants.find((t) => t.token === token)!;
  const published = c.blog_posts.filter((p) => p.status === 'published');

  it('belongs to a seeded shop', () => {
    expect(tenant).toBeDefined();
  });

  it('has at least 6 published posts with featured images, HTML with headings, lists and links, and a draft', () => {
    expect(published.filter((p) => p.image !== null).length).toBeGreaterThanOrEqual(6);
    expect(c.blog_posts.some((p) => p.status === 'draft' && p.published_days_ago === null)).toBe(
      true,
    );
    const html = published.map((p) => p.content_html).join('');
    for (const tag of ['<h2>', '<ul>', '<ol>', '<a href="']) expect(html).toContain(tag);
    expect(new Set(c.blog_posts.map((p) => p.slug)).size).toBe(c.blog_posts.length);
    for (const post of published) expect(post.excerpt.length).toBeGreaterThan(10);
  });

  it('nests comments three deep, with replies after their parents, and one awaiting moderation', () => {
    const first = published[0]!;
    expect(depth(first.comments)).toBeGreaterThanOrEqual(3);
    expect(all(first.comments).some((x) => x.approved === false)).toBe(true);
    const later = (list: readonly SeedComment[], after: number): boolean =>
      list.every((x) => x.hours_after > after && later(x.replies ?? [], x.hours_after));
    for (const post of published) expect(later(post.comments, 0)).toBe(true);
  });

  it('has at least 8 FAQs with HTML answers, the three policies and the accessibility statement', () => {
    expect(c.faqs.length).toBeGreaterThanOrEqual(8);
    for (const faq of c.faqs) expect(faq.answer_html).toMatch(/^<p>/);
    expect(c.legal_documents.map((d) => d.document_type).sort()).toEqual([
      'accessibility_statement',
      'privacy_policy',
      'refund_policy',
      'review_policy',
    ]);
    // The demo's owner named the enforcement body: no placeholder is left on its page.
    const statement = c.legal_documents.find((d) => d.document_type === 'accessibility_statement');
    expect(statement?.content_html).toContain('Equality Advisory and Support Service');
    expect(statement?.content_html).not.toContain('[');
  });

  it('has two locations (one HQ with a map link, an OpenStreetMap embed and an image), three e-mails and five platforms', () => {
    expect(c.locations).toHaveLength(2);
    const hqs = c.locations.filter((l) => l.is_hq);
    expect(hqs).toHaveLength(1);
    const hq = hqs[0]!;
    expect(hq.map_location_url).toMatch(/^https:\/\//);
    expect(hq.map_embed_link).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
    expect(hq.image).not.toBeNull();
    expect(c.emails).toHaveLength(3);
    expect(c.social_profiles.map((s) => s.platform)).toEqual([
      'facebook',
      'instagram',
      'linkedin',
      'twitter',
      'youtube',
    ]);
  });

  it('has company info with at least four core values', () => {
    expect(tenant.company.core_values.length).toBeGreaterThanOrEqual(4);
  });

  it('reviews only products of its own shop', () => {
    const slugs = new Set(tenant.products.map((p) => p.slug));
    for (const review of c.reviews) expect(slugs.has(review.product_slug)).toBe(true);
    expect(c.reviews.some((r) => r.paid_order !== null)).toBe(true);
  });
});

describe('script-injection payloads in the seed', () => {
  const payloadsIn = (text: string) => XSS_PAYLOADS.filter((p) => text.includes(p));

  it('use only window.__xss=1 or parent.__xss=1 as their effect', () => {
    for (const payload of XSS_PAYLOADS) expect(payload).toMatch(/(window|parent)\.__xss=1/);
  });

  it('sit in a blog post, an FAQ answer and a legal document as HTML, and in a comment and a review as text', () => {
    expect(demoContent.blog_posts.some((p) => payloadsIn(p.content_html).length === 4)).toBe(true);
    expect(demoContent.faqs.some((f) => payloadsIn(f.answer_html).length === 4)).toBe(true);
    expect(demoContent.legal_documents.some((d) => payloadsIn(d.content_html).length === 4)).toBe(
      true,
    );
    expect(
      demoContent.blog_posts.some((p) =>
        all(p.comments).some((x) => payloadsIn(x.content).length === 4),
      ),
    ).toBe(true);
    expect(demoContent.reviews.some((r) => payloadsIn(r.comment).length === 4)).toBe(true);
    expect(potteryContent.blog_posts.some((p) => payloadsIn(p.content_html).length > 0)).toBe(true);
  });

  it('stay out of plain-text fields that are not meant to carry them (titles, excerpts, questions)', () => {
    for (const content of seedContent) {
      const plain = [
        ...content.blog_posts.flatMap((p) => [p.title, p.excerpt]),
        ...content.faqs.map((f) => f.question),
      ].join(' ');
      expect(plain).not.toContain('__xss');
    }
  });
});
