/**
 * The site settings the storefront starts from (owner only): title, description, logo,
 * favicon, Google Analytics id and contact e-mail; and who the seller is (E-Commerce
 * Regulations 2002 reg. 6, Companies Act 2006 trading disclosures): its legal name, geographic
 * address, e-mail, company and VAT numbers, whether it is VAT registered and the rate its prices
 * include (common/vat.ts; each order keeps the rate in force when placed). A new logo or favicon is
 * an upload the back office made first (server/media/uploads.ts), claimed in the same transaction
 * as the change. The storefront's pages, their Content-Security-Policy and the site-settings answer
 * follow within a second in every process (the caller's `changed`, server/http/pages.ts).
 *
 * How the shop charges VAT across borders (issue 41, decision 087; common/destination-vat.ts):
 * its country (`vat_country`), one rate for all or the destination's (`vat_mode`: the One-Stop
 * Shop, Directive 2006/112/EC art. 33(a), 59c, 369a-369k, only for a shop established in an EU
 * member state), whether prices keep their gross or their net at another rate (`vat_prices`),
 * and its OSS number (`oss_number`, art. 369d).
 *
 * The shop's currency (`tenants.currency`, issue 38) is edited here too: any ISO 4217 code with two
 * decimals (common/currencies.ts) until the shop's first order, never after (`currency_fixed`):
 * an order and its payments are in the shop's currency, so it is theirs once there is one.
 */
import type { Schemas } from '../../common/admin-contract.ts';
import { claimUpload } from '../media/uploads.ts';
import { MAX_VAT_RATE_BP, percentToRate, rateToPercent } from '../../common/vat.ts';
import { toBool } from '../platform/db/mapping.ts';
import { isCountryCode } from '../../common/iso-countries.ts';
import { isEuCountry } from '../../common/eu-vat-rates.ts';
import { VAT_MODES, VAT_PRICE_MODES } from '../../common/destination-vat.ts';
import { CURRENCY_MESSAGES, checkShopCurrency } from '../../common/currencies.ts';
import { FieldCheck, saveSettingsChange, settingsNotFound, settingsTransaction } from './checks.ts';
import type { Db, SettingsContext, Trx } from './checks.ts';

export type SiteSetup = Schemas['SiteSetup'];
export type SiteSetupChange = Schemas['SiteSetupChange'];

/** A GA4 measurement id: `G-` and 4 to 16 capital letters or digits. */
export const ANALYTICS_ID = /^G-[A-Z0-9]{4,16}$/;
export const ANALYTICS_MESSAGE = 'Enter a Google Analytics id such as G-4H7KQ2ZP9X.';
// Django's EmailValidator in spirit: one @, a dotted domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A VAT number: a 2-letter country prefix (GB, DE, XI…) and 8 to 12 letters or digits. */
export const VAT_NUMBER = /^[A-Z]{2}[A-Z0-9]{8,12}$/;
export const VAT_NUMBER_MESSAGE =
  'Enter a VAT number: a 2-letter country prefix and 8 to 12 letters or digits, such as GB123456789.';
/** A company's registration number: letters and digits (UK: 8, such as 01234567 or SC123456). */
const COMPANY_NUMBER = /^[A-Z0-9]{2,20}$/;
export const VAT_RATE_MESSAGE = `Enter a rate from 0 to ${MAX_VAT_RATE_BP / 100} percent, with at most two decimals.`;
export const VAT_REQUIRED_MESSAGE = 'This field is required while the shop is VAT registered.';
export const VAT_COUNTRY_MESSAGE = 'Enter a two-letter country code, such as IE.';
/** Why `destination` is refused: the One-Stop Shop is for sellers established in the EU. */
export const DESTINATION_MESSAGES = {
  notRegistered: 'Charging VAT where the buyer is needs a VAT registered shop.',
  notEu:
    "Charging VAT where the buyer is (the EU's One-Stop Shop) is for a shop established in an EU member state: set the shop's country to one first.",
} as const;

