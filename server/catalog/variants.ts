/**
 * Variants (issue 42, decision 091): one piece sold in several sizes or finishes. A product
 * names one or two axes (`products.variant_axes`: "Blade length", "Finish"); each combination
 * the shop sells is a row of `product_variants` with its own SKU (unique per shop), price,
 * stock, weight for shipping (grams) and optional photo. A combination without a row is not
 * sold ("unavailable").
 *
 * With variants, the product's `price_cents` is the lowest variant's price (the list's "from"
 * price, its sorting and filters) and its `stock` the sum of theirs (lists, the sold-out badge);
 * this module writes both whenever the owner saves the variants, and ./variant-stock.ts keeps
 * the stock sum as orders take and give back pieces.
 *
 * Options (./options.ts) stay as they are and combine: a line's unit price is the variant's
 * price plus the chosen options' surcharges.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { BLANK_MESSAGE, NUL_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import type { Acting } from '../platform/journal.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { Schemas as AdminSchemas } from '../../common/admin-contract.ts';
import type { ProductEditingErrorCode } from './product-editing-errors.ts';
import type { CatalogErrorCode } from './errors.ts';
import { recordPrice } from './price-history.ts';
import { recordStockMovement } from './stock-movements.ts';
import { variantStockRose } from './variant-stock.ts';
import { variantLabel, variantValues } from './variant-names.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a cart refuses about a line's variant (400, field `variant_id`). */
export const VARIANT_MESSAGES = {
  missing: 'Choose a variant of this piece.',
  unknown: 'This piece has no such variant.',
  none: 'This piece has no variants.',
} as const;

/** What the back office refuses in a product's variants (400, per field). */
export const VARIANT_INPUT_MESSAGES = {
  tooManyAxes: 'A product has at most two axes.',
  sameAxis: 'Two axes have the same name.',
  noVariants: 'Add at least one variant.',
  tooManyVariants: 'A product has at most 50 variants.',
  valuesCount: (axes: number) => `Give one value for each of the ${axes} axes.`,
  sameValues: 'Two variants have the same values.',
  skuTaken: 'Another variant of the shop has this SKU.',
  skuFormat: 'Use letters, digits, dots, dashes and underscores only.',
  price: 'Enter an amount between 0.01 and 9999999.99 with at most two decimals.',
  unknownVariant: 'This product has no such variant.',
  unknownImage: 'Choose one of this product\u2019s photos.',
  madeToOrder: 'A made-to-order piece has no variants.',
} as const;

const MAX_AXES = 2;
const MAX_VARIANTS = 50;
const AXIS_LENGTH = 40;
const VALUE_LENGTH = 60;
const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const MAX_PRICE_CENTS = 999_999_999;

/** A variant as stored. */
export interface VariantRow {
  id: number;
  product_id: number;
  sku: string;
  value1: string;
  value2: string | null;
  price_cents: number;
  stock: number;
  weight_grams: number | null;
  image_id: number | null;
  position: number;
}

