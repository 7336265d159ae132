/**
 * The five kinds of ordered content the back office edits (./ordered-content.ts): the FAQ's
 * questions, the company page's core values, and the contact page's locations, e-mail
 * addresses and social profiles. Each says how a body becomes columns (the rules below) and how
 * a row is answered (the contract's Admin* shapes, openapi/admin.yaml, tag content).
 *
 * - A question is plain text; its answer staff HTML, sanitized on save as the storefront
 *   renders it.
 * - A location's map address and the map page it embeds are https only, and the embed only from
 *   a host the storefront's Content-Security-Policy lets it frame ({@link MAP_EMBED_HOSTS}); a
 *   shop has one headquarters: marking one unmarks the others.
 * - A social profile's platform is one of {@link SOCIAL_PLATFORMS} (the storefront draws an
 *   icon for each) and its link https.
 */
import type { Schemas } from '../../common/admin-contract.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { toBool } from '../platform/db/mapping.ts';
import {
  checkBoolean,
  checkChoice,
  checkEmail,
  checkHtml,
  checkHttpsUrl,
  checkText,
} from './content-input.ts';
import type { ContentKind, OrderedRow } from './ordered-content.ts';

/**
 * The hosts whose pages the storefront may frame: `frame-src` of its Content-Security-Policy
 * (server/platform/render/index-html.ts) and the contact page's `MAP_EMBED_HOSTS`
 * (src/features/content/map-embed.ts). Keep the three lists equal.
 */
export const MAP_EMBED_HOSTS: readonly string[] = ['www.openstreetmap.org'];

/** The social platforms a shop may list, with the name the storefront shows for each. */
export const SOCIAL_PLATFORMS = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter (X)',
  youtube: 'YouTube',
} as const;

export type SocialPlatform = keyof typeof SOCIAL_PLATFORMS;

/** The longest value of each field (the contract's maxLength). */
export const CONTENT_LIMITS = {
  question: 500,
  answer: 20_000,
  valueName: 200,
  valueDescription: 2000,
  locationName: 200,
  address: 500,
  phone: 40,
  link: 1000,
  purpose: 200,
} as const;

/** Reads `field` from the body when it is present, or always when `partial` is false. */
function given(body: Record<string, unknown>, field: string, partial: boolean): boolean {
  return !partial || Object.hasOwn(body, field);
}

/** A question of the FAQ: `question` (plain text) and `answer` (HTML). */
export const faqKind: ContentKind<Schemas['AdminFaq']> = {
  table: 'faqs',
  objectType: 'faq',
  check(body, errors, partial) {
    const values: Record<string, unknown> = {};
    if (given(body, 'question', partial)) {
      values.question = checkText(errors, 'question', body.question, {
        max: CONTENT_LIMITS.question,
      });
    }
    if (given(body, 'answer', partial)) {
      values.answer = checkHtml(errors, 'answer', body.answer, {
        max: CONTENT_LIMITS.answer,
        required: true,
      });
    }
    return values;
  },
  toOut: (row) => ({
    id: row.id,
    question: String(row.question),
    answer: String(row.answer),
    position: row.position,
  }),
};

/** A core value of the company page: `name` and `description` (plain text with lines). */
export const coreValueKind: ContentKind<Schemas['AdminCoreValue']> = {
  table: 'core_values',
  objectType: 'core_value',
  check(body, errors, partial) {
    const values: Record<string, unknown> = {};
    if (given(body, 'name', partial)) {
      values.name = checkText(errors, 'name', body.name, { max: CONTENT_LIMITS.valueName });
    }
    if (given(body, 'description', partial)) {
      values.description = checkText(errors, 'description', body.description, {
        max: CONTENT_LIMITS.valueDescription,
        lines: true,
      });
    }
    return values;
  },
  toOut: (row) => ({
    id: row.id,
    name: String(row.name),
    description: String(row.description),
    position: row.position,
  }),
};

/** An optional text: null when blank. */
function optionalText(
  errors: FieldErrors,
  field: string,
  value: unknown,
  max: number,
): string | null {
  return checkText(errors, field, value, { max, optional: true }) || null;
}

