/**
 * The back office's product moves: create, update (which also publishes, takes back to draft,
 * archives and unarchives); duplicate is ./product-duplicate.ts, and what they share
 * ./product-writes.ts. Who may call them (`catalog.edit`) is checked at the door
 * (server/http/admin/permissions.ts), which hands them an `Acting` (server/platform/journal.ts).
 * Each checks the form's rules (./product-input.ts), and writes in one transaction the product,
 * its attributes, its slug history (./product-slugs.ts), a stock movement for a starting stock
 * (./stock-movements.ts, naming `acting.staff`) and one entry through `acting.journal` (the
 * activity log) with the fields that changed, as they were and as they became.
 *
 * The caller (the HTTP layer) forgets the catalogue's caches after the commit
 * (`catalogCache.invalidate(tenantId)`): the storefront's answers, pages and sitemap.
 *
 * Status: `active` sets `is_active`; `draft` clears it; `archived` clears it and sets
 * `archived_at` (./product-admin-read.ts derives the status back). The storefront reads
 * `is_active` only.
 *
 * Prices: a product's price and its options' surcharges are read when a cart line is priced
 * and when an order is placed (which copies them into its lines), so changing them here never
 * changes an order already placed, and a cart holding the old price is refused at checkout with
 * the new total (server/checkout/). Each new price is recorded with the moment it took effect
 * (./price-history.ts), which decides whether the storefront may show a price before discount.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { Acting } from '../platform/journal.ts';
import { changedFields } from '../content/content-input.ts';
import { getAdminProduct } from './product-admin-read.ts';
import {
  checkAcrossFields,
  type CheckedProduct,
  checkProductInput,
  invalidProduct,
  PRODUCT_MESSAGES,
  type ProductInput,
} from './product-input.ts';
import { recordPrice } from './price-history.ts';
import { freeSlug, recordSlug, slugFromName, slugTaken } from './product-slugs.ts';
import {
  checkCategory,
  optionsJson,
  slugSafe,
  snapshot,
  statusColumns,
  writeAttributes,
} from './product-writes.ts';
import { recordStockMovement } from './stock-movements.ts';
import { backInStock } from './back-in-stock.ts';
import { checkSafetyInput } from './product-safety.ts';
import { parseSafety, safetyJson } from '../../common/product-safety.ts';
import { REQUIRED_MESSAGE } from '../platform/field-messages.ts';

/**
 * Creates a product of `acting`'s shop from the form (see the module comment), written down as
 * `product.create` through `acting.journal`. `name`, `category_id` and `price` are required;
 * the slug is made from the name when blank (`-2`, `-3`... when taken); a slug sent that
 * another product has is refused on `slug`. A starting stock is recorded as an `initial` stock
 * movement (naming `acting.staff`). Default status: draft. `age_restricted` left out follows the
 * category's default (`categories.adults_only`, issue 40). `options.within` runs in the same
 * transaction once the product row exists (the HTTP layer attaches the photos chosen with the
 * product there, server/media/product-photos.ts `attachNewPhotos`): a refusal it throws undoes
 * the whole creation.
 * @returns the new product's id.
 * @throws DomainError `invalid_product_input` (400), or whatever `options.within` throws.
 */
