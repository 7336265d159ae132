/**
 * The shop's site settings (spec section 1: title, description, favicon, logo, analytics id,
 * contact e-mail and social links), who the seller is (`seller`) and the shop's currency
 * (`tenants.currency`, issue 38), read for the site-settings operations, the account e-mails and
 * the start-up's inlined index.html.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { SiteSettingsTable } from './tables.ts';
import { parseStringMap, toBool } from '../platform/db/mapping.ts';
import { rateToPercent } from '../../common/vat.ts';
import { chargesAtDestination, type VatPolicy } from '../../common/destination-vat.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { ContentErrorCode } from './errors.ts';
import { heroImages } from '../media/photo-framing.ts';

const settingsNotFound = () =>
  new DomainError<ContentErrorCode>('site_settings_not_found', 'Not found.');

/**
 * The tenant's site-settings record in the contract's shape (with the shop's `currency`, its
 * `status` and holiday `closed_message`, its product cards' `card_aspect` and the home page's
 * `hero_images`), or null when the tenant has none. Also used at start-up to inline the record into index.html.
 */
export async function findSiteSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['SiteSettings'] | null> {
  const row = await db
    .selectFrom('site_settings')
    .innerJoin('tenants', 'tenants.id', 'site_settings.tenant_id')
    .selectAll('site_settings')
    .select(['tenants.currency', 'tenants.status', 'tenants.closed_message'])
    .where('site_settings.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    site_title: row.site_title,
    site_description: row.site_description,
    favicon: row.favicon,
    theme_name: row.theme_name,
    logo: row.logo,
    google_analytics_id: row.google_analytics_id,
    contact_email: row.contact_email,
    social_media_links: parseStringMap(row.social_media_links),
    tenant: row.tenant_id,
    seller: toSeller(row),
    currency: row.currency,
    // Whether it sells, and the owner's holiday words (issue 38, server/shops/launch.ts).
    status: row.status,
    closed_message: row.closed_message,
    // How the shop frames its photos (server/media/photo-framing.ts).
    card_aspect: cardAspect(row.card_aspect),
    hero_images: await heroImages(db, tenantId, row.hero_photo_id),
  };
}

/** The card aspects a shop may choose, the first the default. */
export const CARD_ASPECTS = ['square', 'portrait', 'landscape'] as const;
export type CardAspect = (typeof CARD_ASPECTS)[number];

/** The stored aspect as the contract names it (an unknown value reads as the default). */
export function cardAspect(stored: string): CardAspect {
  return (CARD_ASPECTS as readonly string[]).includes(stored) ? (stored as CardAspect) : 'square';
}

/**
 * Who the seller is (E-Commerce Regulations 2002 reg. 6), as the footer and the invoices show
 * it: the rate only while the shop is VAT registered (its prices then include VAT at it).
 */
export function toSeller(
  row: Pick<
    Selectable<SiteSettingsTable>,
    | 'legal_name'
    | 'legal_address'
    | 'legal_email'
    | 'company_number'
    | 'vat_number'
    | 'vat_registered'
    | 'vat_rate_bp'
    | 'vat_country'
    | 'vat_mode'
    | 'vat_prices'
  >,
): Schemas['Seller'] {
  const registered = toBool(row.vat_registered) && row.vat_rate_bp !== null;
  const policy = policyOf(row);
  return {
    legal_name: row.legal_name,
    address: row.legal_address,
    email: row.legal_email,
    company_number: row.company_number,
    vat_number: row.vat_number,
    vat_registered: registered,
    vat_rate: registered ? rateToPercent(row.vat_rate_bp!) : null,
    // Issue 41: the country whose VAT the prices include, and whether the checkout charges the
    // delivery country's instead (common/destination-vat.ts).
    vat_country: registered ? row.vat_country : null,
    vat_mode: chargesAtDestination(policy) ? 'destination' : 'single',
  };
}

/** The VAT settings of a `site_settings` row as the rules read them (common/destination-vat.ts). */
export function policyOf(
  row: Pick<
    Selectable<SiteSettingsTable>,
    'vat_registered' | 'vat_rate_bp' | 'vat_country' | 'vat_mode' | 'vat_prices'
  >,
): VatPolicy {
  return {
    rateBp: toBool(row.vat_registered) ? row.vat_rate_bp : null,
    mode: row.vat_mode === 'destination' ? 'destination' : 'single',
    prices: row.vat_prices === 'recompute_net' ? 'recompute_net' : 'same_gross',
    country: row.vat_country,
  };
}

/**
 * The tenant's VAT settings (issue 41): its rate (null when it charges no VAT), mode, price
 * rule and country, which the cart's quote and the checkout apply to the delivery country
 * (common/destination-vat.ts `taxationOf`). A shop without settings charges no VAT.
 */
export async function currentVatPolicy(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: number,
): Promise<VatPolicy> {
  const row = await db
    .selectFrom('site_settings')
    .select(['vat_registered', 'vat_rate_bp', 'vat_country', 'vat_mode', 'vat_prices'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row
    ? policyOf(row)
    : { rateBp: null, mode: 'single', prices: 'same_gross', country: null };
}

/**
 * The VAT columns of an order taxed at the shop's own rate in its own country (`single` mode;
 * demo orders, server/seed/): `vat_rate_bp` null and `vat_country` null when it charges none.
 */
export async function homeTaxation(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: number,
): Promise<{ vat_rate_bp: number | null; vat_country: string | null }> {
  const policy = await currentVatPolicy(db, tenantId);
  return policy.rateBp === null
    ? { vat_rate_bp: null, vat_country: null }
    : { vat_rate_bp: policy.rateBp, vat_country: policy.country };
}

/**
 * The tenant's SiteSettings, for the site-settings operation.
 * @throws DomainError `site_settings_not_found` ("Not found.") for a shop without them.
 */
export async function loadSiteSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['SiteSettings']> {
  const settings = await findSiteSettings(db, tenantId);
  if (!settings) throw settingsNotFound();
  return settings;
}

/**
 * The public subset of the tenant's site settings, CompanySettings `{site_title,
 * site_description, logo, contact_email}`.
 * @throws DomainError `site_settings_not_found` ("Not found.") for a shop without them.
 */
export async function loadPublicSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['CompanySettings']> {
  const row = await db
    .selectFrom('site_settings')
    .select(['site_title', 'site_description', 'logo', 'contact_email'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw settingsNotFound();
  return row;
}
