/**
 * The back office on the phone's Home Screen, telling the maker at once of a new order (issue 40),
 * in Chromium against the real API at 1280 px (the owner) and 375 px (a staff member), with axe:
 * - the web app manifest is linked from the back office and served, named after the shop, with
 *   its 192, 512 and maskable icons (real PNGs of those sizes) and the apple-touch-icon;
 * - the Account screen turns notifications on for this device: the browser's PushManager is
 *   stubbed (a real one would ask its vendor's push service, which this machine cannot reach),
 *   its subscription pointing at a push service the test runs on 127.0.0.1; the service worker
 *   is the real one, registered for /admin/;
 * - a switch saves and stays saved;
 * - an order placed by bank transfer, then marked paid, reaches that push service as
 *   VAPID-signed, encrypted POSTs that decrypt (as the phone would) to the order's number and
 *   amount, whose page the notification opens;
 * - notifications are turned off again.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPrice } from '../../common/money';
import { decryptPush, startTestPushService, testBrowser } from '../../server/test/push-service';
import { checkA11y, expect, shot, test } from './fixtures';
import { noSidewaysScroll, OWNER, STAFF, signedIn } from './back-office-utils';
import { addToCart, newCustomer, placeOrder, siteSettings, stockedProducts } from './shop-data';

/**
 * Replaces the browser's PushManager with one that answers `subscription` (kept in the tab's
 * sessionStorage, as a real one keeps it across pages) and grants notifications.
 */
function stubPushManager(subscription: { endpoint: string; keys: Record<string, string> }) {
  const KEY = 'e2e.pushKey';
  if (typeof PushManager === 'undefined') return;
  const made = (key: ArrayBuffer) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { applicationServerKey: key, userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      keys: subscription.keys,
    }),
    unsubscribe: async () => {
      sessionStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const bytes = Array.from(new Uint8Array(options?.applicationServerKey as ArrayBuffer));
    sessionStorage.setItem(KEY, JSON.stringify(bytes));
    return made(new Uint8Array(bytes).buffer) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const saved = sessionStorage.getItem(KEY);
    return saved
      ? (made(new Uint8Array(JSON.parse(saved) as number[]).buffer) as unknown as PushSubscription)
      : null;
  };
  Notification.requestPermission = async () => 'granted';
}

/** The signed-in member's access token, as the back office keeps it. */
const accessToken = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('backOffice.access') ?? '');

