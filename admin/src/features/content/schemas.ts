/**
 * The content screens' forms, checked before they are sent with the same limits the API keeps
 * (openapi/admin.yaml, tag content); the server checks again and its refusals show beside the
 * fields. Each `to…Body` turns a form's values into what the API takes.
 */
import { z } from 'zod';
import { BLOG_STATUSES, SOCIAL_PLATFORMS } from './api';

/** The hosts whose maps the storefront may embed (its Content-Security-Policy's frame-src). */
export const MAP_EMBED_HOSTS = ['www.openstreetmap.org'] as const;

const text = (max: number, blank: string) =>
  z.string().trim().min(1, blank).max(max, `At most ${max} characters.`);

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

/** True when HTML shows some text or an image (an editor's empty paragraph does not). */
export function htmlHasContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  );
}

const html = (max: number, blank: string) =>
  z.string().max(max, `At most ${max} characters.`).refine(htmlHasContent, blank);

/** An https address, or '' for none when `optional`. */
function httpsUrl({ optional, hosts }: { optional: boolean; hosts?: readonly string[] }) {
  return z
    .string()
    .trim()
    .max(1000, 'At most 1000 characters.')
    .superRefine((value, ctx) => {
      if (value === '') {
        if (!optional) ctx.addIssue({ code: 'custom', message: 'Enter a link.' });
        return;
      }
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Enter an address starting with https://.' });
        return;
      }
      if (url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: 'Enter an address starting with https://.' });
      } else if (hosts && !hosts.includes(url.hostname)) {
        ctx.addIssue({
          code: 'custom',
          message: `Only maps from ${hosts.join(', ')} can be embedded (use its Share > HTML address).`,
        });
      }
    });
}

// ---- Blog posts ----

export const postSchema = z.object({
  title: text(200, 'Give the post a title.'),
  slug: z
    .string()
    .trim()
    .max(100, 'At most 100 characters.')
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Use lowercase letters, digits and hyphens only.'),
  excerpt: optionalText(500),
  content: z.string().max(200_000, 'This post is too long.'),
  status: z.enum(BLOG_STATUSES, { message: 'Choose a status.' }),
  /** `YYYY-MM-DDTHH:mm` in the member's time zone, or '' for none. */
  published_at: z
    .string()
    .refine(
      (value) => value === '' || !Number.isNaN(new Date(value).getTime()),
      'Enter a date and time.',
    ),
});
export type PostValues = z.infer<typeof postSchema>;

/** The post form's values as the API takes them (an empty slug asks the server for one). */
export function toPostBody(values: PostValues) {
  return {
    title: values.title,
    slug: values.slug === '' ? null : values.slug,
    excerpt: values.excerpt,
    content: values.content,
    status: values.status,
    published_at: values.published_at === '' ? null : new Date(values.published_at).toISOString(),
  };
}

// ---- FAQ, policies, company page ----

export const faqSchema = z.object({
  question: text(500, 'Write the question.'),
  answer: html(20_000, 'Write the answer.'),
});
export type FaqValues = z.infer<typeof faqSchema>;

export const policySchema = z.object({
  title: text(200, 'Give the policy a title.'),
  content: html(200_000, 'Write the policy.'),
});
export type PolicyValues = z.infer<typeof policySchema>;

export const companySchema = z.object({
  tagline: text(300, 'Write a tagline.'),
  history_summary: text(10_000, 'Write the history.'),
  mission_statement: text(5000, 'Write the mission.'),
  vision_statement: text(5000, 'Write the vision.'),
});
export type CompanyValues = z.infer<typeof companySchema>;

export const coreValueSchema = z.object({
  name: text(200, 'Name the value.'),
  description: text(2000, 'Describe the value.'),
});
export type CoreValueValues = z.infer<typeof coreValueSchema>;

// ---- Contact information ----

export const locationSchema = z.object({
  name: text(200, 'Name the place.'),
  is_hq: z.boolean(),
  address: text(500, 'Enter the address.'),
  phone_number: optionalText(40),
  map_location_url: httpsUrl({ optional: true }),
  map_embed_link: httpsUrl({ optional: true, hosts: MAP_EMBED_HOSTS }),
});
export type LocationValues = z.infer<typeof locationSchema>;

/** The location form's values as the API takes them (blank optional fields are null). */
export function toLocationBody(values: LocationValues) {
  return {
    name: values.name,
    is_hq: values.is_hq,
    address: values.address,
    phone_number: values.phone_number || null,
    map_location_url: values.map_location_url || null,
    map_embed_link: values.map_embed_link || null,
  };
}

export const emailSchema = z.object({
  purpose: text(200, 'Say what to write about.'),
  email_address: z
    .string()
    .trim()
    .min(1, 'Enter the e-mail address.')
    .max(254, 'That e-mail address is too long.')
    .email('Enter a valid e-mail address.'),
});
export type EmailValues = z.infer<typeof emailSchema>;

export const socialSchema = z.object({
  platform: z.enum(SOCIAL_PLATFORMS, { message: 'Choose a platform.' }),
  link: httpsUrl({ optional: false }),
});
export type SocialValues = z.infer<typeof socialSchema>;
