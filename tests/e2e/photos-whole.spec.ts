/**
 * Photos kept whole and framed by the owner (issue 40, "Photos are cut"), in Chromium against
 * the real API, with axe on every page and dialog, at 1280 px (demo-handcraft) and 375 px
 * (demo-pottery): each width works on its own shop, since the home page's picture is one per
 * shop and the two widths run at once.
 *
 * A 3:2 photo of a long knife (made with sharp: a blade whose tip and handle reach the edges) is
 * uploaded to a new piece; its product page shows it whole (the rendered box is 3:2, not a
 * square); the owner sets its focal point with the crop tool (the frame dragged towards the tip)
 * and the shop's cards follow it; the owner chooses it as the home page's picture, which the
 * home page then shows. The shop's home page picture is given back to its fallback afterwards.
 *
 * The photo is uploaded through the API (what the back office's upload sends), so this spec
 * tests framing, not the upload screens.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y, expect, shot, test } from './fixtures';
import {
  OWNER,
  POTTERY_OWNER,
  noSidewaysScroll,
  signedIn,
  type DemoMember,
} from './back-office-utils';
import { POTTERY } from './shop-data';

/** A 3:2 photo of a 240 mm kiritsuke: dark ground, a steel blade from the tip (left) to the handle. */
function kiritsukePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1000">
    <rect width="1500" height="1000" fill="#2b2622"/>
    <polygon points="20,520 1040,430 1040,600 120,600" fill="#c9ccd1"/>
    <rect x="1040" y="450" width="440" height="130" rx="30" fill="#6b3e1f"/>
    <circle cx="60" cy="540" r="30" fill="#e0483e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

interface Shop {
  member: DemoMember;
  /** The storefront's origin, with the back office at `/admin/`. */
  origin: string;
}

/** The shop each width works on. */
function shopOf(project: string): Shop {
  return project === 'mobile'
    ? { member: POTTERY_OWNER, origin: POTTERY.origin }
    : { member: OWNER, origin: test.info().project.use.baseURL! };
}

