import { logInWithForm, register } from './shopper-steps';
import { expect, expectImageLoaded, expectSoon, logIn, shot, test } from './mock-shop';

/**
 * Logging in and out, registering, the blog and its comments, the contact page and the FAQ
 * against the mock (spec sections 2, 4 and 8). The mock takes any login and stores nothing:
 * a comment or a message is answered with the contract's example.
 */

test('login with any e-mail and password, then logout', async ({ page }) => {
  await page.goto('/login');
  await logInWithForm(page);
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^eyJ/);

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('registration says so, then leads to the login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/register');
  await register(page);
  await expect(
    page.getByText('Registration successful! You can now log in.', { exact: true }),
  ).toBeVisible();
  // Spec section 4: to the login after 3 seconds, which the clock skips.
  await expectSoon(page, page.getByRole('heading', { level: 1, name: 'Login' }));
  await expect(page).toHaveURL(/\/login$/);
});

test('the blog: the list, a post and its comments nested three deep', async ({ page }) => {
  await page.goto('/blog');
  const posts = page.getByRole('list', { name: 'Blog posts' }).getByRole('article');
  await expect(posts).toHaveCount(6);
  const post = posts.filter({ hasText: 'Caring for a carbon-steel knife' });
  await expect(post).toContainText('By daniel on September 14, 2026 | 5 Comment(s)');
  await shot(page, 'blog');

  await post.getByRole('link', { name: 'Caring for a carbon-steel knife' }).click();
  await expect(page).toHaveURL(/\/blog\/caring-for-carbon-steel$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Caring for a carbon-steel knife' }),
  ).toBeVisible();
  const comments = page.getByRole('region', { name: 'Comments (5)' });
  await expect(comments.getByText('You must be logged in to leave a comment.')).toBeVisible();
  await expect(comments.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/login?redirect=/blog/caring-for-carbon-steel%23comments',
  );
  // ada asks, daniel answers, ada answers him: three levels.
  const thread = comments
    .getByRole('list', { name: 'Comments' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('article', { name: 'Comment by ada' }) })
    .first();
  const third = thread
    .getByRole('list', { name: 'Replies to ada' })
    .getByRole('list', { name: 'Replies to daniel' })
    .getByRole('article', { name: 'Comment by ada' });
  await expect(third).toContainText(
    'Coffee! I would never have guessed. I will try it on my old gyuto this weekend.',
  );
  await shot(page, 'blog-post', { fullPage: true });
});

test('a customer comments on a post', async ({ page }) => {
  await logIn(page.context());
  await page.goto('/blog/caring-for-carbon-steel');
  const created = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/blog/comments/'),
  );
  await page.getByLabel('Leave a comment').fill('  Camellia oil it is.  ');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  // Spec section 5: the text is trimmed.
  expect((await created).postDataJSON()).toMatchObject({ content: 'Camellia oil it is.' });
  await expect(page.getByText('Comment submitted successfully!', { exact: true })).toBeVisible();
  // The mock answers its example comment, a reply to daniel's answer.
  const comments = page.getByRole('region', { name: 'Comments (6)' });
  await expect(comments.getByRole('article', { name: 'Comment by customer' })).toContainText(
    'Thank you for the tip about camellia oil!',
  );
});

test('the contact page lists the locations, e-mails and profiles, and sends a message', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const emails = page.getByRole('region', { name: 'Email us' }).getByRole('link');
  await expect(emails).toHaveText([
    'orders@emberandoak.example',
    'visits@emberandoak.example',
    'press@emberandoak.example',
  ]);
  await expect(
    page.getByRole('region', { name: 'Follow us' }).getByRole('link', { name: /^Instagram/ }),
  ).toHaveAttribute('href', 'https://www.instagram.com/emberandoakworkshop');
  const forge = page.getByRole('article', { name: 'The Forge (workshop and office) HQ' });
  await expect(forge).toContainText('12 Forge Lane, Sheffield S1 2AB');
  await expectImageLoaded(
    forge.getByRole('img', { name: 'Photo of The Forge (workshop and office)' }),
  );

  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Subject').fill('Custom engraving');
  await form.getByLabel('Message').fill('Could you engrave initials on the gyuto?');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact/messages/'));
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Custom engraving',
    message: 'Could you engrave initials on the gyuto?',
  });
  await expect(
    page.getByText('Thank you for your message! We will get back to you soon.', { exact: true }),
  ).toBeVisible();
  await shot(page, 'contact', { fullPage: true });
});

test('the FAQ opens an answer and leads to the contact page', async ({ page }) => {
  await page.goto('/faq');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
  ).toBeVisible();
  const questions = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('button');
  await expect(questions).toHaveCount(10);
  const question = page.getByRole('button', { name: 'Can anyone buy a knife?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Can anyone buy a knife?' })).toContainText(
    'You must be 18 or over.',
  );
  await page.getByRole('main').getByRole('link', { name: 'Contact us', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
