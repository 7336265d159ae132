/**
 * The catalogue's search-engine metadata: what the product and product-list routes
 * put in their head. Loaders return a {@link ProductSummary} (a few fields, not the product,
 * so the page's data is not sent twice), and `head` turns it into tags and JSON-LD.
 */
import {
  absoluteUrl,
  breadcrumbJsonLd,
  mediaUrl,
  originFor,
  pageHead,
  summarize,
  type HeadMatch,
  type HeadResult,
} from '../site/api';
import type { Category, Product } from './api';
import { productListTitle } from './list-text';
import { descriptionOrFallback } from './product-logic';

/** The product fields the product page's head needs. */
export interface ProductSummary {
  slug: string;
  name: string;
  description: string;
  /** Decimal string, as the API gives it ("45.00"). */
  price: string;
  stock: number;
  /** Made for each order: on offer at any stock. */
  madeToOrder: boolean;
  images: string[];
  imageAlt: string | null;
  category: { name: string; slug: string } | null;
  averageRating: number | null;
  reviewCount: number;
}

/** The {@link ProductSummary} of a product. */
export function productSummary(product: Product): ProductSummary {
  const images = [
    product.main_image?.image,
    ...(product.images ?? []).map((image) => image.image),
  ].filter((value, index, all): value is string => Boolean(value) && all.indexOf(value) === index);
  return {
    slug: product.slug,
    name: product.name,
    description: descriptionOrFallback(product.description),
    price: product.price,
    stock: product.stock,
    madeToOrder: product.made_to_order === true,
    images,
    imageAlt: product.main_image?.alt_text || product.name,
    category: product.category
      ? { name: product.category.name, slug: product.category.slug }
      : null,
    averageRating: product.average_rating ?? null,
    reviewCount: product.review_count ?? 0,
  };
}

/**
 * schema.org `Product` with an `Offer` (price as a decimal string, currency USD, availability
 * MadeToOrder for a piece made for each order, else InStock or OutOfStock from the stock) and, when the product has reviews, an
 * `AggregateRating` (rating 1-5 and the review count).
 */
export function productJsonLd(matches: readonly HeadMatch[], product: ProductSummary): object {
  const url = absoluteUrl(originFor(matches), `/products/${encodeURIComponent(product.slug)}`);
  const rated = product.reviewCount > 0 && product.averageRating != null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.slug,
    url,
    ...(product.images.length
      ? { image: product.images.map((image) => mediaUrl(matches, image)) }
      : {}),
    ...(product.category ? { category: product.category.name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'USD',
      availability: product.madeToOrder
        ? 'https://schema.org/MadeToOrder'
        : product.stock > 0
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.averageRating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The product page's head: title, description, image, Product and BreadcrumbList JSON-LD. */
export function productHead(
  matches: readonly HeadMatch[],
  product: ProductSummary | undefined,
): HeadResult {
  if (!product) return pageHead(matches, { title: 'Product not found' });
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Products', path: '/products' },
    ...(product.category
      ? [
          {
            name: product.category.name,
            path: `/products?category=${encodeURIComponent(product.category.slug)}`,
          },
        ]
      : []),
    { name: product.name, path: `/products/${encodeURIComponent(product.slug)}` },
  ];
  return pageHead(matches, {
    title: product.name,
    description: product.description,
    image: product.images[0],
    imageAlt: product.imageAlt,
    type: 'product',
    jsonLd: [productJsonLd(matches, product), breadcrumbJsonLd(matches, crumbs)],
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