/** The owner's bearer headers for the back office's API. */
async function ownerHeaders(request: APIRequestContext, shop: Shop) {
  const login = await request.post(`${shop.origin}/api/admin/auth/login/`, {
    headers: { 'X-Tenant-Token': shop.member.tenant },
    data: { email: shop.member.email, password: shop.member.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  return { 'X-Tenant-Token': shop.member.tenant, Authorization: `Bearer ${access}` };
}

/** A new active piece of the shop with the 3:2 photo as its only photo. */
async function pieceWithPhoto(request: APIRequestContext, shop: Shop, alt: string) {
  const headers = await ownerHeaders(request, shop);
  const api = `${shop.origin}/api/admin`;
  const categories = (await (await request.get(`${api}/categories/`, { headers })).json()) as {
    id: number;
    name: string;
  }[];
  // A knife among the knives where the shop sells them (demo-handcraft), else its first category.
  const category = categories.find((c) => /knive/i.test(c.name)) ?? categories[0]!;
  const created = await request.post(`${api}/products/`, {
    headers,
    data: {
      name: `Kiritsuke 240mm ${test.info().project.name} ${Date.now().toString(36)}`,
      category_id: category.id,
      price: '420.00',
      stock: 1,
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: number; slug: string; name: string };
  const upload = await request.post(`${api}/media/uploads/`, {
    headers: { ...headers, 'Content-Type': 'image/jpeg' },
    data: await kiritsukePhoto(),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const added = await request.post(`${api}/products/${product.id}/photos/`, {
    headers,
    data: { upload_id: ((await upload.json()) as { id: number }).id, alt_text: alt },
  });
  expect(added.status(), await added.text()).toBe(201);
  const [photo] = (await added.json()) as { id: number; image: string; width: number }[];
  return { product, photo: photo!, headers, api };
}

/** The rendered width / height of `image`, once it has loaded. */
async function renderedRatio(page: Page, selector: string): Promise<number> {
  const image = page.locator(selector).first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const box = (await image.boundingBox())!;
  return box.width / box.height;
}

test.describe('photos kept whole and framed by the owner', () => {
  test('a 3:2 photo is whole on its page, framed for the cards, and chosen as the home page picture @layout', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const shop = shopOf(test.info().project.name);
    const alt = `A 240 mm kiritsuke from its tip to its handle (${test.info().project.name})`;
    const { product, photo, headers, api } = await pieceWithPhoto(request, shop, alt);
    expect(photo.width).toBe(800);

    try {
      // The product page shows the photo whole: its box is 3:2, not a square.
      await page.goto(`${shop.origin}/products/${product.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      // The cards' shape is the stylesheet's, from the document (no script reads it).
      await expect(page.locator('html')).toHaveAttribute('data-card-aspect', 'square');
      expect(await renderedRatio(page, '.catalog-gallery__image')).toBeCloseTo(1.5, 1);
      await noSidewaysScroll(page);
      await shot(page, 'photos-whole-product');

      // The crop tool, in the shop's card shape, its frame dragged towards the tip.
      await signedIn(page, shop.member, `${shop.origin}/admin/products/${product.id}`);
      const card = page.getByRole('listitem').filter({ has: page.getByAltText(alt) });
      await expect(card.getByRole('button', { name: 'Focal point' })).toBeVisible();
      await noSidewaysScroll(page);
      await card.getByRole('button', { name: 'Focal point' }).click();
      const dialog = page.getByRole('dialog', { name: 'What matters in this photo?' });
      await expect(dialog.getByText(/Product cards are square/)).toBeVisible();
      const frame = dialog.getByRole('group', { name: 'Frame of a square card' });
      await expect(frame).toBeVisible();
      const box = (await frame.boundingBox())!;
      // Dragging the photo to the right moves the frame towards its left edge, the tip.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + box.width, box.y + box.height / 2, {
        steps: 8,
      });
      await page.mouse.up();
      await checkA11y(page);
      await shot(page, 'photos-whole-crop-tool');
      await dialog.getByRole('button', { name: 'Save focal point' }).click();
      await expect(card.getByRole('status')).toHaveText(/Focal point saved/);
      const photos = (await (
        await request.get(`${api}/products/${product.id}/photos/`, { headers })
      ).json()) as { focal_x: number; focal_y: number }[];
      // The frame (two thirds of the width) went to the left edge: its centre is a third in.
      expect(photos[0]!.focal_x).toBeCloseTo(1 / 3, 2);
      expect(photos[0]!.focal_y).toBeCloseTo(0.5, 2);

      // The shop's cards show the crop the owner framed: from the photo's left edge, the tip.
      await page.goto(`${shop.origin}/products?search=${encodeURIComponent(product.name)}`);
      const cardImage = page.getByTestId('product-card').getByRole('img', { name: alt });
      await expect(cardImage).toHaveClass(/\bfocal-x-0\b/);
      expect(await renderedRatio(page, '[data-testid="product-card"] img')).toBeCloseTo(1, 1);
      await shot(page, 'photos-whole-card');

      // The home page picture, chosen from the shop's photos.
      await page.goto(`${shop.origin}/admin/settings/site`);
      const panel = page.getByRole('region', { name: 'Photos on the shop' });
      await expect(panel.getByTestId('card-preview').first()).toBeVisible();
      await panel.getByRole('button', { name: 'Choose the home page picture' }).click();
      const picker = page.getByRole('dialog', { name: 'Home page picture' });
      await picker.getByRole('radio', { name: new RegExp(product.name) }).check();
      await checkA11y(page);
      await picker.getByRole('button', { name: 'Use this photo' }).click();
      await expect(panel.getByRole('status')).toHaveText(
        `The home page shows the photo of ${product.name} now.`,
      );
      await noSidewaysScroll(page);
      await shot(page, 'photos-whole-settings', { fullPage: true });

      // The home page shows it, alone, as the owner framed it (the tip's side).
      await page.goto(`${shop.origin}/`);
      const hero = page.locator('.catalog-hero__art img');
      await expect(hero).toHaveCount(1);
      await expect(hero).toHaveAttribute('src', photo.image);
      await expect(hero).toHaveClass(/\bfocal-x-0\b/);
      await expect(hero).toBeVisible();
      await noSidewaysScroll(page);
      await shot(page, 'photos-whole-home');
    } finally {
      // The shop's home page picture goes back to its fallback; the piece leaves the shop.
      await request.patch(`${api}/settings/photos/`, { headers, data: { hero_photo_id: null } });
      await request.patch(`${api}/products/${product.id}/`, {
        headers,
        data: { status: 'draft' },
      });
    }
  });
});
