/**
 * Table types of a tenant (one shop) and its site-wide facts: the site settings every page
 * reads, the company information and the core values of the about page.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

export interface TenantsTable {
  id: Generated<number>;
  token: string;
  name: string;
  /** Folder under the media dir holding this tenant's files (e.g. "demo"). */
  media_slug: string;
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
