/**
 * The demo's gift card product (issue 42, decision 090): written once into its own category,
 * answered to the storefront as a gift card with its amounts and custom range, with its drawn
 * picture.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_GIFT_CARD, seedGiftCardIfMissing } from './gift-card-seed.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();
const DEMO = { 'x-tenant-token': 'demo-handcraft' };
const options = () => ({ mediaDir: t.config.mediaDir, publicApiPath: '/api', skipMedia: false });

describe("the demo's gift card product", () => {
  it('is written once, in Gift cards, and the storefront offers its amounts and range', async () => {
    expect(await seedGiftCardIfMissing(t.app.db, options())).toBe(1);
    expect(await seedGiftCardIfMissing(t.app.db, options())).toBe(0);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/products/products/${DEMO_GIFT_CARD.slug}/`,
      headers: DEMO,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      name: 'Ember & Oak gift card',
      gift_card: {
        amounts: ['50.00', '100.00', '200.00'],
        min_amount: '25.00',
        max_amount: '500.00',
      },
      category: { slug: 'gift-cards' },
    });
    expect(page.json().images).toHaveLength(1);
    // Its picture is drawn like the catalogue's (./images.ts), full size and thumbnail.
    for (const file of ['ember-oak-gift-card-1.webp', 'ember-oak-gift-card-1-thumb.webp']) {
      const drawn = await stat(join(t.config.mediaDir, 'demo', 'products', file));
      expect(drawn.size, file).toBeGreaterThan(1000);
    }

    const categories = await t.app.inject({
      method: 'GET',
      url: '/api/products/categories/',
      headers: DEMO,
    });
    expect((categories.json() as { slug: string }[]).map((c) => c.slug)).toContain('gift-cards');
  });
});