/** `products.variant_axes` read: the axis names, [] without variants (or unreadable JSON). */
export function parseAxes(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const axes: unknown = JSON.parse(json);
    return Array.isArray(axes) ? axes.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

export { variantLabel, variantValues } from './variant-names.ts';

/**
 * The identity hash of a cart line: the customization's hash alone for a piece without
 * variants (as before), else the sha256 of it with the variant's id, so two variants of one
 * piece with the same options are two lines (the unique key is `(cart_id, product_id,
 * customization_hash)`: migration 2026_040).
 */
export function variantLineHash(customizationHash: string, variantId: number | null): string {
  if (variantId === null) return customizationHash;
  return createHash('sha256')
    .update(`${customizationHash}\u0000variant:${variantId}`)
    .digest('hex');
}

const VARIANT_COLUMNS = [
  'id',
  'product_id',
  'sku',
  'value1',
  'value2',
  'price_cents',
  'stock',
  'weight_grams',
  'image_id',
  'position',
] as const;

/** The variants of products `productIds` of shop `tenantId`, each product's in its order. */
export async function variantsOf(
  db: Db,
  tenantId: number,
  productIds: readonly number[],
): Promise<Map<number, VariantRow[]>> {
  const out = new Map<number, VariantRow[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('product_variants')
    .select(VARIANT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.product_id);
    if (list) list.push(row);
    else out.set(row.product_id, [row]);
  }
  return out;
}

/** A variant as the storefront contract's ProductVariant. */
export function toStorefrontVariant(row: VariantRow): Schemas['ProductVariant'] {
  return {
    id: row.id,
    sku: row.sku,
    values: variantValues(row),
    label: variantLabel(row),
    price: toDecimal(row.price_cents),
    stock: row.stock,
    weight_grams: row.weight_grams,
    image_id: row.image_id,
  };
}

/** A variant as the admin contract's AdminVariant. */
function toAdminVariant(row: VariantRow): AdminSchemas['AdminVariant'] {
  return {
    id: row.id,
    values: variantValues(row),
    label: variantLabel(row),
    sku: row.sku,
    price: toDecimal(row.price_cents),
    stock: row.stock,
    weight_grams: row.weight_grams,
    image_id: row.image_id,
  };
}

/**
 * The storefront detail's `variant_axes` and `variants` of one product; nothing for a piece
 * without variants (its answer stays as it was before 2.2.0).
 */
export async function storefrontVariants(
  db: Db,
  tenantId: number,
  product: { id: number; variant_axes: string | null },
): Promise<{ variant_axes?: string[]; variants?: Schemas['ProductVariant'][] }> {
  const axes = parseAxes(product.variant_axes);
  if (axes.length === 0) return {};
  const rows = (await variantsOf(db, tenantId, [product.id])).get(product.id) ?? [];
  return { variant_axes: axes, variants: rows.map(toStorefrontVariant) };
}

const variantRefused = (message: string) =>
  new DomainError<'invalid_variant'>('invalid_variant', message, { field: 'variant_id' });

/**
 * The variant a cart line of `product` is to be of: null for a piece without variants.
 * @throws DomainError `invalid_variant` (400, field `variant_id`): "Choose a variant of this
 *   piece." when the piece has variants and none is named; "This piece has no such variant."
 *   for a variant of another piece (or shop, or an id past 2^31); "This piece has no
 *   variants." when one is named for a piece without.
 */
export async function lineVariant(
  db: Db,
  tenantId: number,
  product: { id: number; variant_axes: string | null },
  variantId: number | undefined,
): Promise<VariantRow | null> {
  const hasVariants = parseAxes(product.variant_axes).length > 0;
  if (!hasVariants) {
    if (variantId !== undefined) throw variantRefused(VARIANT_MESSAGES.none);
    return null;
  }
  if (variantId === undefined) throw variantRefused(VARIANT_MESSAGES.missing);
  if (!Number.isSafeInteger(variantId) || variantId < 1 || variantId > 2147483647) {
    throw variantRefused(VARIANT_MESSAGES.unknown);
  }
  const row = await db
    .selectFrom('product_variants')
    .select(VARIANT_COLUMNS)
    .where('id', '=', variantId)
    .where('product_id', '=', product.id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw variantRefused(VARIANT_MESSAGES.unknown);
  return row;
}

/** The back office's answer: the product's axes and variants. */
export type ProductVariants = AdminSchemas['ProductVariants'];

const productNotFound = () => new DomainError<CatalogErrorCode>('product_not_found', 'Not found.');

/**
 * Product `productId`'s axes and variants in the back office.
 * @throws DomainError `product_not_found` (404) for a product the shop does not have.
 */
export async function getVariants(
  db: Db,
  tenantId: number,
  productId: number,
): Promise<ProductVariants> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'variant_axes'])
    .where('id', '=', productId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!product) throw productNotFound();
  const axes = parseAxes(product.variant_axes);
  const rows = (await variantsOf(db, tenantId, [productId])).get(productId) ?? [];
  return { axes, variants: axes.length === 0 ? [] : rows.map(toAdminVariant) };
}

