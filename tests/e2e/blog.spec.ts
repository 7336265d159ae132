import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { components } from '../../common/storefront-api';
import { checkA11y, expect, settled, shot, test } from './fixtures';
import {
  type Customer,
  isMobile,
  logInBrowser,
  newCustomer,
  PASSWORD,
  POTTERY,
  TENANT,
} from './shop-data';

/**
 * The blog end to end (spec sections 2, 4, 5 and 8) in real Chromium against the
 * reference API and its seeded posts: the post grid, a post with its nested comments, a
 * comment then replies down to depth 2, the login round trip back to #comments, moderation in
 * the shop that moderates, the 404, and the seeded script-injection payloads rendering inert.
 * Posts and comments are read from the API, so the seed can change freely. Both projects run
 * every test (1280 and 375 px), and the fixtures scan every page with axe.
 */

type BlogPost = components['schemas']['BlogPost'];
type Comment = components['schemas']['Comment'];

async function publishedPosts(
  request: APIRequestContext,
  { origin = '', tenant = TENANT }: { origin?: string; tenant?: Record<string, string> } = {},
): Promise<BlogPost[]> {
  const response = await request.get(`${origin}/api/blog/posts/?status=published&page_size=100`, {
    headers: tenant,
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: BlogPost[] }).results;
}

async function approvedComments(request: APIRequestContext, post: BlogPost): Promise<Comment[]> {
  const response = await request.get(`/api/blog/comments/?post=${post.id}&is_approved=true`, {
    headers: TENANT,
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Comment[];
}

function depthOf(comments: Comment[]): number {
  return comments.reduce((deepest, c) => Math.max(deepest, 1 + depthOf(c.replies)), 0);
}

function countOf(comments: Comment[]): number {
  return comments.reduce((sum, c) => sum + 1 + countOf(c.replies), 0);
}

/** The seeded post with the deepest thread (the seed nests at least three deep). */
async function deepestThread(request: APIRequestContext) {
  let best: { post: BlogPost; comments: Comment[] } | null = null;
  for (const post of await publishedPosts(request)) {
    if (!post.comment_count) continue;
    const comments = await approvedComments(request, post);
    if (!best || depthOf(comments) > depthOf(best.comments)) best = { post, comments };
  }
  expect(best, 'the demo seed has posts with comments').toBeTruthy();
  return best!;
}

/** A post for a test that writes comments: each project takes its own, so threads never meet. */
async function postToComment(request: APIRequestContext): Promise<BlogPost> {
  const posts = (await publishedPosts(request)).filter((p) => !p.content.includes('__xss'));
  const post = posts[(isMobile() ? 2 : 1) % posts.length];
  expect(post).toBeTruthy();
  return post!;
}

/** The comment of the thread whose text is `text` (its own text, not a reply's). */
function commentWith(scope: Locator, text: string): Locator {
  return scope
    .getByTestId('comment')
    .filter({ has: scope.page().locator('.blog-comment__text', { hasText: text }) })
    .filter({ hasNot: scope.page().getByTestId('comment').filter({ hasText: text }) });
}

/** The main nav's BLOG link: in the header on desktop, in the slide-in menu at 375px. */
async function openBlogFromNav(page: Page) {
  if (isMobile()) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'BLOG' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'BLOG' })
      .click();
  }
}

