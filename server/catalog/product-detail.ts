/**
 * One product's page (spec section 7): the product with its images and attributes in their
 * order, its review statistics, and its reviews newest first; its safety information (EU General
 * Product Safety Regulation (EU) 2023/988 art. 19: ./product-safety.ts) and its open recall
 * (arts 35-37: ./recalls.ts); its variants (issue 42: ./variants.ts), `variant_axes` and
 * `variants`, absent for a piece without. A product the owner took off sale with a recall (a draft with an
 * open `off_sale` recall) still answers, with its notice, so its buyers can read it; no cart
 * takes it (carts take active products only).
 */
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { shopRules } from './dispatch-dates.ts';
import { shopNameOf } from '../content/shop-name.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import {
  type CatalogScope,
  type PricedSale,
  deliveryTableIn,
  loadRelated,
  PRODUCT_FIELDS,
  productColumns,
  salesOfRows,
  toProduct,
} from './product-rows.ts';
import { shopSafetyDefault, storefrontSafety } from './product-safety.ts';
import { recallNotice } from './recalls.ts';
import { storefrontVariants } from './variants.ts';
import { salePrice } from './sales.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';

type Product = Schemas['Product'];

/**
 * The tenant's active product `slug` as the contract's Product, with its approved `reviews`
 * (newest first, then by id; each with the shop's reply, under the shop's name, when it has
 * one) and `average_rating` over them (the product's stored statistics).
 * @throws DomainError `product_not_found` ("Not found.") for an unknown or inactive product.
 */
export async function loadProduct(scope: CatalogScope, slug: string): Promise<Product> {
  const { db, tenantId } = scope;
  const row =
    (await productColumns(db, tenantId)
      .select(PRODUCT_FIELDS)
      .select(['p.safety', 'p.variant_axes'])
      .where('p.slug', '=', slug)
      .executeTakeFirst()) ?? (await offSaleByRecall(scope, slug));
  if (!row) throw new DomainError<CatalogErrorCode>('product_not_found', 'Not found.');
  const [{ images, attributes }, reviews, rules, delivery, safety, recall, sales, variants] =
    await Promise.all([
      loadRelated(db, [row.id]),
      db
        .selectFrom('reviews')
        .select([
          'id',
          'product_id',
          'username',
          'rating',
          'comment',
          'is_verified_purchase',
          'incentivised',
          'created_at',
          'shop_reply',
          'shop_reply_at',
        ])
        .where('product_id', '=', row.id)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'approved')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      shopRules(db, tenantId),
      deliveryTableIn(scope),
      shopSafetyDefault(db, tenantId).then((shopDefault) =>
        storefrontSafety(row.safety, shopDefault),
      ),
      recallNotice(db, tenantId, row.id),
      salesOfRows(scope, [row]),
      storefrontVariants(db, tenantId, row),
    ]);
  const shopName = reviews.some((r) => r.shop_reply !== null) ? await shopNameOf(db, tenantId) : '';
  const sale = sales.get(row.id) ?? null;
  return {
    ...toProduct(
      row,
      images.get(row.id) ?? [],
      attributes.get(row.id) ?? [],
      rules,
      delivery,
      sale,
    ),
    ...(safety ? { safety } : {}),
    recall,
    ...variantsOnSale(variants, sale),
    reviews: reviews.map((r) => ({
      id: r.id,
      product: r.product_id,
      user: r.username === null ? null : { username: r.username },
      rating: r.rating,
      comment: r.comment,
      created_at: toIsoString(r.created_at),
      is_verified_purchase: toBool(r.is_verified_purchase),
      incentivised: toBool(r.incentivised),
      is_approved: true,
      shop_reply:
        r.shop_reply === null || r.shop_reply_at === null
          ? null
          : {
              shop_name: shopName,
              content: r.shop_reply,
              created_at: toIsoString(r.shop_reply_at),
            },
    })),
  };
}

/**
 * The product `slug` of the scope's shop that a recall took off sale (a draft, not archived,
 * with an open recall marked `off_sale`), as {@link PRODUCT_FIELDS} selects it with its
 * safety information; undefined for any other.
 */
async function offSaleByRecall(scope: CatalogScope, slug: string) {
  const { db, tenantId } = scope;
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'p.category_id').on('c.tenant_id', '=', tenantId),
    )
    .select(PRODUCT_FIELDS)
    .select(['p.safety', 'p.variant_axes'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.slug', '=', slug)
    .where('p.is_active', '=', 0)
    .where('p.archived_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('product_recalls as r')
          .select('r.id')
          .whereRef('r.product_id', '=', 'p.id')
          .where('r.tenant_id', '=', tenantId)
          .where('r.withdrawn_at', 'is', null)
          .where('r.off_sale', '=', 1),
      ),
    )
    .executeTakeFirst();
}

/**
 * The piece's variants at the running sale's price (issue 42): the sale's percent off each
 * variant's own price, rounded half up per unit as the cart does (./sales.ts `salePrice`), so
 * the page's picker shows what the cart will charge.
 */
function variantsOnSale(
  found: Awaited<ReturnType<typeof storefrontVariants>>,
  sale: PricedSale | null,
): Awaited<ReturnType<typeof storefrontVariants>> {
  if (!sale || !found.variants) return found;
  const percent = sale.sale.percent;
  return {
    ...found,
    variants: found.variants.map((v) => ({
      ...v,
      price: toDecimal(salePrice(toMinorUnits(v.price) ?? 0, percent)),
    })),
  };
}
