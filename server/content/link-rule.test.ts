/**
 * The link rule of moderation: a text with two or more links, or one link with hardly any words
 * around it, waits for a moderator; ordinary prose, numbers and abbreviations do not count.
 */
import { countLinks, heldForLinks } from './link-rule.ts';

describe('the link rule', () => {
  it('counts http(s) links, www. names and bare domains with a path', () => {
    expect(countLinks('see https://a.example/x and http://b.example')).toBe(2);
    expect(countLinks('www.cheap-knives.example is the place')).toBe(1);
    expect(countLinks('cheap-knives.shop/buy now')).toBe(1);
    expect(countLinks('The blade is 3.5cm wide, e.g. a petty knife. Lovely!')).toBe(0);
  });

  it('holds two links, or one link with fewer than 40 characters of other text', () => {
    expect(heldForLinks('Great! https://a.example https://b.example')).toBe(true);
    expect(heldForLinks('Buy here: https://spam.example/x')).toBe(true);
    expect(
      heldForLinks(
        'I followed the oiling guide at https://example.com/oil and my knife has stayed rust free.',
      ),
    ).toBe(false);
    expect(heldForLinks('Sharp out of the box, and it still is after six months.')).toBe(false);
  });
});
