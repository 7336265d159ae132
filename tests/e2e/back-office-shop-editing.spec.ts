/**
 * The back office edits the shop (decision 021), tried as the maker would in Chromium against
 * the real API, with the axe scan of every page visited; the new knife at 1280 and 375 px, the
 * others at 375 px alone (@mobile), the maker's phone:
 * - a new knife listed with two photos and an engraving option, bought in the storefront with
 *   its engraving, then its stock set to none and the piece's page saying so at once;
 * - at demo-pottery, which moderates its blog's comments, a shopper's comment approved and
 *   shown on the post;
 * - a contact message answered from the inbox, the reply found in the server's outbox;
 * - a question added to the FAQ and shown on the shop's FAQ page (at demo-pottery, so the
 *   storefront's own FAQ test keeps its seeded list).
 * Each width works on its own piece.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { outboxMessagesTo, partOf } from '../../server/platform/mail/outbox-reader';
import { expect, test } from './fixtures';
import {
  asCustomer,
  categories,
  fillCheckoutAddress,
  logInBrowser,
  newCustomer,
  POTTERY,
  serverCart,
  TENANT,
} from './shop-data';
import { noSidewaysScroll, OWNER, POTTERY_OWNER, signedIn } from './back-office-utils';

/** The e2e server's outbox (playwright.config.ts OUTBOX_DIR). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** What tells the two widths' runs apart in names and texts. */
function runTag(): string {
  return `${test.info().project.name}-${Date.now().toString(36)}`;
}

/** A photo as a phone would send it: a JPEG of `width` x `height` in one colour. */
function photo(name: string, colour: string) {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));
}

/** The photos' panel of a product's page in the back office. */
function photosPanel(page: Page) {
  return page.getByRole('region', { name: 'Photos', exact: true });
}

/** Chooses `file` on the product form, with `alt` as its alt text; the form's save adds it. */
async function choosePhoto(page: Page, file: Awaited<ReturnType<typeof photo>>, alt: string) {
  await photosPanel(page).getByLabel('Add photos').setInputFiles(file);
  const fresh = photosPanel(page)
    .getByRole('list', { name: 'New photos, saved with the product' })
    .getByRole('listitem')
    .last();
  await fresh.getByLabel('Alt text').fill(alt);
}