async function siteRow(db: Db | Trx, tenantId: number): Promise<SiteSetup | null> {
  const row = await db
    .selectFrom('site_settings')
    .innerJoin('tenants', 'tenants.id', 'site_settings.tenant_id')
    .select((eb) => [
      'tenants.currency',
      eb
        .exists(
          eb.selectFrom('orders').select('orders.id').where('orders.tenant_id', '=', tenantId),
        )
        .as('has_orders'),
    ])
    .select([
      'site_title',
      'site_description',
      'logo',
      'favicon',
      'google_analytics_id',
      'contact_email',
      'legal_name',
      'legal_address',
      'legal_email',
      'company_number',
      'vat_number',
      'vat_registered',
      'vat_rate_bp',
      'vat_country',
      'vat_mode',
      'vat_prices',
      'oss_number',
      'slip_address',
    ])
    .where('site_settings.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return null;
  const { vat_rate_bp: rate, vat_registered: registered, has_orders: hasOrders, ...rest } = row;
  return {
    ...rest,
    vat_registered: toBool(registered),
    vat_rate: rate === null ? null : rateToPercent(rate),
    currency_fixed: toBool(hasOrders),
  };
}

/**
 * The SiteSetup fields of `site_settings` as its columns: those that are not columns of the same
 * name renamed, the shop's (`currency`, in `tenants`; `currency_fixed`, read) left out.
 */
function toColumns(fields: Partial<SiteSetup>) {
  const {
    vat_rate: rate,
    vat_registered: registered,
    currency: _currency,
    currency_fixed: _fixed,
    ...rest
  } = fields;
  return {
    ...rest,
    ...(registered === undefined ? {} : { vat_registered: registered ? 1 : 0 }),
    ...(rate === undefined ? {} : { vat_rate_bp: rate === null ? null : percentToRate(rate) }),
  };
}

/** An optional identifier: blank or null is none; otherwise upper-cased without spaces. */
function optionalCode(value: string | null): string | null {
  const code = (value ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return code === '' ? null : code;
}

/**
 * Shop `tenantId`'s site settings as the owner edits them (the door checked the role).
 * @throws DomainError `settings_not_found` for a shop without them.
 */
export async function getSiteSetup(db: Db, tenantId: number): Promise<SiteSetup> {
  const site = await siteRow(db, tenantId);
  if (!site) throw settingsNotFound();
  return site;
}

/**
 * Changes the fields of `change` that are sent, logs `settings.site.update` with the fields
 * before and after (the currency among them), and answers the settings as saved.
 * @param options.publicApiPath the API's public base path (`/api`): a favicon is stored
 *   relative to it, as the storefront reads it.
 * @throws DomainError `invalid_settings` (a field's messages; on `currency`: not an ISO 4217
 *   code, one without two decimals, or a change once the shop has an order, "The currency cannot
 *   change once the shop has taken its first order: its orders and payments are in GBP."),
 *   `upload_not_found` (400 on `logo_upload_id`/`favicon_upload_id`), `settings_not_found`.
 */
export async function updateSiteSetup(
  ctx: SettingsContext,
  change: SiteSetupChange,
  options: { publicApiPath: string },
): Promise<SiteSetup> {
  const check = new FieldCheck();
  const next: Partial<SiteSetup> = {};
  if (change.site_title !== undefined) {
    next.site_title = check.text('site_title', change.site_title, { max: 120, required: true });
  }
  if (change.site_description !== undefined) {
    next.site_description = check.text('site_description', change.site_description, {
      max: 500,
      multiline: true,
    });
  }
  if (change.contact_email !== undefined) {
    const email = check.text('contact_email', change.contact_email, { max: 254, required: true });
    if (email !== undefined && !EMAIL.test(email))
      check.add('contact_email', 'Enter a valid email address.');
    else next.contact_email = email?.toLowerCase();
  }
  if (change.google_analytics_id !== undefined) {
    const id = change.google_analytics_id;
    if (id === null || id.trim() === '') next.google_analytics_id = null;
    else if (!ANALYTICS_ID.test(id.trim())) check.add('google_analytics_id', ANALYTICS_MESSAGE);
    else next.google_analytics_id = id.trim();
  }
  checkSeller(check, change, next);
  if (change.currency !== undefined) {
    const currency = checkShopCurrency(change.currency);
    if (currency.ok) next.currency = currency.currency;
    else check.add('currency', currency.message);
  }
  check.done();
  return settingsTransaction(ctx, async (trx, tenantId) => {
    if (next.currency !== undefined) {
      // The shop's row first (a write, which SQLite needs first too): on PostgreSQL this waits
      // for an order being placed (checkout share-locks the row), so the read below sees it.
      await trx
        .updateTable('tenants')
        .set((eb) => ({ currency: eb.ref('currency') }))
        .where('id', '=', tenantId)
        .execute();
    }
    const before = await siteRow(trx, tenantId);
    if (!before) throw settingsNotFound();
    if (next.currency !== undefined && next.currency !== before.currency && before.currency_fixed) {
      const fixed = new FieldCheck();
      fixed.add('currency', CURRENCY_MESSAGES.fixed(before.currency));
      fixed.done();
    }
    if (change.logo_upload_id !== undefined) {
      next.logo =
        change.logo_upload_id === null
          ? null
          : (await claimField(trx, tenantId, change.logo_upload_id, 'logo_upload_id')).imagePath;
    }
    if (change.favicon_upload_id !== undefined) {
      next.favicon =
        change.favicon_upload_id === null
          ? null
          : apiRelative(
              (await claimField(trx, tenantId, change.favicon_upload_id, 'favicon_upload_id'))
                .imagePath,
              options.publicApiPath,
            );
    }
    const after: SiteSetup = { ...before, ...stripUndefined(next) };
    if (after.vat_registered) {
      // A registered shop's prices include VAT at its rate, and its invoices carry its number.
      const missing = new FieldCheck();
      if (after.vat_rate === null) missing.add('vat_rate', VAT_REQUIRED_MESSAGE);
      if (after.vat_number === null) missing.add('vat_number', VAT_REQUIRED_MESSAGE);
      missing.done();
    }
    checkDestination(after);
    await saveSettingsChange(
      trx,
      ctx,
      'settings.site.update',
      'site',
      before,
      after,
      async (diff) => {
        const columns = toColumns(diff.after);
        if (Object.keys(columns).length > 0) {
          await trx
            .updateTable('site_settings')
            .set(columns)
            .where('tenant_id', '=', tenantId)
            .execute();
        }
        if (diff.after.currency !== undefined) {
          await trx
            .updateTable('tenants')
            .set({ currency: diff.after.currency })
            .where('id', '=', tenantId)
            .execute();
        }
      },
    );
    return after;
  });
}

/**
 * Checks the seller's fields of `change` into `next`: legal name (required, ≤ 200), address
 * (required, several lines, ≤ 500), e-mail, company number (letters and digits or none), VAT
 * number ({@link VAT_NUMBER} or none, stored upper-cased without spaces), VAT rate (0 to 30 %,
 * two decimals at most, or none; answered as "20.00"), and which address packing slips print
 * (`slip_address`: `legal` or `workshop`).
 */
function checkSeller(check: FieldCheck, change: SiteSetupChange, next: Partial<SiteSetup>) {
  if (change.legal_name !== undefined) {
    next.legal_name = check.text('legal_name', change.legal_name, { max: 200, required: true });
  }
  if (change.legal_address !== undefined) {
    const address = check.text('legal_address', change.legal_address, {
      max: 500,
      required: true,
      multiline: true,
    });
    next.legal_address = address
      ?.split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n');
  }
  if (change.legal_email !== undefined) {
    const email = check.text('legal_email', change.legal_email, { max: 254, required: true });
    if (email !== undefined && !EMAIL.test(email))
      check.add('legal_email', 'Enter a valid email address.');
    else next.legal_email = email?.toLowerCase();
  }
  if (change.company_number !== undefined) {
    const number = optionalCode(change.company_number);
    if (number !== null && !COMPANY_NUMBER.test(number))
      check.add(
        'company_number',
        'Enter the registration number in letters and digits, such as 01234567.',
      );
    else next.company_number = number;
  }
  if (change.vat_number !== undefined) {
    const number = optionalCode(change.vat_number);
    if (number !== null && !VAT_NUMBER.test(number)) check.add('vat_number', VAT_NUMBER_MESSAGE);
    else next.vat_number = number;
  }
  if (change.vat_registered !== undefined) next.vat_registered = change.vat_registered;
  if (change.slip_address !== undefined) {
    if (change.slip_address === 'legal' || change.slip_address === 'workshop') {
      next.slip_address = change.slip_address;
    } else {
      check.add('slip_address', 'Not a valid choice. Expected one of: legal, workshop.');
    }
  }
  checkCrossBorderVat(check, change, next);
  if (change.vat_rate !== undefined) {
    const rate = change.vat_rate === null ? null : percentToRate(change.vat_rate);
    if (change.vat_rate === null || change.vat_rate.trim() === '') next.vat_rate = null;
    else if (rate === null || rate > MAX_VAT_RATE_BP) check.add('vat_rate', VAT_RATE_MESSAGE);
    else next.vat_rate = rateToPercent(rate);
  }
}

/**
 * Checks the cross-border VAT fields of `change` into `next` (issue 41): `vat_country` an ISO
 * 3166-1 alpha-2 code (any case, stored upper case) or none; `vat_mode` one of
 * {@link VAT_MODES}; `vat_prices` one of {@link VAT_PRICE_MODES}; `oss_number` as a VAT number
 * ({@link VAT_NUMBER}) or none. Whether `destination` fits the shop is checked on the whole
 * settings after ({@link checkDestination}).
 */
function checkCrossBorderVat(check: FieldCheck, change: SiteSetupChange, next: Partial<SiteSetup>) {
  if (change.vat_country !== undefined) {
    const code = (change.vat_country ?? '').trim().toUpperCase();
    if (code === '') next.vat_country = null;
    else if (!isCountryCode(code)) check.add('vat_country', VAT_COUNTRY_MESSAGE);
    else next.vat_country = code;
  }
  if (change.vat_mode !== undefined) {
    if ((VAT_MODES as readonly string[]).includes(change.vat_mode)) {
      next.vat_mode = change.vat_mode as SiteSetup['vat_mode'];
    } else check.add('vat_mode', `Not a valid choice. Expected one of: ${VAT_MODES.join(', ')}.`);
  }
  if (change.vat_prices !== undefined) {
    if ((VAT_PRICE_MODES as readonly string[]).includes(change.vat_prices)) {
      next.vat_prices = change.vat_prices as SiteSetup['vat_prices'];
    } else {
      check.add(
        'vat_prices',
        `Not a valid choice. Expected one of: ${VAT_PRICE_MODES.join(', ')}.`,
      );
    }
  }
  if (change.oss_number !== undefined) {
    const number = optionalCode(change.oss_number);
    if (number !== null && !VAT_NUMBER.test(number)) check.add('oss_number', VAT_NUMBER_MESSAGE);
    else next.oss_number = number;
  }
}

/**
 * Refuses `destination` mode on settings that cannot use it: a shop not VAT registered, or one
 * whose country is not an EU member state (the OSS union scheme is for sellers established in
 * the EU, art. 369a-369b; a UK shop's sales to the EU are imports, and Northern Ireland's
 * special status is not modelled).
 * @throws DomainError `invalid_settings` on `vat_mode`.
 */
function checkDestination(after: SiteSetup) {
  if (after.vat_mode !== 'destination') return;
  const refusal = new FieldCheck();
  if (!after.vat_registered) refusal.add('vat_mode', DESTINATION_MESSAGES.notRegistered);
  else if (!isEuCountry(after.vat_country)) refusal.add('vat_mode', DESTINATION_MESSAGES.notEu);
  refusal.done();
}

/** Claims an upload, its refusal worded on the field that named it. */
async function claimField(trx: Trx, tenantId: number, uploadId: number, field: string) {
  try {
    return await claimUpload(trx, tenantId, uploadId);
  } catch (error) {
    if (error instanceof Error && 'field' in error && error.field === 'upload_id') {
      const check = new FieldCheck();
      check.add(field, error.message);
      check.done();
    }
    throw error;
  }
}

/** `/api/media/x.webp` relative to the API base `/api`: `/media/x.webp` (the favicon's form). */
function apiRelative(path: string, publicApiPath: string): string {
  const base = publicApiPath.replace(/\/+$/, '');
  return base !== '' && path.startsWith(`${base}/`) ? path.slice(base.length) : path;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