/** A place of the shop on the contact page. */
export const locationKind: ContentKind<Schemas['AdminContactLocation']> = {
  table: 'contact_locations',
  objectType: 'contact_location',
  check(body, errors, partial) {
    const values: Record<string, unknown> = {};
    if (given(body, 'name', partial)) {
      values.name = checkText(errors, 'name', body.name, { max: CONTENT_LIMITS.locationName });
    }
    if (given(body, 'address', partial)) {
      values.address = checkText(errors, 'address', body.address, {
        max: CONTENT_LIMITS.address,
        lines: true,
      });
    }
    if (Object.hasOwn(body, 'is_hq')) {
      values.is_hq = checkBoolean(errors, 'is_hq', body.is_hq) ? 1 : 0;
    } else if (!partial) values.is_hq = 0;
    if (given(body, 'phone_number', partial)) {
      values.phone_number = optionalText(
        errors,
        'phone_number',
        body.phone_number,
        CONTENT_LIMITS.phone,
      );
    }
    if (given(body, 'map_embed_link', partial)) {
      values.map_embed_link = checkHttpsUrl(errors, 'map_embed_link', body.map_embed_link, {
        max: CONTENT_LIMITS.link,
        optional: true,
        hosts: MAP_EMBED_HOSTS,
      });
    }
    if (given(body, 'map_location_url', partial)) {
      values.map_location_url = checkHttpsUrl(errors, 'map_location_url', body.map_location_url, {
        max: CONTENT_LIMITS.link,
        optional: true,
      });
    }
    return values;
  },
  toOut: (row) => ({
    id: row.id,
    name: String(row.name),
    is_hq: toBool(row.is_hq as number | boolean),
    address: String(row.address),
    phone_number: (row.phone_number as string | null) ?? null,
    map_embed_link: (row.map_embed_link as string | null) ?? null,
    map_location_url: (row.map_location_url as string | null) ?? null,
    image: (row.image_path as string | null) ?? null,
    position: row.position,
  }),
  async afterSave(trx, row: OrderedRow) {
    if (!toBool(row.is_hq as number | boolean)) return;
    await trx
      .updateTable('contact_locations')
      .set({ is_hq: 0 })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '!=', row.id)
      .execute();
  },
};

/** An e-mail address of the shop with what to write to it about. */
export const emailKind: ContentKind<Schemas['AdminContactEmail']> = {
  table: 'contact_emails',
  objectType: 'contact_email',
  check(body, errors, partial) {
    const values: Record<string, unknown> = {};
    if (given(body, 'purpose', partial)) {
      values.purpose = checkText(errors, 'purpose', body.purpose, { max: CONTENT_LIMITS.purpose });
    }
    if (given(body, 'email_address', partial)) {
      values.email_address = checkEmail(errors, 'email_address', body.email_address);
    }
    return values;
  },
  toOut: (row) => ({
    id: row.id,
    purpose: String(row.purpose),
    email_address: String(row.email_address),
    position: row.position,
  }),
};

/** A social profile of the shop: a platform of {@link SOCIAL_PLATFORMS} and an https link. */
export const socialProfileKind: ContentKind<Schemas['AdminSocialProfile']> = {
  table: 'social_profiles',
  objectType: 'social_profile',
  check(body, errors, partial) {
    const values: Record<string, unknown> = {};
    if (given(body, 'platform', partial)) {
      const platform = checkChoice(
        errors,
        'platform',
        body.platform,
        Object.keys(SOCIAL_PLATFORMS) as SocialPlatform[],
      );
      if (platform) {
        values.platform = platform;
        values.platform_display = SOCIAL_PLATFORMS[platform];
      }
    }
    if (given(body, 'link', partial)) {
      values.link = checkHttpsUrl(errors, 'link', body.link, { max: CONTENT_LIMITS.link }) ?? '';
    }
    return values;
  },
  toOut: (row) => ({
    id: row.id,
    platform: String(row.platform),
    platform_display: String(row.platform_display),
    link: String(row.link),
    position: row.position,
  }),
};
