/**
 * How a post's slug is made from its title when the member leaves it empty, and which links
 * the contact page's fields take.
 */
import { slugFromTitle } from './blog-post-input.ts';
import { checkHttpsUrl, checkHtml } from './content-input.ts';
import type { FieldErrors } from '../platform/domain-error.ts';

describe('a slug made from a title', () => {
  it.each([
    ['Oiling a Board in Winter', 'oiling-a-board-in-winter'],
    ['Crème brûlée & the knife', 'creme-brulee-the-knife'],
    ['  --Hello--  ', 'hello'],
    ['日本の包丁', 'post'],
    ['!!!', 'post'],
  ])('%j gives %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('stays short enough for a number to follow it', () => {
    const slug = slugFromTitle('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(96);
    expect(slug).not.toMatch(/-$/);
  });
});

describe('links and HTML a member types', () => {
  const check = (value: string, hosts?: readonly string[]) => {
    const errors: FieldErrors = {};
    const url = checkHttpsUrl(errors, 'link', value, { max: 1000, optional: true, hosts });
    return { url, error: errors.link?.[0] ?? null };
  };

  it('takes https only, without a user name, and an embed only from the allowed host', () => {
    expect(check('https://x.com/shop').url).toBe('https://x.com/shop');
    expect(check('').url).toBeNull();
    for (const bad of ['http://x.com', 'javascript:alert(1)', 'https://user:pw@x.com', '//x.com']) {
      expect(check(bad).error, bad).toBe('Enter an address starting with https://.');
    }
    expect(check('https://maps.example.com/e', ['www.openstreetmap.org']).error).toMatch(
      /www\.openstreetmap\.org only/,
    );
  });

  it('stores HTML as the storefront shows it, and refuses HTML that shows nothing', () => {
    const errors: FieldErrors = {};
    expect(
      checkHtml(errors, 'answer', '<p onclick="x()">Hi<script>x()</script></p>', { max: 100 }),
    ).toBe('<p>Hi</p>');
    expect(checkHtml(errors, 'answer', '<p><br></p>', { max: 100, required: true })).toBe('');
    expect(errors.answer).toEqual(['Write something here: nothing would be shown.']);
  });
});
