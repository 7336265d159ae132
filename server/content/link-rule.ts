/**
 * The link rule of moderation: a review or a comment "full of links" waits for a moderator even
 * where the shop publishes at once (spam is mostly links; a real shopper rarely needs more than
 * one, and never a link with hardly any words around it).
 *
 * What counts as a link: `http://` or `https://` followed by anything, `www.` followed by a
 * name, or a bare domain name (`word.tld`, the tld 2 to 24 letters) followed by `/` (so "3.5cm"
 * or "e.g." is not one, "cheap-knives.shop/buy" is). The text is held when it has
 *
 * - 2 or more links, or
 * - 1 link and fewer than 40 characters of other text (a bare link with a word or two).
 */

/** A link as the rule counts them (see the module comment). */
const LINK =
  /\bhttps?:\/\/[^\s]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)*[^\s]*|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}\/[^\s]*/gi;

/** How many links make a text held, and how little text around one link does. */
export const LINK_RULE = { maxLinks: 1, minTextAroundOneLink: 40 } as const;

/** The number of links in `text`. */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** True when `text` is held for moderation by the link rule (see the module comment). */
export function heldForLinks(text: string): boolean {
  const links = countLinks(text);
  if (links > LINK_RULE.maxLinks) return true;
  if (links === 0) return false;
  const rest = text.replace(LINK, '').replace(/\s+/g, ' ').trim();
  return rest.length < LINK_RULE.minTextAroundOneLink;
}
