import { contactInfo, expectLoaded } from './content-utils';
import { checkA11y, expect, loadLazyImages, shot, test } from './fixtures';
import { isMobile } from './shop-data';

/**
 * /contact end to end (spec sections 2, 5 and 8) in real Chromium against the reference API and
 * its seeded content: the locations with the HQ marker and embedded map, the e-mails and social
 * profiles, and a message validated, sent and thanked for, the page scanned with axe. Expectations
 * are read from the API, so the seed can change freely. Every test runs at 1280 px; those tagged
 * @layout run at 375 px too.
 */

/** `text` as a RegExp that matches it literally (names hold parentheses). */
function literally(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
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
