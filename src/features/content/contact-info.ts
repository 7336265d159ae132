/**
 * The contact information as the contact page shows it (spec sections 2, 3 and 8).
 *
 * `GET /contact/info/` travels through an API the storefront does not control end to end, so
 * every entry is checked before it becomes a link: addresses must be http(s) (a stored
 * `javascript:` map or profile link is dropped), e-mails must look like e-mails, maps are
 * embedded only from hosts the CSP allows. An entry that cannot be shown safely is left out
 * and the view says so (`incomplete`), which the page turns into the spec's 'Failed to load
 * essential page data. Some content may be missing.'.
 */
import { toList } from '../../api/lists';
import type { components } from '../../../common/storefront-api';
import { embeddableMapUrl, safeExternalUrl, safeImageUrl } from './map-embed';

export type ContactInfo = components['schemas']['ContactInfo'];

/** Spec section 8, the contact block and the contact load, word for word. */
export const CONTACT_MESSAGES = {
  noLocations: 'Location details currently unavailable.',
  noImage: 'Location image unavailable',
  noMap: 'Map currently unavailable.',
  unavailable: 'Contact information is currently unavailable.',
  partial: 'Failed to load essential page data. Some content may be missing.',
  loadFailed: 'Failed to load contact information.',
} as const;

/** The five platforms the spec draws icons for (section 2, /contact). */
export type SocialPlatform = 'facebook' | 'instagram' | 'linkedin' | 'twitter' | 'youtube';

export interface LocationView {
  id: number;
  name: string;
  isHq: boolean;
  address: string;
  /** The number as stored, and a `tel:` address of its digits (null without digits). */
  phone: { display: string; href: string | null } | null;
  /** An http(s) link to the location on a map site. */
  mapUrl: string | null;
  /** An https map embed on an allowed host (map-embed.ts), else null. */
  embedUrl: string | null;
  image: string | null;
}

export interface EmailView {
  id: number;
  purpose: string;
  address: string;
}

export interface SocialView {
  id: number;
  /** Which icon to draw; null for a platform without one (shown with a generic link icon). */
  platform: SocialPlatform | null;
  label: string;
  href: string;
}

export interface ContactView {
  locations: LocationView[];
  emails: EmailView[];
  socials: SocialView[];
  /** Nothing at all to show: 'Contact information is currently unavailable.' */
  empty: boolean;
  /** Something could not be shown (a missing list, an unsafe or broken entry). */
  incomplete: boolean;
}

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function idOf(value: unknown, index: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : -(index + 1);
}

// Deliberately simple: one @, no spaces, no '?' or '&' that would add mailto parameters.
const EMAIL = /^[^\s@?&]+@[^\s@?&]+\.[^\s@?&]+$/;

const PLATFORM_WORDS: readonly [SocialPlatform, RegExp][] = [
  ['facebook', /facebook|^fb$/],
  ['instagram', /instagram/],
  ['linkedin', /linked\s*in/],
  ['youtube', /you\s*tube/],
  ['twitter', /twitter|^x$|^x\s*\(/],
];

const PLATFORM_HOSTS: readonly [SocialPlatform, RegExp][] = [
  ['facebook', /(^|\.)(facebook\.com|fb\.com)$/],
  ['instagram', /(^|\.)instagram\.com$/],
  ['linkedin', /(^|\.)linkedin\.com$/],
  ['youtube', /(^|\.)(youtube\.com|youtu\.be)$/],
  ['twitter', /(^|\.)(twitter\.com|x\.com)$/],
];

const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter (X)',
  youtube: 'YouTube',
};

/**
 * The platform of a social profile, from its `platform` code, its display name or, failing
 * both, the link's host. Null when it is none of the five.
 */
