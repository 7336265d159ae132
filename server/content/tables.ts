/**
 * The content tables: the site settings every page reads, the company information and core values,
 * blog posts and comments, FAQs, legal documents, the contact page's locations, addresses and
 * social profiles, contact messages, and the reviews shoppers write (with the moderation status
 * reviews and comments share).
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/tables/column-types.ts';

/** Where a review or a comment stands in moderation. */
export type ModerationStatus = 'pending' | 'approved' | 'rejected' | 'hidden';

export interface ReviewsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  /** Author name at the time of the review; null shows as 'Anonymous User'. */
  username: string | null;
  /** The customer who wrote it (one review per customer per product); null for seeded
   * reviews without an account and after the account is deleted. */
  user_id: number | null;
  rating: number;
  comment: string;
  is_verified_purchase: Bool;
  /**
   * The reviewer received something in return (a free piece, a discount, a payment): declared on
   * the form or set by the shop in moderation; the storefront labels it (migration 2026_035).
   */
  incentivised: ColumnType<boolean | number, number | undefined, number>;
  created_at: Timestamp;
  /** Moderation (server/content/moderation.ts): only `approved` reviews are shown and counted. */
  status: ColumnType<ModerationStatus, ModerationStatus | undefined, ModerationStatus>;
  /** The shop's public answer (plain text), or null. */
  shop_reply: ColumnType<string | null, string | null | undefined, string | null>;
  shop_reply_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The member who wrote the reply last. */
  shop_reply_staff_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Contract BlogPost.status; only `published` posts (published_at not in the future) are served. */
export type BlogPostStatus = 'draft' | 'published' | 'archived';

/** A blog post. */
export interface BlogPostsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Unique within the tenant. */
  slug: string;
  title: string;
  /** A user of the same tenant; null shows as 'Admin'. */
  author_id: number | null;
  /** Root-relative URL path of the featured image, or null. */
  featured_image_path: string | null;
  /** HTML, sanitized by the SPA before display. */
  content: string;
  /** Plain text for the post cards. */
  excerpt: string;
  status: BlogPostStatus;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A comment on a blog post, or a reply to one. */
export interface BlogCommentsTable {
  id: Generated<number>;
  tenant_id: number;
  post_id: number;
  /** A comment of the same post; null for a top-level comment. */
  parent_id: number | null;
  /** The customer who wrote it; null shows as 'Anonymous'. */
  user_id: number | null;
  /** Plain text, stored trimmed; rendered as text, never as HTML. */
  content: string;
  /** Moderation (server/content/moderation.ts): only `approved` comments are shown. */
  status: ColumnType<ModerationStatus, ModerationStatus | undefined, ModerationStatus>;
  /** A reply written by the shop from the back office (shown under the shop's name). */
  is_shop_reply: ColumnType<boolean | number, number | undefined, number>;
  /** The member who wrote a shop reply; null otherwise. */
  staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a shop reply was last edited; null otherwise. */
  updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** 0 for a top-level comment, the parent's depth + 1 for a reply. */
  depth: number;
  created_at: Timestamp;
}

/** A frequently asked question. */
export interface FaqsTable {
  id: Generated<number>;
  tenant_id: number;
  question: string;
  /** HTML, sanitized by the SPA before display. */
  answer: string;
  /** Display order (contract: Faq.order). */
  position: number;
}

/** Contract DocumentType. */
export type DocumentType =
  'refund_policy' | 'privacy_policy' | 'review_policy' | 'accessibility_statement';

/** A legal document; one of each type per tenant. */
export interface LegalDocumentsTable {
  id: Generated<number>;
  tenant_id: number;
  document_type: DocumentType;
  title: string;
  /** HTML, sanitized by the SPA before display. */
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A shop location on the contact page (contract: BranchLocation). */
export interface ContactLocationsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  is_hq: Bool;
  address: string;
  phone_number: string | null;
  /** An embeddable map page (the storefront's CSP allows only its map host in frames). */
  map_embed_link: string | null;
  /** A link to the location on a map site. */
  map_location_url: string | null;
  /** Root-relative URL path of a picture of the place, or null. */
  image_path: string | null;
  position: number;
}

/** An e-mail address of the shop with what to use it for (contract: ContactEmail). */
export interface ContactEmailsTable {
  id: Generated<number>;
  tenant_id: number;
  purpose: string;
  email_address: string;
  position: number;
}

