import { demoTenant, secondTenant, seedTenants, type SeedTenant } from './catalog-data.ts';

const active = (tenant: SeedTenant) => tenant.products.filter((p) => p.is_active !== false);
const mentionsDamascus = (p: { name: string; description: string }) =>
  /damascus/i.test(`${p.name} ${p.description}`);

describe('demo tenant catalogue', () => {
  it('is the Ember & Oak shop on the demo token', () => {
    expect(demoTenant.token).toBe('demo-handcraft');
    expect(demoTenant.name).toBe('Ember & Oak Workshop');
    expect(demoTenant.site.site_title).toBe('Ember & Oak Workshop');
  });

  it('has the six required categories, each with an HTML description', () => {
    const slugs = demoTenant.categories.map((c) => c.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'chef-knives',
        'hunting-knives',
        'folding-knives',
        'paintings',
        'ceramics',
        'wood-carvings',
      ]),
    );
    for (const category of demoTenant.categories) {
      expect(category.description_html, category.slug).toMatch(/^<p>.+<\/p>$/s);
    }
  });

  it('has at least 36 active products, six or more in every category', () => {
    expect(active(demoTenant).length).toBeGreaterThanOrEqual(36);
    for (const category of demoTenant.categories) {
      const inCategory = active(demoTenant).filter((p) => p.category_slug === category.slug);
      expect(inCategory.length, category.slug).toBeGreaterThanOrEqual(6);
    }
  });

  it('prices products between $45 and $640, with some discounts and some sold out', () => {
    const products = active(demoTenant);
    for (const p of products) {
      expect(Number.isInteger(p.price_cents), p.slug).toBe(true);
      expect(p.price_cents, p.slug).toBeGreaterThanOrEqual(4500);
      expect(p.price_cents, p.slug).toBeLessThanOrEqual(64000);
      if (p.price_before_discount_cents !== undefined) {
        expect(p.price_before_discount_cents, p.slug).toBeGreaterThan(p.price_cents);
      }
    }
    const discounted = products.filter((p) => p.price_before_discount_cents !== undefined);
    expect(discounted.length).toBeGreaterThanOrEqual(Math.floor(products.length / 5));
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => p.stock === 1).length).toBeGreaterThanOrEqual(2);
  });

  it('gives each product its category’s attributes, in order', () => {
    const expectedKeys: Record<string, string[]> = {
      'chef-knives': [
        'Steel',
        'Blade length',
        'Overall length',
        'Handle',
        'Hardness (HRC)',
        'Weight',
      ],
      'hunting-knives': [
        'Steel',
        'Blade length',
        'Overall length',
        'Handle',
        'Hardness (HRC)',
        'Weight',
      ],
      'folding-knives': [
        'Steel',
        'Blade length',
        'Overall length',
        'Handle',
        'Hardness (HRC)',
        'Weight',
      ],
      paintings: ['Medium', 'Dimensions', 'Frame', 'Year'],
      ceramics: ['Clay', 'Glaze', 'Dimensions', 'Capacity', 'Dishwasher safe'],
      'wood-carvings': ['Wood', 'Finish', 'Dimensions'],
    };
    for (const p of demoTenant.products) {
      expect(
        p.attributes.map((a) => a.key),
        p.slug,
      ).toEqual(expectedKeys[p.category_slug]);
      for (const a of p.attributes) expect(a.value.trim(), `${p.slug} ${a.key}`).not.toBe('');
    }
  });

  it('has real prose: plain descriptions and HTML long descriptions', () => {
    for (const p of demoTenant.products) {
      expect(p.description, p.slug).not.toMatch(/[<>]/);
      expect(p.description.length, p.slug).toBeGreaterThan(30);
      expect(p.long_html_description, p.slug).toMatch(/^<(p|h3|ul)>/);
    }
  });

  it('has a few reviews on at least eight products, anonymous and verified ones included', () => {
    const reviewed = demoTenant.products.filter((p) => p.reviews.length > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(8);
    for (const p of reviewed) expect(p.reviews.length, p.slug).toBeLessThanOrEqual(4);
    const reviews = demoTenant.products.flatMap((p) => p.reviews);
    expect(reviews.some((r) => r.username === null)).toBe(true);
    expect(reviews.some((r) => r.is_verified_purchase)).toBe(true);
    expect(reviews.some((r) => !r.is_verified_purchase)).toBe(true);
    for (const r of reviews) expect(r.days_ago).toBeGreaterThanOrEqual(0);
  });

  it('finds "damascus" in four active products and in one hidden product', () => {
    expect(
      active(demoTenant)
        .filter(mentionsDamascus)
        .map((p) => p.slug),
    ).toHaveLength(4);
    const hidden = demoTenant.products.filter((p) => p.is_active === false);
    expect(hidden).toHaveLength(1);
    expect(mentionsDamascus(hidden[0]!)).toBe(true);
  });

  it('gives each product 1 to 4 images, its own palette, and varied image counts', () => {
    const palettes = new Set<string>();
    for (const p of demoTenant.products) {
      expect(p.images.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.slug).toBeLessThanOrEqual(4);
      for (const image of p.images) {
        for (const colour of image.palette) expect(colour, p.slug).toMatch(/^#[0-9a-f]{6}$/);
        expect(image.alt_text.trim(), p.slug).not.toBe('');
      }
      palettes.add(p.images[0]!.palette.join());
    }
    expect(palettes.size).toBe(demoTenant.products.length);
    expect(new Set(demoTenant.products.map((p) => p.images.length)).size).toBeGreaterThanOrEqual(3);
  });

  it('has site settings and company info for the about page', () => {
    expect(demoTenant.site.google_analytics_id).toBeNull();
    expect(demoTenant.site.contact_email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(demoTenant.site.social_media_links).toMatchObject({
      instagram: expect.stringMatching(/^https:\/\//),
      facebook: expect.stringMatching(/^https:\/\//),
    });
    expect(demoTenant.company.core_values.length).toBeGreaterThanOrEqual(3);
  });
});

describe('every tenant', () => {
  it.each(seedTenants.map((t) => [t.token, t] as const))(
    '%s: slugs unique, categories exist',
    (_token, tenant) => {
      const productSlugs = tenant.products.map((p) => p.slug);
      expect(new Set(productSlugs).size).toBe(productSlugs.length);
      const categorySlugs = new Set(tenant.categories.map((c) => c.slug));
      expect(categorySlugs.size).toBe(tenant.categories.length);
      for (const p of tenant.products)
        expect(categorySlugs.has(p.category_slug), p.slug).toBe(true);
      for (const p of tenant.products) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    },
  );
});

describe('tenant isolation fixtures', () => {
  it('uses distinct tokens and media folders', () => {
    expect(new Set(seedTenants.map((t) => t.token)).size).toBe(seedTenants.length);
    expect(new Set(seedTenants.map((t) => t.media_slug)).size).toBe(seedTenants.length);
    expect(secondTenant.token).toBe('demo-pottery');
    expect(secondTenant.name).toBe('Riverside Pottery Studio');
  });

  it('gives the second tenant a small catalogue with no product name or slug in common', () => {
    expect(secondTenant.categories).toHaveLength(2);
    expect(secondTenant.products).toHaveLength(4);
    const demoNames = new Set(demoTenant.products.map((p) => p.name.toLowerCase()));
    const demoSlugs = new Set(demoTenant.products.map((p) => p.slug));
    for (const p of secondTenant.products) {
      expect(demoNames.has(p.name.toLowerCase()), p.name).toBe(false);
      expect(demoSlugs.has(p.slug), p.slug).toBe(false);
      expect(mentionsDamascus(p), p.slug).toBe(false);
    }
  });

  it('never reuses a reviewer username across the seed', () => {
    const names = seedTenants
      .flatMap((t) => t.products.flatMap((p) => p.reviews.map((r) => r.username)))
      .filter((u) => u !== null);
    expect(new Set(names).size).toBe(names.length);
  });
});