export function platformOf(profile: {
  platform?: unknown;
  platform_display?: unknown;
  link?: unknown;
}): SocialPlatform | null {
  for (const hint of [
    text(profile.platform).toLowerCase(),
    text(profile.platform_display).toLowerCase(),
  ]) {
    if (!hint) continue;
    const found = PLATFORM_WORDS.find(([, pattern]) => pattern.test(hint));
    if (found) return found[0];
  }
  const href = safeExternalUrl(text(profile.link));
  if (!href) return null;
  const host = new URL(href).hostname.toLowerCase();
  return PLATFORM_HOSTS.find(([, pattern]) => pattern.test(host))?.[0] ?? null;
}

function phoneOf(value: unknown): LocationView['phone'] {
  const display = text(value);
  if (!display) return null;
  const dialable = display.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return { display, href: /\d/.test(dialable) ? `tel:${dialable}` : null };
}

/** A list section of the answer: its items, and whether it was missing or not a list. */
function section(info: Loose, key: string): { items: unknown[]; broken: boolean } {
  const value = info[key];
  if (Array.isArray(value)) return { items: value, broken: false };
  if (isRecord(value) && Array.isArray(value.results))
    return { items: toList(value as { results: unknown[] }), broken: false };
  return { items: [], broken: true };
}

/**
 * Turns the answer of `GET /contact/info/` (or anything else: an unexpected shape gives an
 * empty, incomplete view) into what the page shows. Pure; never throws.
 *
 * - locations keep a name; their phone gets a `tel:` link, the map link must be http(s), the
 *   embed must be on an allowed host (else it is simply not embedded), the image a site path
 *   or http(s) URL; a locations list sorts the HQ first;
 * - e-mails keep only well-formed addresses;
 * - social profiles keep only http(s) links.
 */
export function contactViewOf(info: unknown): ContactView {
  if (!isRecord(info)) {
    return { locations: [], emails: [], socials: [], empty: true, incomplete: info != null };
  }
  let incomplete = false;

  const locationSection = section(info, 'branch_locations');
  incomplete ||= locationSection.broken;
  const locations: LocationView[] = [];
  locationSection.items.forEach((item, index) => {
    const name = isRecord(item) ? text(item.name) : '';
    if (!isRecord(item) || !name) {
      incomplete = true;
      return;
    }
    const mapText = text(item.map_location_url);
    const mapUrl = safeExternalUrl(mapText);
    const imageText = text(item.image);
    const image = safeImageUrl(imageText);
    if ((mapText && !mapUrl) || (imageText && !image)) incomplete = true;
    locations.push({
      id: idOf(item.id, index),
      name,
      isHq: item.is_hq === true,
      address: text(item.address),
      phone: phoneOf(item.phone_number),
      mapUrl,
      embedUrl: embeddableMapUrl(text(item.map_embed_link)),
      image,
    });
  });
  // The headquarters first; otherwise the server's order.
  locations.sort((a, b) => Number(b.isHq) - Number(a.isHq));

  const emailSection = section(info, 'contact_emails');
  incomplete ||= emailSection.broken;
  const emails: EmailView[] = [];
  emailSection.items.forEach((item, index) => {
    const address = isRecord(item) ? text(item.email_address) : '';
    if (!isRecord(item) || !EMAIL.test(address)) {
      incomplete = true;
      return;
    }
    emails.push({ id: idOf(item.id, index), purpose: text(item.purpose), address });
  });

  const socialSection = section(info, 'social_media_profiles');
  incomplete ||= socialSection.broken;
  const socials: SocialView[] = [];
  socialSection.items.forEach((item, index) => {
    const href = isRecord(item) ? safeExternalUrl(text(item.link)) : null;
    if (!isRecord(item) || !href) {
      incomplete = true;
      return;
    }
    const platform = platformOf(item);
    const label =
      text(item.platform_display) ||
      (platform ? PLATFORM_NAMES[platform] : '') ||
      new URL(href).hostname.replace(/^www\./, '');
    socials.push({ id: idOf(item.id, index), platform, label, href });
  });

  const empty = locations.length === 0 && emails.length === 0 && socials.length === 0;
  return { locations, emails, socials, empty, incomplete };
}
