/// <reference types="node" />
/**
 * Opening a shop, end to end (issue 38's "Done when", decision 079), at 1280 and 375 px with axe:
 *
 * A production server of this spec's own (NODE_ENV=production, SEED_DEMO=0, an empty database,
 * STOREFRONT_URL=https://tidewater.test:PORT as if behind an HTTPS proxy; ./open-a-shop-utils.ts)
 * gets its shop "Tidewater Knives" at tidewater.test, selling in GBP, in one of the two ways the
 * docs give (docs/operating.md "Opening a shop"):
 * - `npm run shop:create`, the owner's password piped in;
 * - the first-run set-up in the browser, with the code the server wrote to its log.
 * Then, the same for both: before launch the storefront at http://tidewater.test:PORT/ is
 * "Opening soon" with the shop's name; the owner signs in at /admin/ of that address; Today's
 * checklist refuses Launch naming what is missing; the owner works through it in the back office
 * (the seller, bank transfer, a shipping zone for GB with a method, a category and a product with
 * a photo, the refund and privacy policies; the domain over HTTPS is ticked once the HTTPS proxy
 * in front, played by the spec, has brought a request to the shop's domain with
 * X-Forwarded-Proto: https) and
 * launches; a shopper registers and buys the piece priced £185.00 by bank transfer to a GB address,
 * and the product page (its JSON-LD), the checkout, the confirmation, the order e-mail in the
 * outbox and the invoice all say GBP (£), never dollars.
 *
 * Each flow's steps build on each other (serial). Chromium maps tidewater.test to 127.0.0.1.
 * Screenshots for a person go to /tmp/shots-38 (outside the repository).
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { freePortSync } from '../../scripts/lib/chromium';
import { outboxMessagesTo, partOf } from '../../server/platform/mail/outbox-reader';
import { CONSENT_KEY, consentRecordText } from '../../src/features/consent/consent-record';
import { signIn } from './back-office-utils';
import { checkA11y, expect, test } from './fixtures';
import {
  setupCodeOf,
  SHOP,
  shopCreate,
  shotOutside,
  startShopServer,
  visitThroughHttpsProxy,
  TIDEWATER_LAUNCH_OPTIONS,
  TIDEWATER_OWNER,
  type ShopServer,
} from './open-a-shop-utils';
import { fillCheckoutAddress, PASSWORD, UK_ADDRESS, uniqueEmail } from './shop-data';

test.use({ launchOptions: TIDEWATER_LAUNCH_OPTIONS });

/** The checklist's items as Today words them (server/shops/launch.ts CHECKLIST_ITEMS). */
const ITEMS = {
  seller: 'Say who the seller is: the legal name and address, and the VAT number if registered',
  payment:
    'Set up a way to pay: card (live keys tested with your provider), bank transfer or your own method',
  shipping: 'Add a shipping zone and a way to send',
  product: 'Add a first product with a photo',
  policies: 'Write the refund and privacy policies',
  domain: 'Serve the shop at its own domain over HTTPS',
};

/** The piece the shop lists, priced in pounds, and its delivery. */
const PIECE = {
  name: 'Petty knife in 1095 carbon steel',
  price: '185.00',
  category: 'Kitchen knives',
  description: 'A 120 mm petty knife, forged in 1095 carbon steel, with a bog-oak handle.',
};
const DELIVERY = { name: 'Royal Mail Tracked 48', price: '4.95' };
const SELLER = {
  legalName: 'Tidewater Knives Ltd',
  address: '4 Harbour Row\nWhitby\nYO21 3PU\nUnited Kingdom',
};

/** A photo as a phone sends it: a JPEG with a little to look at. */
async function photo() {
  const width = 1200;
  const height = 900;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#d9d2c7"/>
    <rect x="140" y="410" width="700" height="80" rx="40" fill="#8a8f96"/>
    <rect x="820" y="420" width="260" height="60" rx="20" fill="#3b2a1e"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return { name: 'petty-knife.jpg', mimeType: 'image/jpeg', buffer };
}

/** Today's launch card while the shop is closed. */
function checklist(page: Page): Locator {
  return page.getByRole('region', { name: 'Get ready to open' });
}

/** An item of the checklist, by its words. */
function item(page: Page, label: string): Locator {
  return checklist(page).getByRole('listitem').filter({ hasText: label });
}

/** Follows the checklist's "Set up" link of `label` from Today. */
async function setUpFromToday(page: Page, label: string) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  // The link says "Set up", and the item's words to a screen reader.
  const link = item(page, label).getByRole('link', { name: /^Set up\b/ });
  const words = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(link).toHaveAccessibleName(new RegExp(`^Set up\\s*: ${words}$`));
  await link.click();
}

