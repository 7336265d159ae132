import type { Page } from '@playwright/test';
import { checkA11y, expect, shot, test } from './fixtures';
import { categories, isMobile, siteSettings, type Category } from './shop-data';

/**
 * The shared page frame (spec sections 1, 2 and 9) in real Chromium against `npm start`:
 * start-up behaviour, header, nav with the SHOP dropdown, search, footer, mobile menu,
 * scroll-to-top, the minimal bar of /login and the 404 page. Expectations about the shop
 * (title, categories) are read from the reference API, so the seed can change freely.
 */

/** Scrolls the window to `y` (or as far as the page goes), retrying while the page is still growing. */
async function scrollWindowTo(page: Page, y: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((top) => {
        window.scrollTo({ top, behavior: 'instant' });
        return Math.round(window.scrollY);
      }, y),
    )
    .toBeGreaterThanOrEqual(Math.min(y, 301));
}

test.describe('start-up (spec section 1)', () => {
  test('title, meta description and favicon come from the site settings', async ({
    page,
    request,
  }) => {
    const settings = await siteSettings(request);
    await page.goto('/');

    await expect(page).toHaveTitle(settings.site_title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      settings.site_description.trim() || 'A description for my site.',
    );
    const icon = page.locator('link[rel="icon"]');
    await expect(icon).toHaveCount(1);
    if (settings.favicon) {
      await expect(icon).toHaveAttribute('href', `/api${settings.favicon}`);
      const extension = settings.favicon.split('.').pop();
      const type = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' }[extension ?? ''];
      if (type) await expect(icon).toHaveAttribute('type', type);
      // The icon really exists where the page points.
      const iconResponse = await request.get(`/api${settings.favicon}`);
      expect(iconResponse.ok()).toBe(true);
    } else {
      await expect(icon).toHaveAttribute('href', '/favicon.ico');
    }
    // No analytics id in the seed: no third-party script.
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });
});

test.describe('header, nav and footer (spec section 2)', () => {
  test(
    'every page has the landmarks, the logo, the account links and the footer',
    { tag: '@layout' },
    async ({ page, request }) => {
      const settings = await siteSettings(request);
      await page.goto('/');

      const header = page.getByRole('banner');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link', { name: settings.site_title }).first()).toHaveAttribute(
        'href',
        '/',
      );
      await expect(header.getByRole('search')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();

      if (isMobile()) {
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
        await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
        await expect(header.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
      } else {
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav).toBeVisible();
        for (const [name, href] of [
          ['HOME', '/'],
          ['ABOUT', '/company-info'],
          ['CONTACT', '/contact'],
          ['BLOG', '/blog'],
          ['GALLERY', '/gallery'],
        ] as const) {
          await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
        }
        await expect(nav.getByRole('button', { name: 'SHOP' })).toBeVisible();
        await expect(nav.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
        await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
        await expect(header.getByRole('link', { name: 'Register' })).toHaveAttribute(
          'href',
          '/register',
        );
      }

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
        'href',
        '/refund-policy',
      );
      await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/privacy-policy',
      );
      await expect(footer.getByRole('link', { name: 'Review Policy' })).toHaveAttribute(
        'href',
        '/review-policy',
      );
      await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${settings.site_title}`);
      const getInTouch = footer.getByRole('region', { name: 'Get In Touch' });
      await expect(getInTouch.getByRole('link', { name: settings.contact_email })).toHaveAttribute(
        'href',
        `mailto:${settings.contact_email}`,
      );

      await shot(page, 'frame-home');
      await shot(page, 'frame-home', { fullPage: true });
    },
  );

  // The desktop nav is hidden at 375px; the mobile menu test covers SHOP there.
  test(
    'the SHOP dropdown lists the seeded categories and opens one',
    { tag: '@desktop' },
    async ({ page, request }) => {
      const seeded = await categories(request);
      expect(seeded.length).toBeGreaterThan(0);
      await page.goto('/');

      const shop = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'SHOP' });
      await expect(shop).toHaveAttribute('aria-expanded', 'false');
      await shop.click();
      await expect(shop).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`[id="${await shop.getAttribute('aria-controls')}"]`);
      for (const category of seeded) {
        await expect(panel.getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
          'href',
          `/products?category=${category.slug}`,
        );
      }
      // Spec section 9: the list is at most 300px high and scrolls.
      const box = await panel.boundingBox();
      expect(box?.height ?? 0).toBeLessThanOrEqual(300);
      await checkA11y(page);
      await shot(page, 'frame-shop-open');

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(shop).toBeFocused();

      const target = seeded[seeded.length - 1] as Category;
      await shop.click();
      await panel.getByRole('link', { name: target.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/products\\?category=${target.slug}$`));
      await expect(panel).toBeHidden();
    },
  );

  test(
    'search sends a trimmed term to /products?search= and ignores a blank one',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/');
      const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });

      await box.fill('   ');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/$/);

      await box.fill('  damascus  ');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/products\?search=damascus$/);

      await box.fill('walnut');
      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/products\?search=walnut$/);
    },
  );
});

