import type { components } from '../../../common/storefront-api';

/** The tenant's site-settings record (spec section 3), as the contract names it. */
export type SiteSettings = components['schemas']['SiteSettings'];

/** Id of the `<script type="application/json">` element the server inlines into index.html. */
export const SITE_SETTINGS_ELEMENT_ID = 'site-settings';

/**
 * Reads the site settings the server inlined into index.html at start-up (spec section 1:
 * "made available to the page at start-up"), so the first paint needs no extra round trip.
 *
 * Returns undefined when the element is absent (Vite dev server, Prism mock), empty, not JSON,
 * or not a JSON object: the caller then falls back to `GET /pages/site-settings/`. Never throws.
 */
export function readInlinedSiteSettings(doc: Document = document): SiteSettings | undefined {
  const element = doc.getElementById(SITE_SETTINGS_ELEMENT_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return undefined;
  const text = element.textContent?.trim();
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return value as SiteSettings;
  } catch {
    return undefined;
  }
}

/** The site title trimmed, or '' when the record has none. */
export function siteTitleOf(settings: Pick<SiteSettings, 'site_title'> | null | undefined): string {
  return settings?.site_title?.trim() ?? '';
}

/** A social link as the footer shows it: a readable platform label and an http(s) address. */
export interface SocialLink {
  label: string;
  href: string;
}

/**
 * The tenant's social links from `social_media_links` (a `{platform: url}` map, or null).
 * Keeps only http(s) addresses, so a stored `javascript:` value can never become a link;
 * labels are the platform keys with underscores as spaces and the first letter capitalised.
 */
export function socialLinksOf(links: unknown): SocialLink[] {
  if (typeof links !== 'object' || links === null || Array.isArray(links)) return [];
  const result: SocialLink[] = [];
  for (const [key, value] of Object.entries(links as Record<string, unknown>)) {
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) continue;
    const words = key.replace(/_/g, ' ').trim();
    if (!words) continue;
    result.push({ label: words.charAt(0).toUpperCase() + words.slice(1), href: value.trim() });
  }
  return result;
}