/** A social profile of the shop (contract: SocialMediaProfile). */
export interface SocialProfilesTable {
  id: Generated<number>;
  tenant_id: number;
  /** Lowercase code: facebook, instagram, linkedin, twitter, youtube, ... */
  platform: string;
  /** The platform's name as shown, e.g. "Twitter (X)". */
  platform_display: string;
  link: string;
  position: number;
}

/** A message sent through the contact form, stored trimmed. */
export interface ContactMessagesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  email: string;
  phone_number: string | null;
  subject: string;
  message: string;
  /** The client address it came from (the throttle's key). */
  client_address: string;
  /**
   * The shopper's account that was signed in when it was sent (2026-021); null for a visitor's.
   * Such a message is the account's, whatever address it gives.
   */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  /** When a member first opened it (null: unread). */
  read_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When it was archived (null: in the inbox). */
  archived_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A reply to a contact message, e-mailed to its sender from the back office. */
export interface ContactMessageRepliesTable {
  id: Generated<number>;
  tenant_id: number;
  message_id: number;
  /** The member who sent it (null once removed); their name as it was is kept. */
  staff_id: number | null;
  staff_name: string;
  /** Plain text, as e-mailed. */
  body: string;
  created_at: Timestamp;
}

export interface SiteSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  site_title: string;
  site_description: string;
  /** Path relative to the API base, e.g. "/media/demo/favicon.svg". */
  favicon: string | null;
  theme_name: string;
  /** Root-relative URL path, e.g. "/api/media/demo/logo.png". */
  logo: string | null;
  google_analytics_id: string | null;
  contact_email: string;
  /** JSON object text of platform -> URL, or null. */
  social_media_links: string | null;
  /**
   * New blog comments are approved at once (true) or wait for moderation; the column
   * defaults to false.
   */
  comments_auto_approve: ColumnType<boolean | number, number | undefined, number>;
  /** New reviews are shown at once (true, the default) or wait for moderation. */
  reviews_auto_approve: ColumnType<boolean | number, number | undefined, number>;
  /** The seller's registered or trading name (E-Commerce Regulations 2002 reg. 6). */
  legal_name: ColumnType<string, string | undefined, string>;
  /** The seller's geographic address, lines joined by "\n"; '' until the owner sets it. */
  legal_address: ColumnType<string, string | undefined, string>;
  /** The e-mail address the seller is reached at; the contact e-mail until set. */
  legal_email: ColumnType<string, string | undefined, string>;
  company_number: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  vat_registered: ColumnType<boolean | number, number | undefined, number>;
  /** The VAT rate prices include, in basis points (2000 = 20 %); null when not registered. */
  vat_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
  /** The country the shop is established in, whose VAT its prices include (2026-036). */
  vat_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** One rate for every order, or the destination's (common/destination-vat.ts, 2026-036). */
  vat_mode: ColumnType<'single' | 'destination', 'single' | 'destination' | undefined>;
  /** At another rate: the same gross price, or the same net (common/destination-vat.ts). */
  vat_prices: ColumnType<
    'same_gross' | 'recompute_net',
    'same_gross' | 'recompute_net' | undefined
  >;
  /** The One-Stop Shop identification number (art. 369d); null: none given. */
  oss_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address packing slips print (2026-030): the legal one (default) or the workshop's. */
  slip_address: ColumnType<
    'legal' | 'workshop',
    'legal' | 'workshop' | undefined,
    'legal' | 'workshop'
  >;
  /** The one aspect of the storefront's product cards: square, portrait (4:5), landscape (3:2). */
  card_aspect: ColumnType<string, string | undefined, string>;
  /** The photo (`product_images.id`) the owner chose for the home page's hero; null for none. */
  hero_photo_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CompanyInfoTable {
  id: Generated<number>;
  tenant_id: number;
  tagline: string;
  history_summary: string;
  mission_statement: string;
  vision_statement: string;
}

export interface CoreValuesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  position: number;
}

declare module '../platform/db/database.ts' {
  interface Database {
    site_settings: SiteSettingsTable;
    company_info: CompanyInfoTable;
    core_values: CoreValuesTable;
    reviews: ReviewsTable;
    blog_posts: BlogPostsTable;
    blog_comments: BlogCommentsTable;
    faqs: FaqsTable;
    legal_documents: LegalDocumentsTable;
    contact_locations: ContactLocationsTable;
    contact_emails: ContactEmailsTable;
    social_profiles: SocialProfilesTable;
    contact_messages: ContactMessagesTable;
    contact_message_replies: ContactMessageRepliesTable;
  }
}
