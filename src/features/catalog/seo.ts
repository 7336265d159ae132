/**
 * The catalogue's search-engine metadata: what the product and product-list routes
 * put in their head. Loaders return a {@link ProductSummary} (./product-summary.ts: a few
 * fields, not the product, so the page's data is not sent twice), and `head` turns it into
 * tags and JSON-LD. A route's `head` is in every page's first-load JavaScript (it is not
 * code-split); the summary is made by the loader, which is.
 */
import {
  absoluteUrl,
  breadcrumbJsonLd,
  mediaUrl,
  originFor,
  pageHead,
  shopNameFor,
  summarize,
  type HeadMatch,
  type HeadResult,
} from '../site/api';
import type { Category } from './api';
import { productListTitle } from './list-text';
import type { ProductSummary } from './product-summary';

/**
 * schema.org `Product` (Google's merchant listing) with:
 * - `brand`: the shop, by its name (a maker sells what it makes); none when the shop has no name;
 * - its `Offer` as the loader made it (./product-summary.ts `offerJsonLd`: the price in the
 *   shop's currency, availability, delivery and returns), kept out of the head's code, which
 *   every page loads first;
 * - its other properties as the loader made them (./product-summary.ts `extra`): when the
 *   product has reviews, its `AggregateRating` (rating 1-5 and the review count), and its safety
 *   information's `manufacturer`, `model`, `mpn` and `productID` (decision 083).
 */
export function productJsonLd(matches: readonly HeadMatch[], product: ProductSummary): object {
  const url = absoluteUrl(originFor(matches), `/products/${encodeURIComponent(product.slug)}`);
  const brand = shopNameFor(matches);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.slug,
    url,
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(product.images.length
      ? { image: product.images.map((image) => mediaUrl(matches, image)) }
      : {}),
    ...(product.category ? { category: product.category.name } : {}),
    offers: product.offer,
    ...product.extra,
  };
}

/** The product page's head: title, description, image, Product and BreadcrumbList JSON-LD. */
export function productHead(
  matches: readonly HeadMatch[],
  product: ProductSummary | undefined,
): HeadResult {
  if (!product) return pageHead(matches, { title: 'Product not found' });
  return pageHead(matches, {
    title: product.name,
    description: product.description,
    image: product.images[0],
    imageAlt: product.imageAlt,
    type: 'product',
    jsonLd: [productJsonLd(matches, product), breadcrumbJsonLd(matches, product.crumbs)],
  });
}

/** What the product list's loader returns for its head. */
export interface ProductListHeadData {
  search?: string;
  category?: Pick<Category, 'slug' | 'name' | 'description'> | null;
  categorySlug?: string;
}

/** Plain text of HTML for a meta description (tags dropped; rendered as an attribute, escaped). */
function textOf(html: string | null | undefined): string {
  return summarize((html ?? '').replace(/<[^>]*>/g, ' '));
}

/**
 * The product list's head: the page's own title; a category page gets its description and a
 * BreadcrumbList; search results are kept out of the index (they are endless and thin).
 */
export function productListHead(
  matches: readonly HeadMatch[],
  data: ProductListHeadData | undefined,
): HeadResult {
  const categoryName = data?.category?.name ?? data?.categorySlug;
  const title = productListTitle({ search: data?.search, categoryName });
  const slug = data?.category?.slug ?? data?.categorySlug;
  const crumbs = slug
    ? [
        breadcrumbJsonLd(matches, [
          { name: 'Home', path: '/' },
          { name: 'Products', path: '/products' },
          {
            name: categoryName ?? slug,
            path: `/products?category=${encodeURIComponent(slug)}`,
          },
        ]),
      ]
    : [];
  return pageHead(matches, {
    title,
    description: textOf(data?.category?.description) || undefined,
    noindex: Boolean(data?.search),
    jsonLd: data?.search ? [] : crumbs,
  });
}
