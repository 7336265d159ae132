import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '../../common/storefront-api';
import { checkA11y, expect, shot, test, waitForHydration } from './fixtures';
import { isMobile, TENANT } from './shop-data';

/**
 * In real Chromium against `npm start` and the seeded demo
 * shop, at 1280 and 375 px: the product list's sort and filters (by URL and by the controls;
 * reload and a shared link in a fresh context show the same view; without JavaScript the
 * server renders the view and the plain GET form works), and the header's search suggestions
 * used with the keyboard only (ARIA combobox). Expected orders come from the reference API.
 */

type Page12 = components['schemas']['PaginatedProductList'];
type Suggestion = components['schemas']['ProductSuggestion'];

const cards = (page: Page) => page.getByTestId('product-card');

/** The names of the first page the API answers for `query` (the list's own order). */
async function expectedNames(request: APIRequestContext, query: string): Promise<string[]> {
  const response = await request.get(`/api/products/products/?is_active=true&${query}`, {
    headers: TENANT,
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Page12).results.map((p) => p.name);
}

/** True when the URL's query holds exactly `params` (a plain form sends them in form order). */
function sameParams(url: URL, params: Record<string, string>): boolean {
  const actual = [...url.searchParams].sort();
  const wanted = Object.entries(params).sort();
  return JSON.stringify(actual) === JSON.stringify(wanted);
}

/** The product names the grid shows, in order. */
async function shownNames(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading').allInnerTexts();
}

test.describe('product list sort and filters', () => {
  test('by URL: sorted and filtered on load, after reload and in a fresh context', async ({
    page,
    request,
    browser,
  }) => {
    const query = 'ordering=price&min_price=50&max_price=400&in_stock=true';
    const expected = await expectedNames(request, query);
    expect(expected.length).toBeGreaterThan(1);

    await page.goto(`/products?${query}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(expected);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
    await expect(page.getByText('Filters (2)')).toBeVisible();
    await expect(page.getByLabel('Min price ($)')).toHaveValue('50');
    await expect(page.getByLabel('Max price ($)')).toHaveValue('400');
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await shot(page, 'discovery-filtered');

    await page.reload();
    await expect.poll(() => shownNames(page)).toEqual(expected);

    // Shared: the same address in a new browser context (no cache, no history) shows the same.
    const context = await browser.newContext({ viewport: page.viewportSize() });
    try {
      const shared = await context.newPage();
      await shared.goto(page.url());
      await waitForHydration(shared);
      await expect.poll(() => shownNames(shared)).toEqual(expected);
      await expect(shared.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
    } finally {
      await context.close();
    }
  });

  test(
    'by the controls: sort at once, filters on Apply, page back to 1',
    { tag: '@layout' },
    async ({ page, request }) => {
      await page.goto('/products?page=2');
      await page
        .getByRole('combobox', { name: 'Sort by' })
        .selectOption({ label: 'Price: high to low' });
      await expect(page).toHaveURL(/\/products\?ordering=-price$/);
      await expect
        .poll(() => shownNames(page))
        .toEqual(await expectedNames(request, 'ordering=-price'));

      await page.getByText('Filters', { exact: true }).click();
      await page.getByLabel('Min price ($)').fill('100');
      await page.getByLabel('Max price ($)').fill('300');
      // The panel must fit the screen, never pushing the page sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'discovery-filter-panel');
      await checkA11y(page);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/\/products\?ordering=-price&min_price=100&max_price=300$/);
      await expect
        .poll(() => shownNames(page))
        .toEqual(await expectedNames(request, 'ordering=-price&min_price=100&max_price=300'));

      await page.getByRole('checkbox', { name: 'In stock only' }).check();
      await expect(page).toHaveURL(/min_price=100&max_price=300&in_stock=true$/);
      const expected = await expectedNames(
        request,
        'ordering=-price&min_price=100&max_price=300&in_stock=true',
      );
      await expect.poll(() => shownNames(page)).toEqual(expected);

      // Back returns to the previous view, with its controls.
      await page.goBack();
      await expect(page.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();

      await page.getByRole('link', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/products\?ordering=-price$/);
    },
  );

  test('an impossible filter shows the spec’s empty message, with the controls to undo it', async ({
    page,
  }) => {
    await page.goto('/products?search=damascus&min_price=999999');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Search Results for "damascus"' }),
    ).toBeVisible();
    await expect(page.getByText('No products found matching "damascus".')).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/products\?search=damascus$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    // axe needs scripts in the page; the same views are scanned by the tests above.
    test.use({ javaScriptEnabled: false, a11y: false });

    test('the server renders the view of the URL and the form is a plain GET', async ({
      page,
      request,
    }) => {
      await page.goto('/products?ordering=-price&in_stock=true');
      await expect
        .poll(() => shownNames(page))
        .toEqual(await expectedNames(request, 'ordering=-price&in_stock=true'));

      // An active filter opens the panel in the server's HTML (a <details>, no script needed).
      await expect(page.getByLabel('Min price ($)')).toBeVisible();
      await page.getByLabel('Min price ($)').fill('200');
      await page.getByRole('button', { name: 'Apply' }).click();
      // The form sends the blank max_price too; the server redirects to the clean address.
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/products' &&
          sameParams(url, { ordering: '-price', min_price: '200', in_stock: 'true' }),
      );
      await expect
        .poll(() => shownNames(page))
        .toEqual(await expectedNames(request, 'ordering=-price&min_price=200&in_stock=true'));

      // The sort has its own button when scripts cannot apply it on change.
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
      await page.getByRole('button', { name: 'Sort' }).click();
      await expect(page).toHaveURL((url) =>
        sameParams(url, { ordering: 'name', min_price: '200', in_stock: 'true' }),
      );
      await expect
        .poll(() => shownNames(page))
        .toEqual(await expectedNames(request, 'ordering=name&min_price=200&in_stock=true'));
    });
  });
});

test.describe('header search suggestions', () => {
  test(
    'keyboard only: type, ArrowDown, Enter opens the product; Escape closes; count announced',
    { tag: '@layout' },
    async ({ page, request }) => {
      const answer = await request.get('/api/products/suggestions/?q=damascus', {
        headers: TENANT,
      });
      const expected = (await answer.json()) as Suggestion[];
      expect(expected.length).toBeGreaterThan(1);

      await page.goto('/');
      const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
      await box.focus();
      await page.keyboard.type('damascus');
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expect(list.getByRole('option')).toHaveText(
        expected.map((s) => new RegExp(s.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
      );
      await expect(page.getByRole('banner').getByRole('status')).toHaveText(
        `${expected.length} suggestions`,
      );

      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      const second = list.getByRole('option').nth(1);
      await expect(second).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute(
        'aria-activedescendant',
        (await second.getAttribute('id'))!,
      );
      await expect(box).toBeFocused();
      await shot(page, 'discovery-suggestions');
      await checkA11y(page);

      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/products/${expected[1]!.slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: expected[1]!.name })).toBeVisible();

      // Escape closes the list; Enter then runs the full search, as the spec says.
      await box.focus();
      await page.keyboard.type('damascus');
      await expect(list).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).toHaveValue('damascus');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/products\?search=damascus$/);
    },
  );

  test('says when nothing matches and keeps the full search', async ({ page }) => {
    await page.goto('/products');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.focus();
    await page.keyboard.type('zzqx');
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('No suggestions');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=zzqx$/);
    await expect(page.getByText('No products found matching "zzqx".')).toBeVisible();
  });

  test('fits the phone’s search row', { tag: '@mobile' }, async ({ page }) => {
    expect(isMobile()).toBe(true);
    await page.goto('/products');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.focus();
    await page.keyboard.type('knife');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list).toBeVisible();
    const bounds = await list.boundingBox();
    expect(bounds!.x).toBeGreaterThanOrEqual(0);
    expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(375);
    await shot(page, 'discovery-suggestions-phone');
  });
});
