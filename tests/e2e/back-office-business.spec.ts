/**
 * Knowing the business, in Chromium against the real API at 1280 and 375 px: a shopper places
 * a bank-transfer order through the storefront's API, the owner marks it paid on its page, and
 * then Sales counts it today, the orders CSV downloaded from Sales holds it and adds up to the
 * revenue the screen shows, and Customers finds the shopper and opens them with the order and
 * what they spent. Every page passes axe (the fixtures scan each one) and nothing scrolls
 * sideways. Other specs place and refund orders meanwhile, so the screen and the file are
 * compared as they were read together (again, should an order land in between), and the
 * revenue's growth is this order's total plus what the file shows the others changed.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, shot, test } from './fixtures';
import { addToCart, newCustomer, placeOrder, stockedProducts, UK_ADDRESS } from './shop-data';
import { noSidewaysScroll, OWNER, signedIn } from './back-office-utils';
import { parse } from 'csv-parse/sync';

/** "$1,234.50" -> 123450. */
const centsOfText = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/** A CSV's rows as arrays of cells, read by csv-parse (RFC 4180). */
const parseCsv = (text: string): string[][] => parse(text);

/** Downloads the orders CSV from the Sales screen; answers its rows by column name. */
async function downloadOrdersCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Orders (CSV)' }).click();
  const file = await downloading;
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF'), 'a byte order mark, so Excel reads UTF-8').toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  await expect(page.getByText(`Downloaded ${file.suggestedFilename()}.`)).toBeVisible();
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}

/** The sum of a CSV's amounts, in cents. */
const amountOf = (rows: Record<string, string>[]) =>
  rows.reduce((sum, row) => sum + centsOfText(row.amount!), 0);

/**
 * Sales' revenue on screen and the orders CSV, read together until they agree (another spec's
 * order may land between the two reads): answers the revenue in cents and the CSV's rows.
 */
async function readTogether(page: Page, revenue: Locator) {
  let read = { shown: 0, rows: [] as Record<string, string>[] };
  await expect(async () => {
    await page.reload();
    await expect(revenue).toBeVisible();
    const shown = centsOfText((await revenue.textContent()) ?? '');
    const rows = await downloadOrdersCsv(page);
    expect(amountOf(rows)).toBe(shown);
    read = { shown, rows };
  }).toPass({ timeout: 20_000 });
  return read;
}

test('Sales counts an order once it is paid, its CSV adds up to the screen, and Customers opens its buyer @layout', async ({
  page,
  request,
}) => {
  const mobile = test.info().project.name === 'mobile';
  const customer = await newCustomer(request);
  const products = await stockedProducts(request);
  await addToCart(request, customer, products[mobile ? 3 : 2]!.id);
  const order = await placeOrder(request, customer, 'bank_transfer');
  const totalCents = centsOfText(order.total_price);

  // Today's revenue and orders before: what the screen shows, and the CSV it adds up to.
  await signedIn(page, OWNER, '/admin/sales?period=today');
  const revenue = page.locator('[data-figure="revenue"] .sales-card-value');
  const before = await readTogether(page, revenue);

  // The owner marks it paid on its page; the Actions panel says so where the form was.
  await page.goto(`/admin/orders/${order.order_number}`);
  const actions = page.getByRole('region', { name: 'Actions' });
  await actions.getByLabel("Payer's reference").fill(`${order.order_number} TRANSFER`);
  await actions.getByRole('button', { name: 'Mark paid' }).click();
  await expect(actions.getByRole('status')).toHaveText(/Marked paid: .+ received\./);

  // Sales, today: the rule is said on screen, each change in words.
  if (mobile) await page.goto('/admin/sales?period=today');
  else {
    await page.getByRole('link', { name: 'Sales', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Period' })
      .getByRole('link', { name: 'Today', exact: true })
      .click();
  }
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  await expect(page.getByText(/Counted: orders that are paid and not canceled/)).toBeVisible();
  await expect(revenue).toBeVisible();
  await expect(page.locator('[data-figure="revenue"] .sales-change')).toHaveText(
    /Up|Down|No change|New/,
  );
  await expect(page.getByRole('img', { name: /Revenue per day/ })).toBeVisible();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await shot(page, 'sales', { fullPage: true });

  // The orders CSV of today holds the order and adds up to the revenue on screen, which grew by
  // this order's total, plus what other specs' orders changed meanwhile (the CSV's other rows).
  await expect(async () => {
    const after = await readTogether(page, revenue);
    const ours = after.rows.filter((row) => row.order_number === order.order_number);
    expect(ours.reduce((sum, row) => sum + centsOfText(row.amount!), 0)).toBe(totalCents);
    expect(ours.every((row) => row.currency === 'USD' && row.vat !== '')).toBe(true);
    const others = (rows: Record<string, string>[]) =>
      amountOf(rows.filter((row) => row.order_number !== order.order_number));
    expect(after.shown - before.shown).toBe(totalCents + others(after.rows) - others(before.rows));
  }).toPass({ timeout: 20_000 });

  // The last 30 days: a bar per day, and the same days as a table.
  await page
    .getByRole('navigation', { name: 'Period' })
    .getByRole('link', { name: 'Last 30 days' })
    .click();
  await page.getByText('Show as a table').click();
  await expect(page.locator('.sales-table tbody tr')).toHaveCount(30);
  await expect(page.locator('.sales-chart-svg rect.bar')).toHaveCount(30);
  await shot(page, 'sales-30-days', { fullPage: true });

  // Customers: found by e-mail, opened with the order and what they spent.
  if (mobile) await page.goto('/admin/customers');
  else await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  // The search runs as the owner types: no button to press.
  await page.getByLabel('Name or e-mail').fill(customer.email);
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(page.getByText(customer.email)).toBeVisible();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await page.getByRole('link', { name: UK_ADDRESS.fullname }).click();
  await expect(page.getByRole('heading', { name: UK_ADDRESS.fullname, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: order.order_number })).toBeVisible();
  const spent = page.locator('[data-figure="spent"]');
  await expect(spent).toHaveText(/\$/);
  expect(centsOfText((await spent.textContent()) ?? '')).toBe(totalCents);
  await expect(page.getByText(/Not asked/).first()).toBeVisible();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await shot(page, 'customer', { fullPage: true });
});