/** A variant the owner sent, checked. */
interface CheckedVariant {
  id: number | null;
  value1: string;
  value2: string | null;
  sku: string;
  priceCents: number;
  stock: number;
  weightGrams: number | null;
  imageId: number | null;
}

/** Trims a name or value; an error (NUL, blank, too long) goes to `errors[key]`. */
function text(errors: FieldErrors, key: string, raw: unknown, max: number): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (typeof raw === 'string' && raw.includes('\u0000')) errors[key] = [NUL_MESSAGE];
  else if (value === '') errors[key] = [BLANK_MESSAGE];
  else if (value.length > max) errors[key] = [tooLongMessage(max)];
  return value;
}

/**
 * Checks the owner's axes and variants against the product (its photos, its variants' ids).
 * @throws DomainError `invalid_product_input` (400) with a message per field
 *   (`axes`, `variants`, `variants.{i}.{field}`): see VARIANT_INPUT_MESSAGES.
 */
function checkVariants(
  input: AdminSchemas['ProductVariantsUpdate'],
  known: { variantIds: Set<number>; imageIds: Set<number>; madeToOrder: boolean },
): { axes: string[]; variants: CheckedVariant[] } {
  const errors: FieldErrors = {};
  const axes = (input.axes ?? []).map((a, i) => text(errors, `axes.${i}`, a, AXIS_LENGTH));
  if (axes.length > MAX_AXES) errors.axes = [VARIANT_INPUT_MESSAGES.tooManyAxes];
  else if (new Set(axes.map((a) => a.toLowerCase())).size !== axes.length) {
    errors.axes = [VARIANT_INPUT_MESSAGES.sameAxis];
  }
  const sent = input.variants ?? [];
  if (axes.length > 0 && known.madeToOrder) errors.axes = [VARIANT_INPUT_MESSAGES.madeToOrder];
  if (axes.length > 0 && sent.length === 0) errors.variants = [VARIANT_INPUT_MESSAGES.noVariants];
  if (sent.length > MAX_VARIANTS) errors.variants = [VARIANT_INPUT_MESSAGES.tooManyVariants];
  const combos = new Set<string>();
  const skus = new Set<string>();
  const variants: CheckedVariant[] = [];
  if (axes.length === 0) return finish(errors, axes, variants);
  sent.forEach((v, i) => {
    const at = `variants.${i}`;
    const values = (v.values ?? []).map((x, j) =>
      text(errors, `${at}.values.${j}`, x, VALUE_LENGTH),
    );
    if (values.length !== axes.length) {
      errors[`${at}.values`] = [VARIANT_INPUT_MESSAGES.valuesCount(axes.length)];
    }
    const combo = values.map((x) => x.toLowerCase()).join('\u0000');
    if (combos.has(combo)) errors[`${at}.values`] = [VARIANT_INPUT_MESSAGES.sameValues];
    combos.add(combo);
    const sku = typeof v.sku === 'string' ? v.sku.trim() : '';
    if (typeof v.sku === 'string' && v.sku.includes('\u0000')) errors[`${at}.sku`] = [NUL_MESSAGE];
    else if (sku === '') errors[`${at}.sku`] = [BLANK_MESSAGE];
    else if (!SKU_PATTERN.test(sku)) errors[`${at}.sku`] = [VARIANT_INPUT_MESSAGES.skuFormat];
    else if (skus.has(sku.toUpperCase())) errors[`${at}.sku`] = [VARIANT_INPUT_MESSAGES.skuTaken];
    skus.add(sku.toUpperCase());
    const cents = typeof v.price === 'string' ? toMinorUnits(v.price) : null;
    if (
      cents === null ||
      cents < 1 ||
      cents > MAX_PRICE_CENTS ||
      !/^\s*\d+(\.\d{1,2})?\s*$/.test(v.price)
    ) {
      errors[`${at}.price`] = [VARIANT_INPUT_MESSAGES.price];
    }
    if (v.id !== undefined && !known.variantIds.has(v.id)) {
      errors[`${at}.id`] = [VARIANT_INPUT_MESSAGES.unknownVariant];
    }
    const imageId = v.image_id ?? null;
    if (imageId !== null && !known.imageIds.has(imageId)) {
      errors[`${at}.image_id`] = [VARIANT_INPUT_MESSAGES.unknownImage];
    }
    variants.push({
      id: v.id ?? null,
      value1: values[0] ?? '',
      value2: values[1] ?? null,
      sku,
      priceCents: cents ?? 0,
      stock: v.stock,
      weightGrams: v.weight_grams ?? null,
      imageId,
    });
  });
  return finish(errors, axes, variants);
}