test.describe('mobile menu (spec section 2, 768px and below)', () => {
  // The slide-in menu is the 375px layout.
  test(
    'opens, expands SHOP, closes on the close button and on navigation',
    { tag: '@mobile' },
    async ({ page, request }) => {
      const seeded = await categories(request);
      await page.goto('/');

      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      const dialog = page.getByRole('dialog', { name: 'Menu' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'GALLERY' })).toBeVisible();

      const shop = dialog.getByRole('button', { name: 'SHOP' });
      await expect(shop).toHaveAttribute('aria-expanded', 'false');
      await shop.click();
      await expect(shop).toHaveAttribute('aria-expanded', 'true');
      for (const category of seeded) {
        await expect(dialog.getByRole('link', { name: category.name, exact: true })).toBeVisible();
      }
      await checkA11y(page);
      await shot(page, 'frame-mobile-menu');

      await dialog.getByRole('button', { name: 'Close menu' }).click();
      await expect(dialog).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      await dialog.getByRole('link', { name: 'GALLERY' }).click();
      await expect(page).toHaveURL(/\/gallery$/);
      await expect(dialog).toBeHidden();
    },
  );
});

test.describe('scrolling (spec sections 2 and 9)', () => {
  test(
    'the scroll-to-top button appears after 300px and returns to the top',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/');
      const button = page.getByRole('button', { name: 'Scroll to top' });
      await expect(button).toBeHidden();

      await scrollWindowTo(page, 250);
      await expect(button).toBeHidden();
      await scrollWindowTo(page, 900);
      await expect(button).toBeVisible();
      await shot(page, 'frame-scroll-to-top');

      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(button).toBeHidden();
    },
  );

  test('a new path starts at the top of the page', async ({ page }) => {
    await page.goto('/products');
    const productLinks = page.getByRole('main').locator('a[href^="/products/"]');
    await expect(productLinks.first()).toBeVisible();
    await scrollWindowTo(page, 100_000);
    const last = productLinks.last();
    const href = (await last.getAttribute('href')) ?? '';
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The product page is longer than the viewport, so 0 means the router scrolled, not the browser
    // clamping.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('login, register and 404 (spec section 2)', () => {
  test(
    '/login and /register hide header and nav behind a minimal logo bar',
    { tag: '@layout' },
    async ({ page, request }) => {
      const settings = await siteSettings(request);
      for (const [path, heading] of [
        ['/login', 'Login'],
        ['/register', 'Register'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('search')).toHaveCount(0);
        await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
        const bar = page.getByRole('banner');
        await expect(bar.getByRole('link', { name: settings.site_title })).toHaveAttribute(
          'href',
          '/',
        );
        await shot(page, `frame${path.replace('/', '-')}`);
      }
      await page.getByRole('banner').getByRole('link', { name: settings.site_title }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('search')).toBeVisible();
    },
  );

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByText('Oops! The page you are looking for does not exist.'),
    ).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await shot(page, 'frame-404');
    await page
      .getByRole('main')
      .getByRole('link', { name: /home page/i })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});