/** Every `currency` and `priceCurrency` value anywhere in a JSON-LD document. */
function currenciesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(currenciesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    (key === 'currency' || key === 'priceCurrency') && typeof inner === 'string'
      ? [inner]
      : currenciesIn(inner),
  );
}

/** The steps both flows share, against `server()` (started in the flow's beforeAll). */
function afterTheShopIsMade(flow: string, server: () => ShopServer) {
  test('before launch the shop is "Opening soon"; at /admin/ the owner sees the checklist, and Launch is refused with what is missing', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { origin } = server();
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    expect(page.url()).toBe(`${origin}/`);
    await expect(page.getByRole('heading', { name: SHOP.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Opening soon').first()).toBeVisible();
    await expect(page).toHaveTitle(`${SHOP.name} — Opening soon`);
    await checkA11y(page);
    await shotOutside(page, test.info(), flow, 'opening-soon');
    // A piece's address is the same page: nothing of the shop shows before launch.
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: SHOP.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Opening soon').first()).toBeVisible();

    await signIn(page, { ...TIDEWATER_OWNER, tenant: '' }, '/admin/');
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(checklist(page).getByText('0 of 6 done')).toBeVisible();
    for (const label of Object.values(ITEMS)) await expect(item(page, label)).toBeVisible();
    // STOREFRONT_URL is https, but nothing has reached the shop over HTTPS yet.
    await expect(item(page, ITEMS.domain)).toContainText(': not done yet');
    await expect(item(page, ITEMS.seller)).toContainText(': not done yet');
    await checkA11y(page);
    await shotOutside(page, test.info(), flow, 'today-checklist');

    await checklist(page).getByRole('button', { name: 'Launch' }).click();
    const refusal = checklist(page).getByRole('alert');
    await expect(refusal).toContainText('The shop cannot launch yet. Still to do:');
    await expect(refusal).toBeVisible();
    const missing = refusal.getByRole('listitem');
    await expect(missing).toHaveText([
      ITEMS.seller,
      ITEMS.payment,
      ITEMS.shipping,
      ITEMS.product,
      ITEMS.policies,
      ITEMS.domain,
    ]);
    await checkA11y(page);
    await shotOutside(page, test.info(), flow, 'today-launch-refused');
    // Still closed.
    await page.goto('/');
    await expect(page.getByText('Opening soon').first()).toBeVisible();
  });

  test('the owner works through the checklist in the back office and launches', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, { ...TIDEWATER_OWNER, tenant: '' }, '/admin/');
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();

    await test.step('who the seller is', async () => {
      await setUpFromToday(page, ITEMS.seller);
      await expect(page).toHaveURL(/\/admin\/settings\/site$/);
      const seller = page.getByRole('form', { name: 'Who the seller is' });
      await seller.getByLabel('Legal name').fill(SELLER.legalName);
      await seller.getByLabel('Address').fill(SELLER.address);
      await expect(seller.getByLabel('E-mail')).toHaveValue(TIDEWATER_OWNER.email);
      await seller.getByRole('button', { name: 'Save the seller' }).click();
      await expect(seller.getByText(/^Saved\. The footer and new invoices/)).toBeVisible();
    });

    await test.step('bank transfer with the bank details', async () => {
      await setUpFromToday(page, ITEMS.payment);
      await expect(page).toHaveURL(/\/admin\/settings\/payments$/);
      const methods = page.getByRole('form', { name: 'Payment methods' });
      await methods.getByLabel('Bank transfer', { exact: true }).check();
      await methods
        .getByLabel('Bank details')
        .fill(
          'Tidewater Knives Ltd\nSort code 04-00-04, account 12345678\nIBAN GB33BUKB20201555555555',
        );
      await methods.getByRole('button', { name: 'Save payment methods' }).click();
      await expect(methods.getByRole('status')).toHaveText(
        'The payment methods were saved. Checkout offers exactly these within a second.',
      );
    });

    await test.step('a shipping zone for Great Britain with a way to send', async () => {
      await setUpFromToday(page, ITEMS.shipping);
      await expect(page).toHaveURL(/\/admin\/settings\/shipping$/);
      await page.getByRole('button', { name: 'Add a zone' }).click();
      const zone = page.getByRole('form', { name: 'New zone' });
      await zone.getByLabel('Zone name').fill('United Kingdom');
      await zone.getByLabel('Countries').fill('GB');
      await zone.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The zone was added.')).toBeVisible();

      await page.getByRole('button', { name: 'Add a method' }).click();
      const method = page.getByRole('form', { name: 'New method' });
      await method.getByLabel('Method name').fill(DELIVERY.name);
      await expect(method.getByLabel('Zone')).toHaveValue(/\d+/);
      await method.getByLabel('Price per shipment').fill(DELIVERY.price);
      await method.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The method was added.')).toBeVisible();
    });

    await test.step('a category, then a product priced in pounds with a photo', async () => {
      // A product needs a category, and a new shop has none: the item leads to Categories first.
      await setUpFromToday(page, ITEMS.product);
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Add a category' }).click();
      const category = page.getByRole('form', { name: 'New category' });
      await category.getByLabel('Name').fill(PIECE.category);
      await category.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`The category “${PIECE.category}” was added.`)).toBeVisible();

      await setUpFromToday(page, ITEMS.product);
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.getByRole('link', { name: 'New product' }).click();
      await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
      await page.getByLabel('Name', { exact: true }).fill(PIECE.name);
      await page.getByLabel('Category').selectOption({ label: PIECE.category });
      await page.getByLabel('Status').selectOption({ label: 'Active' });
      await page.getByLabel('Price', { exact: true }).fill(PIECE.price);
      await page.getByLabel('Short description').fill(PIECE.description);
      await page.getByLabel('Starting stock').fill('5');
      // The photo is chosen with the product and saved by the same button.
      const photos = page.getByRole('region', { name: 'Photos', exact: true });
      await photos.getByLabel('Add photos').setInputFiles(await photo());
      const fresh = photos
        .getByRole('list', { name: 'New photos, saved with the product' })
        .getByRole('listitem')
        .first();
      await fresh.getByLabel('Alt text').fill(`${PIECE.name}, on linen`);
      await page.getByRole('button', { name: 'Create product' }).click();
      await expect(page.getByRole('heading', { name: PIECE.name, level: 1 })).toBeVisible();
      await expect(photos.getByText('1 of 10')).toBeVisible();
    });

    await test.step('the refund and privacy policies', async () => {
      await setUpFromToday(page, ITEMS.policies);
      await expect(page).toHaveURL(/\/admin\/content\/policies$/);
      for (const [name, text] of [
        ['Refund policy', 'Return any unused piece within 14 days of delivery for a full refund.'],
        [
          'Privacy policy',
          'We keep your name, address and e-mail to send your order, and nothing else.',
        ],
      ] as const) {
        const form = page.getByRole('form', { name });
        await form.getByLabel('Title', { exact: true }).fill(name);
        await form.getByRole('textbox', { name: 'Text' }).click();
        await page.keyboard.type(text);
        await form.getByRole('button', { name: `Save the ${name.toLowerCase()}` }).click();
        await expect(page.getByText(`The ${name.toLowerCase()} was saved.`)).toBeVisible();
      }
    });

    await test.step('the domain answers over HTTPS: the proxy in front brings the first visit', async () => {
      expect(await visitThroughHttpsProxy(server())).toBe(200);
    });

    await test.step('every item ticked, Launch opens the shop', async () => {
      await page.goto('/admin/');
      await expect(checklist(page).getByText('6 of 6 done')).toBeVisible();
      for (const label of Object.values(ITEMS))
        await expect(item(page, label)).toContainText(': done');
      await checklist(page).getByRole('button', { name: 'Launch' }).click();
      await expect(page.getByRole('heading', { name: 'The shop is open', level: 2 })).toBeVisible();
      await expect(checklist(page)).toHaveCount(0);
    });
  });

  test('a shopper buys the piece in pounds: its page, JSON-LD, checkout, confirmation, e-mail and invoice say GBP', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { outbox, publicOrigin } = server();

    let productPath = '';
    await test.step('the open shop lists the piece at £185.00', async () => {
      await page.goto('/');
      await expect(page.getByText('Opening soon')).toHaveCount(0);
      const card = page.getByRole('link', { name: PIECE.name }).first();
      await expect(card).toBeVisible();
      await expect(page.getByText('£185.00').first()).toBeVisible();
      await card.click();
      await expect(page.getByRole('heading', { name: PIECE.name, level: 1 })).toBeVisible();
      productPath = new URL(page.url()).pathname;
      expect(productPath).toMatch(/^\/products\/[a-z0-9-]+$/);
    });

    await test.step("the piece's page: £185.00 shown, its JSON-LD priced in GBP", async () => {
      await page.goto(productPath);
      await expect(page.getByRole('heading', { name: PIECE.name, level: 1 })).toBeVisible();
      await expect(page.locator('main').getByText('£185.00').first()).toBeVisible();
      await expect(page.locator('main')).not.toContainText('$');
      await expect(
        page.getByRole('img', { name: `${PIECE.name}, on linen` }).first(),
      ).toBeVisible();
      const documents = (
        await page.locator('script[type="application/ld+json"]').allTextContents()
      ).map((text) => JSON.parse(text) as Record<string, unknown>);
      const product = documents.find((doc) => doc['@type'] === 'Product');
      expect(product, 'the page has a schema.org Product').toBeTruthy();
      const offers = product!.offers as Record<string, unknown>;
      expect(offers).toMatchObject({ price: PIECE.price, priceCurrency: 'GBP' });
      // Every amount in it is in pounds (the offer, its delivery rates), and its links are the
      // shop's own address, STOREFRONT_URL's scheme and port.
      const currencies = currenciesIn(documents);
      expect(currencies.length).toBeGreaterThan(0);
      expect(new Set(currencies)).toEqual(new Set(['GBP']));
      expect(offers.url).toBe(`${publicOrigin}${productPath}`);
      await checkA11y(page);
      await shotOutside(page, test.info(), flow, 'product-page');
    });

    const email = uniqueEmail();
    await test.step('a shopper registers and logs in', async () => {
      await page.goto('/register');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('Registration successful! You can now log in.')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
      await page.getByLabel('Email or username').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    });

    let orderNumber = '';
    await test.step('adds the piece and checks out by bank transfer to a GB address', async () => {
      await page.goto(productPath);
      // Plain http at the shop's own name is no secure context (no crypto.randomUUID): the
      // checkout works there too, as it must before a TLS proxy stands in front.
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'to your cart' })).toHaveText(
        `Added 1 × ${PIECE.name} to your cart.`,
      );
      await page.goto('/cart');
      await expect(page.locator('main')).toContainText('£185.00');
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await page.getByRole('radio', { name: /Bank transfer/ }).check();
      await fillCheckoutAddress(page, UK_ADDRESS);
      await expect(page.getByTestId('checkout-shipping')).toContainText('£4.95');
      await expect(page.getByTestId('checkout-total')).toContainText('£189.95');
      await expect(page.locator('main')).not.toContainText('$');
      await page.getByRole('button', { name: /Place order and pay/ }).click();
      await expect(page).toHaveURL(/\/order-confirmation$/);
      await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
      orderNumber = (await page.locator('.confirmation-number').textContent())!.trim();
      expect(orderNumber).not.toBe('');
      await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
      await expect(page.getByText(/IBAN GB33BUKB20201555555555/)).toBeVisible();
      await expect(page.getByText('£189.95').first()).toBeVisible();
      await expect(page.getByText('£185.00').first()).toBeVisible();
      await expect(page.locator('main')).not.toContainText('$');
      await checkA11y(page);
      await shotOutside(page, test.info(), flow, 'order-confirmation');
    });

    await test.step('the order e-mail in the outbox is in pounds', async () => {
      let eml = '';
      await expect
        .poll(
          async () => {
            eml =
              (await outboxMessagesTo(outbox, email)).find((text) => text.includes(orderNumber)) ??
              '';
            return eml !== '';
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      const text = partOf(eml, 'text/plain')!;
      const html = partOf(eml, 'text/html')!;
      for (const part of [text, html]) {
        expect(part).toContain(orderNumber);
        expect(part).toContain('£189.95');
        expect(part).toContain('£185.00');
        expect(part).not.toMatch(/\$\s?\d/);
        // Its link to the order is at the shop's own address (STOREFRONT_URL's scheme and port).
        expect(part).toContain(`${publicOrigin}/account/orders/`);
      }
      // As a mail program shows it: in a blank tab of its own (the shop's page has its CSP).
      const mail = await page.context().newPage();
      await mail.setContent(html, { waitUntil: 'load' });
      await expect(mail.getByText('£189.95').filter({ visible: true }).first()).toBeVisible();
      await expect(mail.getByText(PIECE.name).filter({ visible: true }).first()).toBeVisible();
      await mail.close();
    });

    await test.step('the invoice is in pounds, from the seller', async () => {
      await page.goto('/account/orders');
      await page.getByRole('link', { name: orderNumber }).click();
      await page.getByRole('link', { name: 'Pro-forma invoice' }).click();
      await expect(page).toHaveURL(/\/account\/orders\/\d+\/invoice$/);
      const invoice = page.locator('main');
      await expect(invoice).toContainText(orderNumber);
      await expect(invoice).toContainText(SELLER.legalName);
      await expect(invoice).toContainText('£185.00');
      await expect(invoice).toContainText('£4.95');
      await expect(invoice).toContainText('£189.95');
      await expect(invoice).not.toContainText('$');
      await checkA11y(page);
      await shotOutside(page, test.info(), flow, 'invoice');
    });
  });
}