function finish(errors: FieldErrors, axes: string[], variants: CheckedVariant[]) {
  if (Object.keys(errors).length > 0) {
    throw new DomainError<ProductEditingErrorCode>(
      'invalid_product_input',
      'The variants are refused.',
      { fields: errors },
    );
  }
  return { axes, variants };
}

/** What the activity log keeps of a product's variants. */
function logged(
  axes: string[],
  rows: readonly Omit<VariantRow, 'id' | 'product_id' | 'position'>[],
) {
  return {
    axes,
    variants: rows.map((r) => ({
      label: variantLabel(r),
      sku: r.sku,
      price: toDecimal(r.price_cents),
      stock: r.stock,
      weight_grams: r.weight_grams,
      image_id: r.image_id,
    })),
  };
}

/**
 * Saves product `productId`'s axes and variants (see openapi/admin.yaml
 * `updateProductVariants`): in one transaction the variants sent with an id are changed, the
 * others added, those left out removed (and taken out of carts, with any line of the piece
 * that names no variant); the product's price becomes the lowest variant's (recorded in its
 * price history) and its stock their sum; each stock change is a stock movement of its
 * variant, and a rise from 0 goes through ./variant-stock.ts `variantStockRose`; the whole
 * change is one `product.variants` entry in the activity log.
 * @returns the variants as saved.
 * @throws DomainError `product_not_found` (404); `invalid_product_input` (400) per field, also
 *   for a SKU another product of the shop has.
 */
