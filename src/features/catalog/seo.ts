/**
 * The catalogue's search-engine metadata: what the product and product-list routes
 * put in their head. Loaders return a {@link ProductSummary} (a few fields, not the product,
 * so the page's data is not sent twice), and `head` turns it into tags and JSON-LD.
 */
import { toMinorUnits } from '../../api/money';
import type { ShippingOptions } from '../checkout/api';
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
  /**
   * How the piece alone is delivered and what that costs, method by method; null when the
   * shop's rates are unknown (their answer failed), [] when it is delivered nowhere.
   */
  shipping: ShippingRateSummary[] | null;
  /** The countries the shop sends to (where its return policy applies); [] when unknown. */
  shipsTo: string[];
}

/** One delivery method the piece may go by, for its offer's shipping details. */
export interface ShippingRateSummary {
  /** The method's name, e.g. 'Royal Mail Tracked 48'. */
  label: string;
  /** What sending this piece alone costs: decimal string, "0.00" past the free-over threshold. */
  rate: string;
  /** ISO 3166-1 alpha-2 codes. */
  countries: string[];
}

/**
 * The delivery methods `product` may go by, each with what sending it alone costs (contract:
 * ShippingOptions.delivery_zones; the rules of decision 014): an age-restricted piece only by an
 * age-verified method and only to a zone that allows it; a method is free when the piece's price
 * reaches its free-over threshold. Collection is not delivery and the contract leaves it out.
 */
export function shippingRatesOf(
  product: Pick<Product, 'price' | 'age_restricted'>,
  options: Pick<ShippingOptions, 'delivery_zones'>,
): ShippingRateSummary[] {
  const price = toMinorUnits(product.price);
  return (options.delivery_zones ?? []).flatMap((zone) => {
    if (product.age_restricted && !zone.age_restricted_allowed) return [];
    return zone.methods
      .filter((method) => !product.age_restricted || method.age_verified)
      .map((method) => {
        const freeOver = toMinorUnits(method.free_over);
        const free = price !== null && freeOver !== null && price >= freeOver;
        return {
          label: method.name,
          rate: free ? '0.00' : method.price,
          countries: zone.countries,
        };
      });
  });
}

/**
 * The {@link ProductSummary} of a product; `shipping` is the shop's shipping options (null
 * when they could not be loaded: the summary then says nothing about delivery).
 */
export function productSummary(
  product: Product,
  shipping: Pick<ShippingOptions, 'countries' | 'delivery_zones'> | null = null,
): ProductSummary {
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
    shipping: shipping ? shippingRatesOf(product, shipping) : null,
    shipsTo: (shipping?.countries ?? []).map((country) => country.code),
  };
}

/**
 * The statutory cancellation period of a distance sale in the UK and the EU, where the shops
 * send most of their pieces: the return window every shop must give at least. The contract
 * carries no window of the shop's own (its refund policy is a free-text document, the demo's
 * says 30 days), so the structured data states this floor and links to the policy itself.
 */
export const STATUTORY_RETURN_DAYS = 14;

/**
 * schema.org `MerchantReturnPolicy` of a piece, linked to the shop's refund policy page, for
 * the countries it ships to. A piece made to order is made for its buyer and cannot be
 * returned (the same exception the statutory right makes for goods made to the buyer's
 * specification, and the demo shop's policy for commissions): `MerchantReturnNotPermitted`.
 * Any other piece has a finite window of {@link STATUTORY_RETURN_DAYS} days, returned by post.
 * A personalisation (an engraving) is chosen per order line, not per piece, so it does not
 * make the piece itself unreturnable here; the linked policy says what it changes.
 * Null when the countries are unknown (the policy must name where it applies).
 */
export function returnPolicyJsonLd(
  matches: readonly HeadMatch[],
  product: Pick<ProductSummary, 'madeToOrder' | 'shipsTo'>,
): object | null {
  if (product.shipsTo.length === 0) return null;
  const policy = {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: product.shipsTo,
    merchantReturnLink: absoluteUrl(originFor(matches), '/refund-policy'),
  };
  return product.madeToOrder
    ? { ...policy, returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' }
    : {
        ...policy,
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: STATUTORY_RETURN_DAYS,
        returnMethod: 'https://schema.org/ReturnByMail',
      };
}

/** schema.org `OfferShippingDetails`, one per delivery method the piece may go by. */
function shippingDetailsJsonLd(shipping: readonly ShippingRateSummary[]): object[] {
  return shipping.map((method) => ({
    '@type': 'OfferShippingDetails',
    shippingLabel: method.label,
    shippingRate: { '@type': 'MonetaryAmount', value: method.rate, currency: 'USD' },
    shippingDestination: method.countries.map((country) => ({
      '@type': 'DefinedRegion',
      addressCountry: country,
    })),
  }));
}

/**
 * schema.org `Product` (Google's merchant listing) with:
 * - `brand`: the shop, by its name (a maker sells what it makes); none when the shop has no name;
 * - an `Offer`: price as a decimal string, currency USD, availability MadeToOrder for a piece
 *   made for each order, else InStock or OutOfStock from the stock; `shippingDetails` from the
 *   shop's delivery rates, and `hasMerchantReturnPolicy` ({@link returnPolicyJsonLd}), both
 *   only when the shop's shipping options loaded. No `priceValidUntil`: a discount
 *   (`price_before_discount`) has no end date in the contract, and a made-up date would tell
 *   search engines the price expires when it does not;
 * - when the product has reviews, an `AggregateRating` (rating 1-5 and the review count).
 */
export function productJsonLd(matches: readonly HeadMatch[], product: ProductSummary): object {
  const url = absoluteUrl(originFor(matches), `/products/${encodeURIComponent(product.slug)}`);
  const rated = product.reviewCount > 0 && product.averageRating != null;
  const brand = shopNameFor(matches);
  const returnPolicy = returnPolicyJsonLd(matches, product);
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
      ...(product.shipping?.length
        ? { shippingDetails: shippingDetailsJsonLd(product.shipping) }
        : {}),
      ...(returnPolicy ? { hasMerchantReturnPolicy: returnPolicy } : {}),
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
