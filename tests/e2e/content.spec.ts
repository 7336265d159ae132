import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { components } from '../../src/api/schema';
import { checkA11y, expect, shot, test } from './fixtures';
import { isMobile, siteSettings, TENANT } from './shop-data';

/**
 * The content pages end to end (spec sections 2, 3, 5 and 8) in real Chromium against
 * the reference API and its seeded content: /contact (locations, embedded map, e-mails, social
 * profiles, a message sent), /company-info, the /faq accordion operated with the keyboard only,
 * the two legal pages, and the seeded script-injection payloads rendering inert. Expectations
 * are read from the API, so the seed can change freely. Both projects run every test (1280 and
 * 375 px); each page is scanned with axe.
 */

type ContactInfo = components['schemas']['ContactInfo'];
type CompanyInfo = components['schemas']['CompanyInfo'];
type Faq = components['schemas']['Faq'];
type LegalDocument = components['schemas']['LegalDocument'];

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: TENANT });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const contactInfo = (request: APIRequestContext) =>
  getJson<ContactInfo>(request, '/api/contact/info/');
const companyInfo = (request: APIRequestContext) =>
  getJson<CompanyInfo>(request, '/api/pages/company-info/');
const faqs = (request: APIRequestContext) => getJson<Faq[]>(request, '/api/pages/manage/faqs/');
const legalDocument = async (request: APIRequestContext, type: string) =>
  (
    await getJson<LegalDocument[]>(request, `/api/pages/manage/documents/?document_type=${type}`)
  )[0];

const LEGAL_PAGES = [
  { path: '/refund-policy', type: 'refund_policy', title: 'Refund Policy' },
  { path: '/privacy-policy', type: 'privacy_policy', title: 'Privacy Policy' },
] as const;