export async function saveVariants(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  input: AdminSchemas['ProductVariantsUpdate'],
  now = new Date(),
): Promise<ProductVariants> {
  const { tenantId } = acting;
  try {
    return await db.transaction().execute(async (trx) => {
      const product = await trx
        .updateTable('products')
        .set({ updated_at: now.toISOString() })
        .where('id', '=', productId)
        .where('tenant_id', '=', tenantId)
        .returning(['id', 'variant_axes', 'price_cents', 'stock', 'made_to_order'])
        .executeTakeFirst();
      if (!product) throw productNotFound();
      const [existing, images] = await Promise.all([
        variantsOf(trx, tenantId, [productId]).then((m) => m.get(productId) ?? []),
        trx.selectFrom('product_images').select('id').where('product_id', '=', productId).execute(),
      ]);
      const checked = checkVariants(input, {
        variantIds: new Set(existing.map((v) => v.id)),
        imageIds: new Set(images.map((i) => i.id)),
        madeToOrder: Boolean(product.made_to_order),
      });
      const taken = await skusOfOtherProducts(trx, tenantId, productId, checked.variants);
      if (taken.size > 0) {
        const fields: FieldErrors = {};
        checked.variants.forEach((v, i) => {
          if (taken.has(v.sku)) fields[`variants.${i}.sku`] = [VARIANT_INPUT_MESSAGES.skuTaken];
        });
        throw new DomainError<ProductEditingErrorCode>(
          'invalid_product_input',
          'The variants are refused.',
          { fields },
        );
      }
      const before = logged(parseAxes(product.variant_axes), existing);
      const kept = new Set(checked.variants.flatMap((v) => (v.id === null ? [] : [v.id])));
      const removed = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
      if (removed.length > 0) {
        await trx.deleteFrom('cart_items').where('variant_id', 'in', removed).execute();
        // A removed variant never comes back: whoever waited for it is forgotten (decision 092).
        await trx.deleteFrom('back_in_stock_requests').where('variant_id', 'in', removed).execute();
        await trx.deleteFrom('product_variants').where('id', 'in', removed).execute();
      }
      // Lines of the piece that name no variant can no longer be ordered as they are.
      if (checked.axes.length > 0) {
        await trx
          .deleteFrom('cart_items')
          .where('product_id', '=', productId)
          .where('variant_id', 'is', null)
          .execute();
      }
      // SKUs move between rows freely: park the kept rows' SKUs first, so a swap is no clash.
      for (const v of existing.filter((e) => kept.has(e.id))) {
        await trx
          .updateTable('product_variants')
          .set({ sku: `~${v.id}` })
          .where('id', '=', v.id)
          .execute();
      }
      const byId = new Map(existing.map((v) => [v.id, v]));
      for (const [position, v] of checked.variants.entries()) {
        const values = {
          sku: v.sku,
          value1: v.value1,
          value2: v.value2,
          price_cents: v.priceCents,
          stock: v.stock,
          weight_grams: v.weightGrams,
          image_id: v.imageId,
          position,
        };
        let variantId: number;
        const old = v.id === null ? undefined : byId.get(v.id);
        if (old) {
          await trx.updateTable('product_variants').set(values).where('id', '=', old.id).execute();
          variantId = old.id;
        } else {
          const row = await trx
            .insertInto('product_variants')
            .values({ ...values, tenant_id: tenantId, product_id: productId })
            .returning('id')
            .executeTakeFirstOrThrow();
          variantId = row.id;
        }
        const stockBefore = old?.stock ?? 0;
        if (v.stock !== stockBefore || !old) {
          if (v.stock !== stockBefore) {
            await recordStockMovement(trx, {
              tenantId,
              productId,
              change: v.stock - stockBefore,
              stockAfter: v.stock,
              reason: old ? 'correction' : 'initial',
              staffId: acting.staff.id,
              at: now,
              variantId,
            });
          }
          await variantStockRose(trx, tenantId, variantId, {
            productId,
            before: stockBefore,
            after: v.stock,
          });
        }
      }
      const hasVariants = checked.axes.length > 0;
      const patch: { variant_axes: string | null; stock?: number; price_cents?: number } = {
        variant_axes: hasVariants ? JSON.stringify(checked.axes) : null,
      };
      if (hasVariants) {
        patch.stock = checked.variants.reduce((sum, v) => sum + v.stock, 0);
        patch.price_cents = Math.min(...checked.variants.map((v) => v.priceCents));
      }
      await trx.updateTable('products').set(patch).where('id', '=', productId).execute();
      if (patch.price_cents !== undefined && patch.price_cents !== product.price_cents) {
        await recordPrice(trx, { tenantId, productId, priceCents: patch.price_cents, at: now });
      }
      const saved = await getVariants(trx, tenantId, productId);
      await acting.journal(
        trx,
        {
          action: 'product.variants',
          objectType: 'product',
          objectId: productId,
          before,
          after: logged(
            saved.axes,
            saved.variants.map((v) => ({
              sku: v.sku,
              value1: v.values[0] ?? '',
              value2: v.values[1] ?? null,
              price_cents: toMinorUnits(v.price) ?? 0,
              stock: v.stock,
              weight_grams: v.weight_grams,
              image_id: v.image_id,
            })),
          ),
        },
        now,
      );
      return saved;
    });
  } catch (error) {
    // Another product took one of these SKUs between the check and the write.
    if (isUniqueViolation(error)) {
      throw new DomainError<ProductEditingErrorCode>(
        'invalid_product_input',
        'The variants are refused.',
        { fields: { variants: [VARIANT_INPUT_MESSAGES.skuTaken] } },
      );
    }
    throw error;
  }
}

/** Those of `variants`' SKUs another product of the shop has. */
async function skusOfOtherProducts(
  trx: Db,
  tenantId: number,
  productId: number,
  variants: readonly CheckedVariant[],
): Promise<Set<string>> {
  if (variants.length === 0) return new Set();
  const rows = await trx
    .selectFrom('product_variants')
    .select('sku')
    .where('tenant_id', '=', tenantId)
    .where('product_id', '!=', productId)
    .where(
      'sku',
      'in',
      variants.map((v) => v.sku),
    )
    .execute();
  return new Set(rows.map((r) => r.sku));
}
