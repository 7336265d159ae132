import { expect, shot, test } from './fixtures';
import { OWNER, noSidewaysScroll, signedIn } from './back-office-utils';

/**
 * Product safety and recalls end to end (issue 41; EU GPSR arts 16, 19 and 35-37, decision
 * 083): a seeded knife's page shows its "Product safety" block (warnings with the sharp-edge
 * pictogram, the UK manufacturer, the EU responsible person in Ireland, the model and batch)
 * above the Add to Cart button, at 1280 and 375 px (@layout); the owner publishes a recall from
 * the knife's page in the back office and the shop's page shows its notice (at 1280 px; the
 * recall is withdrawn at the end, so a second run starts clean). The fixture scans each page with
 * axe; screenshots in tests/e2e/screenshots.
 */

const KNIFE = 'damascus-gyuto-210mm';
const RECALLED = 'honesuki-150mm';

test(
  'a knife’s page shows its safety block, with the warnings, above Add to Cart',
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto(`/products/${KNIFE}`);
    const block = page.getByRole('region', { name: 'Product safety' });
    await expect(block).toBeVisible();
    await expect(block.getByRole('img', { name: 'Warning: sharp edge' })).toBeVisible();
    await expect(block).toContainText('Very sharp blade: cut away from your body');
    await expect(block).toContainText('Ember & Oak Workshop Ltd');
    await expect(block).toContainText('Liffey Product Compliance Ltd');
    await expect(block).toContainText('EO-DG210-26');
    const button = page.getByRole('button', { name: /add to cart/i });
    await expect(button).toBeVisible();
    const [blockBox, buttonBox] = [await block.boundingBox(), await button.boundingBox()];
    expect(blockBox!.y + blockBox!.height).toBeLessThanOrEqual(buttonBox!.y);
    await noSidewaysScroll(page);
    await block.scrollIntoViewIfNeeded();
    await shot(page, 'product-safety-block');
  },
);

test('a recall published in the back office shows on the product page', async ({ page }) => {
  test.setTimeout(60_000);
  const product = await page.request.get(`/api/products/products/${RECALLED}/`, {
    headers: { 'X-Tenant-Token': OWNER.tenant },
  });
  const { id } = (await product.json()) as { id: number };
  await signedIn(page, OWNER, `/admin/products/${id}`);
  const panel = page.getByRole('region', { name: 'Recall' });
  await panel.getByLabel('Title').fill('Honesuki 150mm: the bolster can crack');
  await panel.getByLabel('What is wrong').fill('The bolster of some knives can crack when cold.');
  await panel.getByLabel('What buyers should do').fill('Stop using the knife and write to us.');
  await panel.getByLabel(/Take the product off sale/).uncheck();
  await panel.getByRole('button', { name: 'Publish recall' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish and e-mail buyers' }).click();
  await expect(panel.getByText(/The recall is published on the product page/)).toBeVisible();
  await expect(
    panel.getByRole('heading', { name: 'Open recall: Honesuki 150mm: the bolster can crack' }),
  ).toBeVisible();

  await page.goto(`/products/${RECALLED}`);
  const notice = page.getByRole('region', {
    name: 'Safety recall: Honesuki 150mm: the bolster can crack',
  });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Stop using the knife and write to us.');
  await shot(page, 'product-recall-notice');

  // Withdrawn, so the next run (and the other specs) find the knife as seeded.
  await page.goto(`/admin/products/${id}`);
  await page.getByRole('button', { name: 'Withdraw recall' }).click();
  await expect(page.getByText(/The recall was withdrawn/)).toBeVisible();
});
