/**
 * The site settings the storefront starts from (owner only): title, description, logo,
 * favicon, Google Analytics id and contact e-mail. A new logo or favicon is an upload the
 * back office made first (server/media/uploads.ts), claimed in the same transaction as the
 * change. The storefront's pages, their Content-Security-Policy and the site-settings answer
 * follow within a second in every process (the caller's `changed`, server/http/pages.ts).
 */
import type { Schemas } from '../../common/admin-contract.ts';
import { claimUpload } from '../media/uploads.ts';
import {
  changedFields,
  FieldCheck,
  recordSettingsChange,
  requireOwner,
  settingsNotFound,
  settingsTransaction,
  type Db,
  type SettingsContext,
  type Trx,
} from './checks.ts';

export type SiteSetup = Schemas['SiteSetup'];
export type SiteSetupChange = Schemas['SiteSetupChange'];

/** A GA4 measurement id: `G-` and 4 to 16 capital letters or digits. */
export const ANALYTICS_ID = /^G-[A-Z0-9]{4,16}$/;
export const ANALYTICS_MESSAGE = 'Enter a Google Analytics id such as G-4H7KQ2ZP9X.';
// Django's EmailValidator in spirit: one @, a dotted domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function siteRow(db: Db | Trx, tenantId: number): Promise<SiteSetup | null> {
  const row = await db
    .selectFrom('site_settings')
    .select([
      'site_title',
      'site_description',
      'logo',
      'favicon',
      'google_analytics_id',
      'contact_email',
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The shop's site settings as the owner edits them.
 * @throws DomainError `forbidden` for a non-owner, `settings_not_found` for a shop without them.
 */
export async function getSiteSetup(ctx: Pick<SettingsContext, 'db' | 'actor'>): Promise<SiteSetup> {
  requireOwner(ctx.actor);
  const site = await siteRow(ctx.db, ctx.actor.tenantId);
  if (!site) throw settingsNotFound();
  return site;
}

/**
 * Changes the fields of `change` that are sent, logs `settings.site.update` with the fields
 * before and after, and answers the settings as saved.
 * @param options.publicApiPath the API's public base path (`/api`): a favicon is stored
 *   relative to it, as the storefront reads it.
 * @throws DomainError `invalid_settings` (a field's messages), `upload_not_found` (400 on
 *   `logo_upload_id`/`favicon_upload_id`), `settings_not_found`, `forbidden`.
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
  check.done();
  const tenantId = ctx.actor.tenantId;
  return settingsTransaction(ctx, async (trx) => {
    const before = await siteRow(trx, tenantId);
    if (!before) throw settingsNotFound();
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
    const diff = changedFields(before, after);
    if (diff) {
      await trx
        .updateTable('site_settings')
        .set(diff.after)
        .where('tenant_id', '=', tenantId)
        .execute();
      await recordSettingsChange(trx, ctx, 'settings.site.update', 'site', diff);
    }
    return after;
  });
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