test.describe('the back office on the Home Screen, told at once of a new order', () => {
  test('installs, turns notifications on, and tells this device of a paid order @layout', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const mobile = test.info().project.name === 'mobile';
    const member = mobile ? STAFF : OWNER;
    const service = await startTestPushService();
    try {
      // The manifest: named after the shop, kept to /admin/, with its icons.
      const shop = (await siteSettings(request)).site_title;
      const manifestAnswer = await request.get('/admin/manifest.webmanifest', {
        headers: { 'X-Tenant-Token': member.tenant },
      });
      expect(manifestAnswer.status()).toBe(200);
      expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
      const manifest = (await manifestAnswer.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        scope: string;
        display: string;
        theme_color: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: `${shop} back office`,
        start_url: '/admin/',
        scope: '/admin/',
        display: 'standalone',
        theme_color: '#1f1b16',
      });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
      expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of [
        ...manifest.icons,
        { src: '/admin/icons/apple-touch-icon.png', sizes: '180x180' },
      ]) {
        const png = await request.get(icon.src);
        expect(png.headers()['content-type'], icon.src).toBe('image/png');
        const { width, height } = await sharp(await png.body()).metadata();
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }

      // The Account screen turns notifications on for this device.
      const device = `${test.info().project.name}-${Date.now().toString(36)}`;
      const browser = testBrowser();
      await page.addInitScript(stubPushManager, {
        endpoint: `${service.origin}/push/${device}`,
        keys: browser.keys,
      });
      await signedIn(page, member, '/admin/account');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        'href',
        '/admin/manifest.webmanifest',
      );
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
        'href',
        '/admin/icons/apple-touch-icon.png',
      );
      const panel = page.getByRole('region', { name: 'Notifications' });
      await expect(panel.getByText('Off here')).toBeVisible();
      await panel.getByRole('button', { name: 'Turn on for this device' }).click();
      await expect(panel.getByRole('status').first()).toHaveText(
        'Notifications are on for this device.',
      );
      await expect(panel.getByText('On here')).toBeVisible();
      // The real service worker, for the back office only, and the server's own key.
      expect(
        await page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/admin/'))?.active?.scriptURL,
        ),
      ).toMatch(/\/admin\/sw\.js$/);
      const token = await accessToken(page);
      const settings = (await (
        await request.get('/api/admin/me/push/', {
          headers: { 'X-Tenant-Token': member.tenant, Authorization: `Bearer ${token}` },
        })
      ).json()) as { public_key: string; devices: number };
      const keyGiven = await page.evaluate(() => sessionStorage.getItem('e2e.pushKey'));
      expect(Buffer.from(JSON.parse(keyGiven!) as number[]).toString('base64url')).toBe(
        settings.public_key,
      );
      expect(settings.devices).toBeGreaterThanOrEqual(1);
      await noSidewaysScroll(page);
      await checkA11y(page);
      await shot(page, 'push-account-on');

      // A switch saves as it is changed, and stays saved.
      const messages = panel.getByRole('checkbox', { name: 'New messages from shoppers' });
      await messages.uncheck();
      await expect(panel.getByRole('status').first()).toHaveText('Saved.');
      await page.reload();
      await expect(panel.getByText('On here')).toBeVisible();
      await expect(messages).not.toBeChecked();
      await messages.check();
      await expect(panel.getByRole('status').first()).toHaveText('Saved.');

      // A shopper orders by bank transfer; the maker marks it paid. This device is told of both.
      const customer = await newCustomer(request);
      const [piece] = await stockedProducts(request, 3);
      await addToCart(request, customer, piece!.id);
      const order = await placeOrder(request, customer, 'bank_transfer');
      const marked = await request.post(`/api/admin/orders/${order.order_number}/mark-paid/`, {
        headers: { 'X-Tenant-Token': member.tenant, Authorization: `Bearer ${token}` },
        data: { amount: order.total_price, payer_reference: order.order_number },
      });
      expect(marked.status(), await marked.text()).toBe(200);
      const amount = formatPrice(order.total_price, (await siteSettings(request)).currency);
      // Other tests' orders reach this device too: find this order's notices among them.
      const noticesOfOrder = () =>
        service.received
          .filter((message) => message.device === device)
          .map((message) => ({
            headers: message.headers,
            notice: JSON.parse(decryptPush(message.body, browser)) as Record<string, string>,
          }))
          .filter(({ notice }) => notice.url === `/admin/orders/${order.order_number}`);
      // Sorted: the two are sent one after the other, but may arrive in either order.
      await expect
        .poll(() =>
          noticesOfOrder()
            .map(({ notice }) => notice.title)
            .sort(),
        )
        .toEqual(
          [`Order ${order.order_number}: ${amount} to confirm`, `New paid order: ${amount}`].sort(),
        );
      for (const { headers } of noticesOfOrder()) {
        expect(headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
        expect(headers['content-encoding']).toBe('aes128gcm');
      }

      // The notification opens the order in the back office.
      const paid = noticesOfOrder().find(({ notice }) =>
        notice.title!.startsWith('New paid order'),
      )!.notice;
      await page.goto(paid.url!);
      await expect(
        page.getByRole('heading', { name: new RegExp(order.order_number) }),
      ).toBeVisible();

      // Off again on this device.
      await page.goto('/admin/account');
      await panel.getByRole('button', { name: 'Turn off on this device' }).click();
      await expect(panel.getByRole('status').first()).toHaveText(
        'Notifications are off for this device.',
      );
      await expect(panel.getByText('Off here')).toBeVisible();
      await shot(page, 'push-account-off');
    } finally {
      await service.close();
    }
  });
});
