/**
 * How the storefront frames the shop's photos (openapi/admin.yaml `getPhotoDisplay`,
 * `updatePhotoDisplay`): the one aspect of every product card (`site_settings.card_aspect`) and
 * the photo the owner chose for the home page's hero (`site_settings.hero_photo_id`; null: the
 * stable fallback of server/media/photo-framing.ts).
 *
 * A change runs in one transaction with its activity entry (`settings.photos.update`, the
 * fields before and after, only when something changed); then the storefront forgets what it
 * showed (`context.changed`).
 */
import { checkChosenPhoto, shownShopPhoto, type ShopPhoto } from '../media/photo-framing.ts';
import { CARD_ASPECTS, type CardAspect, cardAspect } from '../content/site-settings.ts';
import {
  type Db,
  invalidSettings,
  recordSettingsChange,
  type SettingsContext,
  settingsNotFound,
} from './checks.ts';

/** The photo display settings as the back office shows them. */
export interface PhotoDisplay {
  card_aspect: CardAspect;
  /** The chosen hero photo while the storefront shows it; null otherwise. */
  hero_photo: ShopPhoto | null;
}

/** What a member sends; only the fields sent change. */
export interface PhotoDisplayUpdate {
  card_aspect?: unknown;
  hero_photo_id?: unknown;
}

/**
 * The photo display settings of shop `tenantId`.
 * @throws DomainError `settings_not_found` (404) for a shop without site settings.
 */
export async function getPhotoDisplay(db: Db, tenantId: number): Promise<PhotoDisplay> {
  const row = await db
    .selectFrom('site_settings')
    .select(['card_aspect', 'hero_photo_id'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw settingsNotFound();
  return {
    card_aspect: cardAspect(row.card_aspect),
    hero_photo: await shownShopPhoto(db, tenantId, row.hero_photo_id),
  };
}

/**
 * Changes the fields sent of the photo display settings of the acting member's shop.
 * @throws DomainError `invalid_settings` (400) on `card_aspect` (not one of the three);
 *   `invalid_photo_input` (400) on `hero_photo_id` (not a photo of the shop on an active
 *   product); `settings_not_found` (404).
 */
export async function updatePhotoDisplay(
  context: SettingsContext,
  input: PhotoDisplayUpdate,
): Promise<PhotoDisplay> {
  const { db, acting } = context;
  const tenantId = acting.tenantId;
  const next: { card_aspect?: CardAspect; hero_photo_id?: number | null } = {};
  if (input.card_aspect !== undefined) {
    if (!(CARD_ASPECTS as readonly unknown[]).includes(input.card_aspect)) {
      throw invalidSettings({ card_aspect: ['Choose square, portrait or landscape.'] });
    }
    next.card_aspect = input.card_aspect as CardAspect;
  }
  const changed = await db.transaction().execute(async (trx) => {
    // A write first: the row lock (PostgreSQL) or the write lock (SQLite) until the commit.
    const before = await trx
      .updateTable('site_settings')
      .set((eb) => ({ card_aspect: eb.ref('card_aspect') }))
      .where('tenant_id', '=', tenantId)
      .returning(['card_aspect', 'hero_photo_id'])
      .executeTakeFirst();
    if (!before) throw settingsNotFound();
    if (input.hero_photo_id !== undefined) {
      next.hero_photo_id = await checkChosenPhoto(
        trx,
        tenantId,
        input.hero_photo_id,
        'hero_photo_id',
      );
    }
    const was = {
      card_aspect: cardAspect(before.card_aspect),
      hero_photo_id: before.hero_photo_id,
    };
    const after = { ...was, ...next };
    if (after.card_aspect === was.card_aspect && after.hero_photo_id === was.hero_photo_id) {
      return false;
    }
    await trx.updateTable('site_settings').set(next).where('tenant_id', '=', tenantId).execute();
    await recordSettingsChange(trx, context, 'settings.photos.update', 'photos', {
      before: was,
      after,
    });
    return true;
  });
  if (changed) context.changed(tenantId);
  return getPhotoDisplay(db, tenantId);
}
