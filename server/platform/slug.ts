/**
 * Slugs, the URL names of the shop's products, categories and blog posts: lowercase ASCII
 * letters and digits in groups joined by single hyphens (`gyuto-210-mm-walnut`). Each domain
 * keeps its own slugs unique in the shop (server/catalog/product-slugs.ts,
 * server/catalog/category-editing.ts, server/content/blog-editing.ts); this module only makes
 * and recognises them. Nothing here throws.
 */

/** A well-formed slug: lowercase ASCII letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug `text` makes: accents dropped (`"Crème brûlée"` -> `creme-brulee`), lowercase, every
 * run of other characters one hyphen, none at either end, at most `maxLength` characters;
 * `fallback` when nothing is left (a text of symbols only).
 */
export function slugify(text: string, maxLength: number, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}
