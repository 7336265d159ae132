import { companyInfo, expectLoaded } from './content-utils';
import { checkA11y, expect, loadLazyImages, shot, test } from './fixtures';
import { isMobile, siteSettings } from './shop-data';

/**
 * /company-info end to end (spec sections 2 and 3) in real Chromium against the reference API and
 * its seeded content: the About heading with the site title, the tagline, mission, vision, core
 * values and workshop photos, the page scanned with axe. Expectations are read from the API, so
 * the seed can change freely. Every test runs at 1280 px; those tagged @layout run at 375 px too.
 */

test.describe('/company-info', () => {
  test(
    'the About heading carries the site title, with tagline, mission, vision and the core values',
    { tag: '@layout' },
    async ({ page, request }) => {
      const [settings, info] = await Promise.all([siteSettings(request), companyInfo(request)]);
      await page.goto('/');
      if (isMobile()) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page
          .getByRole('dialog', { name: 'Menu' })
          .getByRole('link', { name: 'ABOUT' })
          .click();
      } else {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'ABOUT' })
          .click();
      }
      await expect(page).toHaveURL(/\/company-info$/);
      await expect(
        page.getByRole('heading', { level: 1, name: `About ${settings.site_title}` }),
      ).toBeVisible();
      await expect(page.getByText(info.tagline.trim())).toBeVisible();
      await expect(page.getByRole('region', { name: 'Our mission' })).toContainText(
        info.mission_statement.trim(),
      );
      await expect(page.getByRole('region', { name: 'Our vision' })).toContainText(
        info.vision_statement.trim(),
      );
      const values = page.getByRole('region', { name: 'Our core values' }).getByRole('listitem');
      expect(info.core_values.length).toBeGreaterThanOrEqual(4);
      await expect(values).toHaveCount(info.core_values.length);
      for (const value of info.core_values) {
        await expect(page.getByRole('heading', { level: 3, name: value.name })).toBeVisible();
      }
      const photos = page.getByRole('list', { name: 'From the workshop' }).getByRole('img');
      await expect(photos).toHaveCount(4);
      await expectLoaded(photos.first());

      await checkA11y(page);
      await shot(page, 'company-info');
      await loadLazyImages(page);
      await shot(page, 'company-info', { fullPage: true });
    },
  );
});
