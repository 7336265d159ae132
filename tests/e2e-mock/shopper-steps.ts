import type { Page } from '@playwright/test';

/**
 * What a shopper does on the storefront's pages, as the mock's specs and the error catalogue's
 * cases (error-catalog.ts) need it: each function takes the page and clicks or types as a
 * shopper would, by the labels the page shows (spec sections 2 and 5).
 */

/** A step: what the shopper does on an open page. */
export type Step = (page: Page) => Promise<void>;

/** Presses the first button named exactly `name`. */
export const press =
  (name: string): Step =>
  (page) =>
    page.getByRole('button', { name, exact: true }).first().click();

export const addToCart = press('Add to Cart');
export const proceedToCheckout = press('Proceed to Checkout');
export const openShopMenu = press('SHOP');

/** Clear Cart, then Clear Cart again in the confirmation dialog. */
export async function clearCart(page: Page): Promise<void> {
  await press('Clear Cart')(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Cart' }).click();
}

/** The product page's review form: a comment, then Submit Review. */
export async function review(page: Page): Promise<void> {
  await page.getByLabel('Your review').fill('Sharp out of the box.');
  await press('Submit Review')(page);
}

/** A post's comment form: a comment, then Post Comment. */
export async function comment(page: Page): Promise<void> {
  await page.getByLabel('Leave a comment').fill('Thank you for the tip.');
  await press('Post Comment')(page);
}

/** The contact page's form, filled in and sent. */
export async function sendContactMessage(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Subject').fill('Custom engraving');
  await form.getByLabel('Message').fill('Could you engrave initials on the gyuto?');
  await form.getByRole('button', { name: 'Send Message' }).click();
}

/** The login form with any e-mail and password (the mock takes any). */
export async function logInWithForm(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email or username').fill('customer@emberandoak.example');
  await form.getByLabel('Password').fill('forge-and-anvil-2026');
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The register form, filled in as a new customer would. */
export async function register(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email').fill('new.customer@example.com');
  await form.getByLabel('Password', { exact: true }).fill('forge-and-anvil-2026');
  await form.getByLabel('Confirm password').fill('forge-and-anvil-2026');
  await form.getByRole('button', { name: 'Register' }).click();
}

/**
 * On the open checkout: waits for the quote of the saved address the checkout fills in (the
 * button then shows the total), answers the age check of the example cart's knife as an
 * adult, chooses `method` (a payment method's radio, by its label) or keeps the default
 * (card), and presses the order button.
 */
export async function checkOut(page: Page, method?: string | RegExp): Promise<void> {
  const place = page.getByRole('button', { name: /^Place order and pay · / });
  await place.waitFor();
  await page.getByLabel('Date of birth').fill('1980-04-02');
  await page.getByRole('checkbox', { name: /^I am 18 or over/ }).check();
  if (method) await page.getByRole('radio', { name: method }).check();
  await place.click();
}

/** From /cart to a placed order: Proceed to Checkout, then {@link checkOut}. */
export async function placeOrder(page: Page, method?: string | RegExp): Promise<void> {
  await proceedToCheckout(page);
  await checkOut(page, method);
}
