/**
 * The product editor and the products list on a phone and at a desk (issue 40), in Chromium
 * against the real API, at 375 and 1280 px (@layout), with axe on each screen (the fixtures
 * scan every page visited; the form with its chosen photos and the leave question are scanned
 * as they are). One flow a width, on its own piece:
 * - a new knife made in ONE save with three photos chosen at once (small JPEGs made with
 *   sharp), each with its suggested alt text, the third made the main one; the knife category
 *   ticks "Sold to adults only"; the web address waits behind a closed "Advanced";
 * - an unsaved price: tapping Orders asks first; "Keep editing" keeps the price typed,
 *   "Leave without saving" goes;
 * - the stock edited in place in the products list shows the new count after a reload;
 * - the knife is archived from the list's bulk bar at the end, so runs leave no active piece.
 * Screenshots go to the test's output folder.
 */
import sharp from 'sharp';
import { checkA11y, expect, test } from './fixtures';
import { noSidewaysScroll, OWNER, signedIn } from './back-office-utils';

/** A small real JPEG of one colour, 3:2, as a phone's photo would arrive (smaller). */
async function photo(name: string, colour: string) {
  const buffer = await sharp({
    create: { width: 480, height: 320, channels: 3, background: colour },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test('a knife with three photos made in one save; unsaved price asks first; stock edited from the list @layout', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const name = `Kiritsuke 240 mm ${project}-${Date.now().toString(36)}`;

  await signedIn(page, OWNER, '/admin/products/new');
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
  const advanced = page.locator('details.advanced').first();
  await expect(advanced).not.toHaveAttribute('open');
  await expect(page.getByLabel('Web address', { exact: true })).toBeHidden();

  await page.getByLabel('Name', { exact: true }).fill(name);
  const category = page.getByLabel('Category');
  await category.selectOption({ label: 'Chef Knives' });
  await expect(page.getByLabel('Sold to adults only', { exact: false })).toBeChecked();
  await page.getByLabel('Status').selectOption({ label: 'Active' });
  await page.getByLabel('Price', { exact: true }).fill('310');
  await page.getByLabel('Starting stock').fill('4');

  // Three photos at once; each uploads while the owner goes on, with a suggested alt text.
  const photos = page.getByRole('region', { name: 'Photos', exact: true });
  await photos
    .getByLabel('Add photos')
    .setInputFiles([
      await photo('blade.jpg', '#8a8f96'),
      await photo('handle.jpg', '#7a5230'),
      await photo('tip.jpg', '#c9b38a'),
    ]);
  const chosen = photos.getByRole('list', { name: 'New photos, saved with the product' });
  await expect(chosen.getByLabel('Alt text')).toHaveCount(3);
  await expect(chosen.getByLabel('Alt text').nth(1)).toHaveValue(`${name}, photo 2`);
  await chosen.getByLabel('Alt text').nth(2).fill(`${name}: the tip`);
  await chosen.getByRole('button', { name: `Make main (${name}: the tip)` }).click();
  await expect(chosen.getByRole('listitem').first()).toContainText('Main photo');
  await expect(chosen.getByLabel('Alt text').first()).toHaveValue(`${name}: the tip`);
  // The focus follows the photo moved, to its alt text.
  await expect(chosen.getByLabel('Alt text').first()).toBeFocused();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await page.screenshot({ path: testInfo.outputPath('product-editor-new.png'), fullPage: true });

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved photos' }).getByRole('img');
  await expect(saved).toHaveCount(3);
  await expect(saved.first()).toHaveAttribute('alt', `${name}: the tip`);
  await expect(saved.nth(1)).toHaveAttribute('alt', `${name}, photo 2`);
  await expect(page.getByText('Everything is saved')).toBeVisible();
  // The count and the low-stock level are in the form: no other save on the page but the
  // Variants panel's own (issue 42), which saves the sizes a piece may be sold in.
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveText([
    'Save product',
    'Save variants',
  ]);
  await page.screenshot({
    path: testInfo.outputPath('product-editor-edit.png'),
    fullPage: true,
  });

  // An unsaved price: leaving asks first.
  const price = page.getByLabel('Price', { exact: true });
  await price.fill('329.50');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(price).toHaveValue('329.50');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

  // The products list: no slugs; the stock edited in place stays after a reload. (Names are
  // matched exactly: another spec may have copied this knife meanwhile, "… (copy)".)
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  const stock = page.getByLabel(`Stock of ${name}`, { exact: true });
  await expect(stock).toHaveValue('4');
  await expect(page.getByText(name.toLowerCase().replace(/ /g, '-'))).toHaveCount(0);
  await stock.fill('7');
  await stock.press('Enter');
  await expect(page.getByText('Saved: 7 in stock.')).toBeVisible();
  await expect(page.getByLabel(`Price of ${name}`, { exact: true })).toHaveValue('310.00');
  await noSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath('product-editor-list.png'),
    fullPage: true,
  });
  await page.reload();
  await expect(page.getByLabel(`Stock of ${name}`, { exact: true })).toHaveValue('7');

  // Archived from the bulk bar: the shop keeps no active knife from this run. The result takes
  // the focus, as the bar goes with the selection.
  await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  await page
    .getByRole('form', { name: 'Change the selected products' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive', exact: true }).click();
  const archived = page.getByText('1 product archived: hidden from the shop.');
  await expect(archived).toBeVisible();
  await expect(page.locator('.bulk-result')).toBeFocused();
});