export async function createProduct(
  db: Kysely<Database>,
  acting: Acting,
  input: ProductInput,
  now: Date = new Date(),
  options: { within?: (trx: Transaction<Database>, productId: number) => Promise<void> } = {},
): Promise<number> {
  const checked = checkProductInput(input);
  const missing: Record<string, string[]> = {};
  if (checked.name === undefined && input.name === undefined) missing.name = [REQUIRED_MESSAGE];
  if (checked.categoryId === undefined) missing.category_id = [REQUIRED_MESSAGE];
  if (checked.priceCents === undefined) missing.price = [REQUIRED_MESSAGE];
  if (Object.keys(missing).length > 0) throw invalidProduct(missing);
  const fields = {
    priceCents: checked.priceCents!,
    priceBeforeDiscountCents: checked.priceBeforeDiscountCents ?? null,
    madeToOrder: checked.madeToOrder ?? false,
    leadTimeDaysMin: checked.leadTimeDaysMin ?? null,
    leadTimeDaysMax: checked.leadTimeDaysMax ?? null,
  };
  checkAcrossFields(fields);
  const tenantId = acting.tenantId;
  const status = checked.status ?? 'draft';
  const id = await slugSafe(() =>
    db.transaction().execute(async (trx) => {
      const category = await checkCategory(trx, tenantId, checked.categoryId!);
      const ageRestricted = checked.ageRestricted ?? category.adultsOnly;
      let slug = checked.slug ?? '';
      if (slug === '') slug = await freeSlug(trx, tenantId, slugFromName(checked.name!));
      else if (await slugTaken(trx, tenantId, slug)) {
        throw invalidProduct({ slug: [PRODUCT_MESSAGES.slugTaken] });
      }
      const stock = checked.stock ?? 0;
      const { id: productId } = await trx
        .insertInto('products')
        .values({
          tenant_id: tenantId,
          slug,
          name: checked.name!,
          category_id: checked.categoryId!,
          price_cents: fields.priceCents,
          price_before_discount_cents: fields.priceBeforeDiscountCents,
          stock,
          description: checked.description ?? '',
          long_html_description: checked.longHtmlDescription ?? '',
          options: optionsJson(checked.options),
          made_to_order: fields.madeToOrder ? 1 : 0,
          lead_time_days_min: fields.leadTimeDaysMin,
          lead_time_days_max: fields.leadTimeDaysMax,
          age_restricted: ageRestricted ? 1 : 0,
          cancellation_exempt: checked.cancellationExempt ? 1 : 0,
          ...giftCardColumns(checked.giftCard ?? null),
          safety:
            checked.safety === undefined
              ? null
              : safetyJson(checkSafetyInput({}, '', checked.safety)),
          low_stock_threshold:
            checked.lowStockThreshold === undefined ? 2 : checked.lowStockThreshold,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          ...statusColumns(status, now, null),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAttributes(trx, productId, checked.attributes ?? []);
      await recordPrice(trx, { tenantId, productId, priceCents: fields.priceCents, at: now });
      await recordSlug(trx, tenantId, productId, slug);
      if (stock > 0) {
        await recordStockMovement(trx, {
          tenantId,
          productId,
          change: stock,
          stockAfter: stock,
          reason: 'initial',
          staffId: acting.staff.id,
          at: now,
        });
      }
      if (options.within) await options.within(trx, productId);
      const created = await getAdminProduct(trx, tenantId, productId);
      await acting.journal(
        trx,
        {
          action: 'product.create',
          objectType: 'product',
          objectId: productId,
          before: null,
          after: { ...snapshot(created), stock },
        },
        now,
      );
      return productId;
    }),
  );
  return id;
}

/** The activity action of a change: its status move when that is all it changed. */
function actionOf(changed: Record<string, unknown>, from: string): string {
  const keys = Object.keys(changed);
  if (keys.length !== 1 || keys[0] !== 'status') return 'product.update';
  const to = changed.status;
  if (to === 'archived') return 'product.archive';
  if (from === 'archived') return 'product.unarchive';
  return to === 'active' ? 'product.publish' : 'product.unpublish';
}

/**
 * Changes the fields sent of product `productId` of `acting`'s shop (see the module comment),
 * written down through `acting.journal` (`product.update`, or the status move alone).
 * A new slug keeps the old one as a redirect (taking a former slug back removes it); an empty
 * slug makes one from the (new) name. Nothing changed: nothing written, nothing logged.
 * @returns true when something changed.
 * @throws DomainError `product_not_found` (404); `invalid_product_input` (400).
 */
export async function updateProduct(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  input: ProductInput,
  now: Date = new Date(),
): Promise<boolean> {
  const checked = checkProductInput({ ...input, stock: undefined });
  const tenantId = acting.tenantId;
  return slugSafe(() =>
    db.transaction().execute(async (trx) => {
      const before = await getAdminProduct(trx, tenantId, productId);
      const row = await trx
        .selectFrom('products')
        .select(['archived_at', 'price_before_discount_cents', 'price_cents', 'safety'])
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      const merged = {
        priceCents: checked.priceCents ?? row.price_cents,
        priceBeforeDiscountCents:
          checked.priceBeforeDiscountCents === undefined
            ? row.price_before_discount_cents
            : checked.priceBeforeDiscountCents,
        madeToOrder: checked.madeToOrder ?? before.made_to_order,
        leadTimeDaysMin:
          checked.leadTimeDaysMin === undefined
            ? before.lead_time_days_min
            : checked.leadTimeDaysMin,
        leadTimeDaysMax:
          checked.leadTimeDaysMax === undefined
            ? before.lead_time_days_max
            : checked.leadTimeDaysMax,
      };
      checkAcrossFields(merged);
      if (checked.categoryId !== undefined && checked.categoryId !== before.category.id) {
        await checkCategory(trx, tenantId, checked.categoryId);
      }
      let slug = before.slug;
      if (checked.slug !== undefined) {
        if (checked.slug === '') {
          const base = slugFromName(checked.name ?? before.name);
          slug = await freeSlug(trx, tenantId, base, productId);
        } else if (checked.slug !== before.slug) {
          if (await slugTaken(trx, tenantId, checked.slug, productId)) {
            throw invalidProduct({ slug: [PRODUCT_MESSAGES.slugTaken] });
          }
          slug = checked.slug;
        }
      }
      const set: Record<string, unknown> = {};
      if (checked.name !== undefined) set.name = checked.name;
      if (slug !== before.slug) set.slug = slug;
      if (checked.categoryId !== undefined) set.category_id = checked.categoryId;
      if (checked.priceCents !== undefined) set.price_cents = checked.priceCents;
      if (checked.priceBeforeDiscountCents !== undefined) {
        set.price_before_discount_cents = checked.priceBeforeDiscountCents;
      }
      if (checked.lowStockThreshold !== undefined)
        set.low_stock_threshold = checked.lowStockThreshold;
      if (checked.description !== undefined) set.description = checked.description;
      if (checked.longHtmlDescription !== undefined) {
        set.long_html_description = checked.longHtmlDescription;
      }
      if (checked.options !== undefined) set.options = optionsJson(checked.options);
      if (checked.madeToOrder !== undefined) set.made_to_order = checked.madeToOrder ? 1 : 0;
      if (checked.leadTimeDaysMin !== undefined) set.lead_time_days_min = checked.leadTimeDaysMin;
      if (checked.leadTimeDaysMax !== undefined) set.lead_time_days_max = checked.leadTimeDaysMax;
      if (checked.ageRestricted !== undefined) set.age_restricted = checked.ageRestricted ? 1 : 0;
      if (checked.cancellationExempt !== undefined) {
        set.cancellation_exempt = checked.cancellationExempt ? 1 : 0;
      }
      if (checked.giftCard !== undefined) Object.assign(set, giftCardColumns(checked.giftCard));
      if (checked.safety !== undefined) {
        const merged = checkSafetyInput({}, '', checked.safety, parseSafety(row.safety));
        set.safety = safetyJson(merged);
      }
      if (checked.status !== undefined && checked.status !== before.status) {
        Object.assign(set, statusColumns(checked.status, now, row.archived_at));
      }
      if (Object.keys(set).length > 0) {
        await trx
          .updateTable('products')
          .set(set)
          .where('id', '=', productId)
          .where('tenant_id', '=', tenantId)
          .execute();
      }
      if (checked.attributes !== undefined) {
        await writeAttributes(trx, productId, checked.attributes);
      }
      if (checked.priceCents !== undefined && checked.priceCents !== row.price_cents) {
        await recordPrice(trx, { tenantId, productId, priceCents: checked.priceCents, at: now });
      }
      if (slug !== before.slug) await recordSlug(trx, tenantId, productId, slug, before.slug);
      const after = await getAdminProduct(trx, tenantId, productId);
      const diff = changedFields(snapshot(before), snapshot(after));
      if (Object.keys(diff.after).length === 0) return false;
      await trx
        .updateTable('products')
        .set({ updated_at: now.toISOString() })
        .where('id', '=', productId)
        .execute();
      await acting.journal(
        trx,
        {
          action: actionOf(diff.after, before.status),
          objectType: 'product',
          objectId: productId,
          before: diff.before,
          after: diff.after,
        },
        now,
      );
      // Orderable again (made to order now, or back on sale with stock): the shoppers waiting
      // for it get their one e-mail (./back-in-stock.ts checks it can be ordered).
      if (
        (after.made_to_order && !before.made_to_order) ||
        (after.status === 'active' && before.status !== 'active')
      ) {
        await backInStock(trx, tenantId, productId, null, now);
      }
      return true;
    }),
  );
}

/** The gift card columns of a product (decision 090): its amounts, or none (null). */
function giftCardColumns(giftCard: CheckedProduct['giftCard'] | null) {
  return giftCard
    ? {
        gift_card: 1,
        gift_card_amounts: JSON.stringify(giftCard.amounts),
        gift_card_min_cents: giftCard.minCents,
        gift_card_max_cents: giftCard.maxCents,
      }
    : {
        gift_card: 0,
        gift_card_amounts: '[]',
        gift_card_min_cents: null,
        gift_card_max_cents: null,
      };
}