/** The storefront's consent answered (analytics refused), as the config does for its servers. */
function consentFor(origin: string) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: CONSENT_KEY, value: consentRecordText(false, new Date('2026-01-01T00:00:00Z')) },
        ],
      },
    ],
  };
}

/**
 * In a serial describe: this flow's own production server on a free port and an empty data dir,
 * started before its first test and stopped (its data dir deleted) after its last; the browser's
 * base URL is the shop's address there. Answers the server once started.
 */
function ownServer(): () => ShopServer {
  test.describe.configure({ mode: 'serial' });
  const port = freePortSync();
  const origin = `http://${SHOP.domain}:${port}`;
  let server: ShopServer | undefined;
  test.use({ baseURL: origin, storageState: consentFor(origin) });
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startShopServer(port);
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright's hooks take fixtures first
  test.afterEach(async ({}, info) => {
    if (server && info.status !== info.expectedStatus)
      await info.attach('server log', { body: server.log(), contentType: 'text/plain' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the server did not start');
    return server;
  };
}

// Each flow's shared steps (the checklist, the launch, a purchase) run at one width: the
// command's at 375 px, the browser set-up's at 1280 px, so every screen of them is seen at both
// widths without making four shops (it halved this file's 150 s of browser time). The set-up
// screen itself, only the browser flow's, runs at both.
test.describe('a shop opened with npm run shop:create', { tag: '@mobile' }, () => {
  const server = ownServer();

  test('npm run shop:create opens Tidewater Knives at tidewater.test, selling in GBP', async () => {
    const printed = await shopCreate(server());
    expect(printed).toContain(
      'Opened "Tidewater Knives" (tenant token tidewater-test), selling in GBP.',
    );
    expect(printed).toContain(`${server().publicOrigin}/ (closed: "Opening soon"`);
    expect(printed).toContain(
      `${server().publicOrigin}/admin/ (sign in as ${TIDEWATER_OWNER.email})`,
    );
    expect(printed).not.toContain(TIDEWATER_OWNER.password);
  });

  afterTheShopIsMade('command', server);
});

test.describe('a shop opened through the first-run set-up in the browser', () => {
  const server = ownServer();

  test(
    'the set-up at /admin/ opens the shop with the code from the server log',
    { tag: '@layout' },
    async ({ page }) => {
      test.setTimeout(90_000);
      const code = setupCodeOf(server());
      // As docs/operating.md: the server's own address, before the domain points anywhere.
      await page.goto(`${server().loopback}/admin/`);
      await expect(page.getByRole('heading', { name: 'Set up your shop' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/setup$/);
      await checkA11y(page);
      await shotOutside(page, test.info(), 'first-run', 'setup');

      // Pasted as an operator would copy it from the log: any case, spaces for dashes.
      await page.getByLabel('Set-up code').fill(code.toLowerCase().replace(/-/g, ' '));
      await page.getByLabel('Shop name').fill(SHOP.name);
      await page.getByLabel('Domain').fill(SHOP.domain);
      await page.getByLabel('Currency').selectOption(SHOP.currency);
      await page.getByLabel('Country').selectOption(SHOP.country);
      await page.getByLabel('Your e-mail').fill(TIDEWATER_OWNER.email);
      await page.getByLabel('Your name (optional)').fill(TIDEWATER_OWNER.name);
      await page.getByLabel('Password', { exact: true }).fill(TIDEWATER_OWNER.password);
      await page.getByLabel('Password again').fill(TIDEWATER_OWNER.password);
      await shotOutside(page, test.info(), 'first-run', 'setup-filled');
      await page.getByRole('button', { name: 'Set up the shop' }).click();

      await expect(page.getByRole('heading', { name: 'Your shop is ready' })).toBeVisible();
      await expect(page.getByText('GBP · British Pound')).toBeVisible();
      await expect(page.getByText('tidewater-test', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('link', { name: `${server().origin}/`, exact: true }),
      ).toBeVisible();
      await checkA11y(page);
      await shotOutside(page, test.info(), 'first-run', 'setup-done');
      // The code died with its use: the set-up is no longer offered.
      const setup = await page.request.get(`${server().loopback}/api/admin/setup/`);
      expect(setup.ok()).toBe(true);
      expect(await setup.json()).toEqual({ required: false });

      // On to the shop's own back office, at its domain.
      await page.getByRole('link', { name: `${server().origin}/admin/`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`^${server().origin}/admin/`));
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    },
  );

  afterTheShopIsMade('first-run', server);
});