test.describe('the back office edits the shop', () => {
  test('a new knife with two photos and an engraving option is listed, bought, and its stock change shows at once @mobile', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const tag = runTag();
    const name = `Hunting knife ${tag}`;
    const knives = (await categories(request)).find((c) => /knive/i.test(c.name));
    expect(knives, 'the demo shop has a knives category').toBeTruthy();

    await signedIn(page, OWNER, '/admin/products/new');
    await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Category').selectOption({ label: knives!.name });
    await page.getByLabel('Status').selectOption({ label: 'Active' });
    // Knives are sold to adults only: choosing the category ticked it.
    await expect(page.getByLabel('Sold to adults only', { exact: false })).toBeChecked();
    await page.getByLabel('Price', { exact: true }).fill('240.00');
    await page.getByLabel('Short description').fill('A drop-point hunter in 80CrV2, oak handle.');
    await page.getByRole('button', { name: 'Add a text' }).click();
    const option = page.getByRole('group', { name: /Option 1/ });
    await option.getByLabel('Option name').fill('Engraving');
    await option.getByLabel('Longest text (characters)').fill('20');
    await option.getByLabel('Surcharge when given').fill('15.00');
    await page.getByLabel('Starting stock').fill('3');
    await choosePhoto(page, await photo('blade.jpg', '#8a8f96'), `${name}: the blade`);
    await choosePhoto(page, await photo('handle.jpg', '#7a5230'), `${name}: the oak handle`);
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Create product' }).click();

    // The product's page: two photos, each with its alt text, made by the same save.
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(photosPanel(page).getByText('2 of 10')).toBeVisible();
    await noSidewaysScroll(page);
    const productPath = new URL(
      (await page.getByRole('link', { name: 'View in the shop' }).getAttribute('href'))!,
      page.url(),
    ).pathname;
    const adminPath = new URL(page.url()).pathname;

    // The shopper finds it with its photos and engraving, and buys it engraved.
    const customer = await newCustomer(request);
    await logInBrowser(page, customer, productPath);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: `${name}: the blade` }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Show image 2 of 2' }).click();
    await expect(page.getByRole('img', { name: `${name}: the oak handle` }).first()).toBeVisible();
    await expect(page.getByText('Only 3 left in stock')).toBeVisible();
    await page.getByLabel(/Engraving/).fill('R.M.');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(async () => (await serverCart(request, customer)).total_items).toBe(1);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillCheckoutAddress(page);
    await page.getByRole('radio', { name: /Bank transfer/ }).check();
    await page.getByRole('button', { name: /Place order and pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    await expect(page.getByText('Engraving: R.M.').first()).toBeVisible();

    // Its stock went from 3 to 2; the owner counts none left, and its page says so at once
    // (the rendered page would otherwise be kept for a minute).
    await page.goto(adminPath);
    const history = page.getByRole('region', { name: 'Stock history', exact: true });
    await expect(history.getByText('2 in stock')).toBeVisible();
    await page.getByLabel('In stock', { exact: true }).fill('0');
    await page.getByLabel('Why it changed').selectOption({ label: 'Correction (a count)' });
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product saved, 0 in stock.')).toBeVisible();
    await page.goto(productPath);
    await expect(page.getByText('Out of stock')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  });

  test('a comment waiting at demo-pottery is approved and shows on the post @mobile', async ({
    page,
    request,
  }) => {
    const tag = runTag();
    const text = `Lovely glaze on the river mugs (${tag})`;
    const shopper = await newCustomer(request, POTTERY);
    const post = await request.get(
      `${POTTERY.origin}/api/blog/posts/digging-clay-from-the-riverbank/`,
      { headers: POTTERY.tenant },
    );
    expect(post.status()).toBe(200);
    const { id } = (await post.json()) as { id: number };
    const posted = await request.post(`${POTTERY.origin}/api/blog/comments/`, {
      headers: asCustomer(shopper),
      data: { post: id, content: text },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    await page.goto(`${POTTERY.origin}/blog/digging-clay-from-the-riverbank`);
    await expect(page.getByRole('heading', { name: /^Comments/ })).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);

    await signedIn(page, POTTERY_OWNER, `${POTTERY.origin}/admin/moderation`);
    await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /^Comments/ }).click();
    const item = page.getByRole('listitem').filter({ hasText: text });
    await expect(item).toBeVisible();
    await noSidewaysScroll(page);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved: it shows on the shop now.')).toBeVisible();

    await page.goto(`${POTTERY.origin}/blog/digging-clay-from-the-riverbank`);
    await expect(page.getByText(text)).toBeVisible();
  });

  test('a contact message is answered from the inbox and the reply leaves by e-mail @mobile', async ({
    page,
    request,
  }) => {
    const tag = runTag();
    const email = `asker-${tag}@example.com`;
    const subject = `Sharpening service (${tag})`;
    const sent = await request.post('/api/contact/messages/', {
      headers: TENANT,
      data: {
        name: 'Noor Haddad',
        email,
        subject,
        message: 'Do you resharpen knives bought from you a few years ago?',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await signedIn(page, OWNER, '/admin/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
    const reply = 'Yes: send it to the workshop and we will resharpen it for free.';
    await page.getByLabel('Your reply').fill(reply);
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText(`Your reply was sent to ${email}.`)).toBeVisible();

    // The reply is an e-mail in the outbox, to the sender, about their subject.
    await expect
      .poll(async () => (await outboxMessagesTo(OUTBOX, email)).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const [message] = await outboxMessagesTo(OUTBOX, email);
    const headers = message!.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(new RegExp(`^Subject: Re: ${subject.replace(/[()]/g, '\\$&')}$`, 'm'));
    expect(partOf(message!, 'text/plain')).toContain(reply);
  });

  test('a question added to the FAQ shows on the shop @mobile', async ({ page, request }) => {
    const tag = runTag();
    const question = `Do you fire pieces to order? (${tag})`;
    await signedIn(page, POTTERY_OWNER, `${POTTERY.origin}/admin/content/faq`);
    await expect(page.getByRole('heading', { name: 'Questions' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a question' }).click();
    const form = page.getByRole('form', { name: 'New question' });
    await form.getByLabel('Question').fill(question);
    const answer = form.getByRole('textbox', { name: 'Answer' });
    await answer.click();
    await page.keyboard.type('Yes, in the next kiln firing, usually within three weeks.');
    await noSidewaysScroll(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The question was added.')).toBeVisible();

    const faqs = await request.get(`${POTTERY.origin}/api/pages/manage/faqs/`, {
      headers: POTTERY.tenant,
    });
    expect(JSON.stringify(await faqs.json())).toContain(question);
    await page.goto(`${POTTERY.origin}/faq`);
    await expect(page.getByRole('button', { name: question })).toBeVisible();
  });
});