/** `text` as a RegExp that matches it literally (names hold parentheses). */
function literally(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** Scrolls through the page so lazy images load, then back to the top: for full-page screenshots. */
async function loadLazyImages(page: Page) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  // Bounded: the map frame's host cannot be reached from a test machine, so the network may
  // not go quiet while it tries.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until an <img> has really decoded (naturalWidth > 0). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/** No planted payload ran, and nothing that could run one survived in the page. */
async function expectInert(page: Page) {
  // Give any planted handler (an image error, an svg load, a frame) time to fire.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.locator('iframe[srcdoc]')).toHaveCount(0);
  await expect(page.locator('main [onerror], main [onload], main script')).toHaveCount(0);
  // The payload's `<img src=x>` is dropped whole: no broken image, 404 or console error.
  const broken = await page
    .locator('main img')
    .evaluateAll((images) =>
      images
        .map((img) => img.getAttribute('src') ?? '')
        .filter((src) => !/^(https?:\/\/|\/(?!\/))/.test(src)),
    );
  expect(broken, 'images a page cannot load').toEqual([]);
}

/** Presses Tab until `target` has focus (at most `limit` times): a keyboard-only way in. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('/contact', () => {
  test(
    'shows the locations with the HQ marker, the embedded map, the e-mails and the five social profiles',
    { tag: '@layout' },
    async ({ page, request }) => {
      const info = await contactInfo(request);
      const hq = info.branch_locations.find((l) => l.is_hq);
      expect(hq, 'the demo seed has a headquarters').toBeTruthy();

      await page.goto('/');
      const contactLink = isMobile()
        ? page.getByRole('contentinfo').getByRole('link', { name: 'Send us a message' })
        : page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CONTACT' });
      await contactLink.click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();

      const card = page.getByRole('article', { name: literally(hq!.name) });
      await expect(card.getByText('HQ', { exact: true })).toBeVisible();
      await expect(card.getByText(hq!.address)).toBeVisible();
      if (hq!.phone_number) {
        await expect(card.getByRole('link', { name: hq!.phone_number })).toHaveAttribute(
          'href',
          /^tel:\+?\d+$/,
        );
      }
      if (hq!.map_location_url) {
        await expect(card.getByRole('link', { name: /View on map/ })).toHaveAttribute(
          'href',
          hq!.map_location_url,
        );
      }
      if (hq!.map_embed_link) {
        await expect(card.locator('iframe')).toHaveAttribute('src', hq!.map_embed_link);
        await expect(card.locator('iframe')).toHaveAttribute('title', `Map of ${hq!.name}`);
      }
      if (hq!.image) await expectLoaded(card.getByRole('img', { name: `Photo of ${hq!.name}` }));
      for (const location of info.branch_locations) {
        await expect(
          page.getByRole('heading', { level: 3, name: literally(location.name) }),
        ).toBeVisible();
      }

      const emails = page.getByRole('region', { name: 'Email us' });
      for (const email of info.contact_emails) {
        await expect(emails.getByRole('link', { name: email.email_address })).toHaveAttribute(
          'href',
          `mailto:${email.email_address}`,
        );
        await expect(emails.getByText(email.purpose, { exact: true })).toBeVisible();
      }

      const socials = page.getByRole('region', { name: 'Follow us' });
      const platforms = await socials
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('data-platform')));
      for (const platform of ['facebook', 'instagram', 'linkedin', 'twitter', 'youtube']) {
        expect(platforms).toContain(platform);
      }
      for (const profile of info.social_media_profiles) {
        const link = socials.getByRole('link', {
          name: `${profile.platform_display} (opens in a new tab)`,
        });
        await expect(link).toHaveAttribute('href', profile.link);
        await expect(link.locator('svg')).toBeVisible();
      }

      await checkA11y(page);
      await shot(page, 'contact');
      await loadLazyImages(page);
      await shot(page, 'contact', { fullPage: true });
    },
  );

  test(
    'a message is validated, then sent, and the shopper is thanked',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/contact');
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByText('Please enter your name.')).toBeVisible();
      await expect(form.getByText('Please enter your email.')).toBeVisible();
      await expect(form.getByText('Please enter a subject.')).toBeVisible();
      await expect(form.getByText('Please enter your message.')).toBeVisible();

      const subject = `Engraving question ${test.info().project.name} ${Date.now()}`;
      await form.getByLabel('Name').fill('Ada Lovelace');
      await form.getByLabel('Email').fill('ada@example');
      await form.getByLabel('Phone (optional)').fill('+44 20 7946 0958');
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Message').fill('Could you engrave initials on the Damascus gyuto?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByText('Please enter a valid email address.')).toBeVisible();

      await form.getByLabel('Email').fill('ada@example.com');
      const sent = page.waitForResponse(
        (r) => r.url().endsWith('/api/contact/messages/') && r.request().method() === 'POST',
      );
      await form.getByRole('button', { name: 'Send Message' }).click();
      const response = await sent;
      expect(response.status()).toBe(201);
      expect(await response.json()).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone_number: '+44 20 7946 0958',
        subject,
      });
      const thanks = form.getByRole('status');
      await expect(thanks).toHaveText('Thank you for your message! We will get back to you soon.');
      // Sent from the bottom of a long form: the thanks must come into view, not just exist.
      await expect(thanks).toBeFocused();
      await expect(thanks).toBeInViewport();
      await expect(form.getByLabel('Subject')).toHaveValue('');
      await checkA11y(page);
      await shot(page, 'contact-sent');
    },
  );
});

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

test.describe('/faq', () => {
  test('the accordion works with the keyboard alone, and leads to /contact', async ({
    page,
    request,
  }) => {
    const seeded = await faqs(request);
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    await page.goto('/faq');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();

    const questions = page.locator('main').getByRole('button', { expanded: false });
    await expect(questions).toHaveCount(seeded.length);
    const first = page.getByRole('button', { name: seeded[0]!.question });
    const second = page.getByRole('button', { name: seeded[1]!.question });
    const last = page.getByRole('button', { name: seeded.at(-1)!.question });
    const answerOf = async (button: Locator) =>
      page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);

    await tabTo(page, first);
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(await answerOf(first)).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstAnswer = await answerOf(first);
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toHaveAttribute('role', 'region');

    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press(' ');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(await answerOf(second)).toBeVisible();
    await page.keyboard.press('End');
    await expect(last).toBeFocused();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();
    await checkA11y(page);
    await shot(page, 'faq-open');

    const contact = page.locator('main').getByRole('link', { name: 'Contact us', exact: true });
    await tabTo(page, contact, 80);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });
});

test.describe('legal pages', () => {
  for (const legal of LEGAL_PAGES) {
    test(`${legal.path} shows the ${legal.type} document from the footer link`, async ({
      page,
      request,
    }) => {
      const document = await legalDocument(request, legal.type);
      expect(document, `the demo seed has a ${legal.type}`).toBeTruthy();
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: legal.title }).click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      const firstHeading = /<h2[^>]*>([^<]+)<\/h2>/.exec(document!.content)?.[1];
      if (firstHeading) {
        await expect(page.getByRole('heading', { level: 2, name: firstHeading })).toBeVisible();
      }
      await expect(
        page.getByRole('navigation', { name: 'Help & policies' }).getByRole('link', {
          name: legal.title,
        }),
      ).toHaveAttribute('aria-current', 'page');
      await checkA11y(page);
      await shot(page, legal.path.slice(1));
      await shot(page, legal.path.slice(1), { fullPage: true });
    });
  }
});

test.describe('stored HTML stays inert (the seeded script-injection payloads)', () => {
  test('every FAQ answer, opened, runs no script and keeps no javascript: link or srcdoc frame', async ({
    page,
    request,
  }) => {
    const seeded = await faqs(request);
    expect(
      seeded.some((faq) => faq.answer.includes('__xss')),
      'the demo seed plants payloads in an FAQ answer',
    ).toBe(true);
    await page.goto('/faq');
    const buttons = page.locator('main').getByRole('button', { expanded: false });
    await expect(buttons).toHaveCount(seeded.length);
    for (let i = seeded.length - 1; i >= 0; i -= 1) await buttons.nth(i).click();
    await expect(page.locator('main').getByRole('button', { expanded: true })).toHaveCount(
      seeded.length,
    );
    await expectInert(page);
    await shot(page, 'faq-all-open', { fullPage: true });
  });

  for (const legal of LEGAL_PAGES) {
    test(`${legal.path} runs no script and keeps no javascript: link or srcdoc frame`, async ({
      page,
      request,
    }) => {
      const document = await legalDocument(request, legal.type);
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      await expect(page.locator('.content-legal__document')).toBeVisible();
      if (document?.content.includes('__xss')) {
        // The planted link keeps its text, without the script URL.
        await expect(page.locator('.content-legal__document a:not([href])').first()).toBeAttached();
      }
      await expectInert(page);
    });
  }

  test('sanitizing the payloads in the browser reports no CSP violation (decision 012)', async ({
    page,
  }) => {
    // Chromium 156 reports `script-src-attr` for every inline handler it parses, even into
    // DOMPurify's inert document: the handlers must be gone before the browser parses the HTML.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __csp?: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // Client-side navigations: the documents are sanitized in the browser, not on the server.
    for (const legal of LEGAL_PAGES) {
      await footer.getByRole('link', { name: legal.title }).click();
      await expect(page.locator('.content-legal__document h2').first()).toBeVisible();
    }
    await footer.getByRole('link', { name: 'FAQ' }).click();
    const closed = page.locator('main').getByRole('button', { expanded: false });
    await expect(closed.first()).toBeVisible();
    while ((await closed.count()) > 0) await closed.first().click();
    await expectInert(page);
    expect(await page.evaluate(() => (window as { __csp?: string[] }).__csp)).toEqual([]);
  });

  test('the contact page renders its seeded data as text and links only', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('region', { name: 'Email us' })).toBeVisible();
    await expectInert(page);
  });
});