test.describe('/blog', () => {
  test(
    'the header BLOG link opens the grid of post cards, each with its byline and Read More',
    { tag: '@layout' },
    async ({ page, request }) => {
      const posts = await publishedPosts(request);
      expect(posts.length).toBeGreaterThanOrEqual(6);
      await page.goto('/');
      await openBlogFromNav(page);
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();

      const cards = page.getByTestId('blog-card');
      await expect(cards).toHaveCount(Math.min(posts.length, 12));
      for (const [index, post] of posts.slice(0, 12).entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole('link', { name: post.title })).toHaveAttribute(
          'href',
          `/blog/${post.slug}`,
        );
        await expect(card).toContainText('Read More →');
        if (post.featured_image) {
          await expect(card.locator('img')).toHaveAttribute('src', post.featured_image);
        } else {
          await expect(card).toContainText('No image');
        }
      }
      // Each byline's count is the post's: the comment tests running beside this one may add
      // to a post between the API's answer and the page's, so both are read again until they
      // agree (a wrong count never would).
      await expect(async () => {
        const now = await publishedPosts(request);
        await page.reload();
        const bylines = await cards.allTextContents();
        for (const [index, post] of now.slice(0, 12).entries()) {
          const author = post.author?.username ?? 'Admin';
          expect(bylines[index]).toMatch(
            new RegExp(`By ${author} on .+ \\| ${post.comment_count} Comment\\(s\\)`),
          );
        }
      }).toPass({ timeout: 20_000 });

      // Every drawn featured image really loads.
      for (const image of await cards.locator('img').all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          )
          .toBe(true);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'blog');
      await shot(page, 'blog', { fullPage: true });

      // The whole card is the link: a click on its picture opens the post.
      const first = posts[0]!;
      await cards.first().click({ position: { x: 40, y: 40 } });
      await expect(page).toHaveURL(new RegExp(`/blog/${first.slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    },
  );
});

test.describe('/blog/{slug}', () => {
  test("a post shows its content, 'Comments (n)' and the thread nested three deep", async ({
    page,
    request,
  }) => {
    const { post, comments } = await deepestThread(request);
    expect(depthOf(comments)).toBeGreaterThanOrEqual(3);
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(
      new RegExp(`^${post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `),
    );
    await expect(page.getByText(`By ${post.author?.username ?? 'Admin'} on`)).toBeVisible();
    await expect(page.locator('.blog-prose h2').first()).toBeVisible();

    const section = page.getByRole('region', { name: `Comments (${countOf(comments)})` });
    await expect(section).toBeVisible();
    await expect(section.locator('[data-testid="comment"][data-depth="2"]').first()).toBeVisible();
    const first = comments[0]!;
    await expect(section.getByTestId('comment').first()).toContainText(first.content.slice(0, 30));
    await expect(section.getByText('You must be logged in to leave a comment.')).toBeVisible();
    await shot(page, 'blog-post');
    await shot(page, 'blog-post', { fullPage: true });
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'blog-post-comments');
  });

  test(
    'a comment goes to the top, then a reply and a reply to it (depth 2) go first under their parents',
    { tag: '@layout' },
    async ({ page, request }) => {
      const customer = await newCustomer(request);
      const post = await postToComment(request);
      const before = countOf(await approvedComments(request, post));
      await logInBrowser(page, customer, `/blog/${post.slug}`);
      const section = page.locator('#comments');
      await expect(section.getByRole('heading', { name: `Comments (${before})` })).toBeVisible();

      // Blank text is refused before any call.
      await section.getByRole('button', { name: 'Post Comment' }).click();
      await expect(section.getByText('Please enter your comment.')).toBeVisible();

      const stamp = `${test.info().project.name}-${Date.now()}`;
      const top = `Does this apply to stainless too? (${stamp})`;
      await section.getByLabel('Leave a comment').fill(`  ${top}  `);
      await section.getByRole('button', { name: 'Post Comment' }).click();
      await expect(section.getByText('Comment submitted successfully!')).toBeVisible();
      await expect(section.getByLabel('Leave a comment')).toHaveValue('');
      await expect(section.getByTestId('comment').first()).toContainText(top);
      await expect(
        section.getByRole('heading', { name: `Comments (${before + 1})` }),
      ).toBeVisible();

      // A reply to it: depth 1, first among its replies.
      const mine = commentWith(section, top);
      await mine.getByRole('button', { name: /^Reply to / }).click();
      const reply = `Yes, the same routine. (${stamp})`;
      await mine.getByRole('textbox').fill(reply);
      await mine.getByRole('button', { name: 'Post Reply' }).click();
      await expect(mine.getByText('Comment submitted successfully!')).toBeVisible();
      const replyItem = commentWith(section, reply);
      await expect(replyItem).toHaveAttribute('data-depth', '1');

      // A reply to the reply: depth 2.
      await replyItem.getByRole('button', { name: /^Reply to / }).click();
      const deeper = `Thanks, that settles it. (${stamp})`;
      await replyItem.getByRole('textbox').fill(deeper);
      await replyItem.getByRole('button', { name: 'Post Reply' }).click();
      const deeperItem = commentWith(section, deeper);
      await expect(deeperItem).toHaveAttribute('data-depth', '2');
      await expect(
        replyItem.locator(':scope > .blog-comment__replies > [data-testid="comment"]').first(),
      ).toContainText(deeper);
      await expect(
        section.getByRole('heading', { name: `Comments (${before + 3})` }),
      ).toBeVisible();
      await shot(page, 'blog-comment-thread');

      // The server kept all three, nested the same way.
      await page.reload();
      await expect(commentWith(page.locator('#comments'), deeper)).toHaveAttribute(
        'data-depth',
        '2',
      );
    },
  );

  test('a logged-out reader logs in from the comments prompt and comes back to #comments', async ({
    page,
    request,
  }) => {
    const customer: Customer = await newCustomer(request);
    const post = await postToComment(request);
    await page.goto(`/blog/${post.slug}`);
    const prompt = page.getByText('You must be logged in to leave a comment.');
    await expect(prompt).toBeVisible();
    await page.locator('#comments').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/blog/${post.slug}#comments`);

    await page.getByLabel('Email or username').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}#comments$`));
    const field = page.getByLabel('Leave a comment');
    await expect(field).toBeVisible();
    await expect(prompt).toBeHidden();
    // The page opened at the comments, not at the top.
    await expect(page.locator('#comments')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  test('in the shop that moderates, a new comment is announced as awaiting approval, not shown', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request, POTTERY);
    const posts = await publishedPosts(request, POTTERY);
    const post = posts[isMobile() ? 1 : 0]!;
    await logInBrowser(page, customer, `/blog/${post.slug}`);
    const section = page.locator('#comments');
    const heading = section.getByRole('heading', { name: /^Comments \(\d+\)$/ });
    const before = await heading.textContent();
    const text = `Is the studio open on bank holidays? (${Date.now()})`;
    await section.getByLabel('Leave a comment').fill(text);
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await expect(
      section.getByText('Thank you! Your comment will appear once it has been approved.'),
    ).toBeVisible();
    await expect(section.getByText(text)).toHaveCount(0);
    await expect(heading).toHaveText(before ?? '');
  });

  test("an unknown or unpublished post says 'Blog post not found or not published.'", async ({
    page,
  }) => {
    await page.goto('/blog/no-such-post-anywhere');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Blog post not found or not published.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute(
      'href',
      '/blog',
    );
    await checkA11y(page);
  });

  test('the seeded script-injection payloads stay inert in the post and its comments', async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    const target = posts.find((p) => p.content.includes('__xss'));
    expect(target, 'the demo seed plants payloads in a blog post').toBeTruthy();
    const comments = await approvedComments(request, target!);
    const planted = JSON.stringify(comments).includes('__xss');

    await page.goto(`/blog/${target!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: target!.title })).toBeVisible();
    const prose = page.locator('.blog-prose');
    await expect(prose).toBeVisible();
    // Give any planted handler (an image error, an svg load, a frame) time to fire.
    await settled(page);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
    await expect(prose.locator('iframe, script, [onerror], [onload]')).toHaveCount(0);
    if (planted) {
      // Comment text is text: the payload reads as typed, and makes no element.
      const comment = page.getByTestId('comment').filter({ hasText: 'window.__xss' }).first();
      await expect(comment).toContainText('<img src=x onerror="window.__xss=1">');
      await expect(comment.locator('.blog-comment__text img, .blog-comment__text svg')).toHaveCount(
        0,
      );
    }
  });
});
