/**
 * What the product page's loader keeps of a product for its head (./seo.ts): a few fields, not
 * the product, so the page's data is not sent twice, and the delivery rates that apply to it.
 * A module of its own because only the loader uses it: the loader is code-split, the head is
 * in every page's first-load JavaScript.
 */
import { toMinorUnits } from '../../../common/money';
import type { ShippingOptions } from '../shipping/api';
import type { Product } from './api';
import { descriptionOrFallback } from './product-logic';

/** The product fields the product page's head needs. */
export interface ProductSummary {
  slug: string;
  name: string;
  description: string;
  images: string[];
  imageAlt: string | null;
  category: { name: string; slug: string } | null;
  /**
   * The Product's other schema.org properties, made here for the same reason as `offer`: its
   * reviews' `aggregateRating` (rating 1-5 and their count) when it has reviews, and its safety
   * information's `manufacturer`, `model`, `mpn` and `productID` ({@link identityJsonLd}).
   */
  extra: object;
  /** Its breadcrumbs, Home to the piece: names and site paths, for the BreadcrumbList. */
  crumbs: Array<{ name: string; path: string }>;
  /**
   * The piece's schema.org `Offer` ({@link offerJsonLd}: its price in the shop's currency, its
   * availability, delivery and returns), made here rather than in the head: the head is in every
   * page's first-load JavaScript, the loader only in the product page's.
   */
  offer: object;
}

/** The `Offer` properties on delivery and returns; empty when the shipping options failed. */
export interface OfferDetails {
  shippingDetails?: object[];
  hasMerchantReturnPolicy?: object;
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
 * ShippingOptions.delivery_zones; the rules of decision 042): an age-restricted piece only by an
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
 * when they could not be loaded: the summary then says nothing about delivery or returns),
 * `origin` the storefront's (`https://shop.example`), for the offer's and the refund policy's
 * addresses, `currency` the shop's ISO 4217 code (SiteSettings `currency`; null when the
 * settings could not be loaded: the offer then states no currency and no delivery rates).
 */
export function productSummary(
  product: Product,
  shipping: Pick<ShippingOptions, 'countries' | 'delivery_zones'> | null = null,
  origin = '',
  currency: string | null = null,
): ProductSummary {
  const images = [
    product.main_image?.image,
    ...(product.images ?? []).map((image) => image.image),
  ].filter((value, index, all): value is string => Boolean(value) && all.indexOf(value) === index);
  return {
    slug: product.slug,
    name: product.name,
    description: descriptionOrFallback(product.description),
    images,
    imageAlt: product.main_image?.alt_text || product.name,
    category: product.category
      ? { name: product.category.name, slug: product.category.slug }
      : null,
    extra: {
      ...((product.review_count ?? 0) > 0 && product.average_rating != null
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.average_rating,
              reviewCount: product.review_count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      ...identityJsonLd(product.safety),
    },
    crumbs: [
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
    ],
    offer: offerJsonLd(product, shipping, origin, currency),
  };
}

/**
 * The schema.org properties of a product's safety information (EU GPSR art. 19; decision 083):
 * the manufacturer as an `Organization` with its `name`, `address` (text) and `email` or `url`;
 * the type or model as `model` and `mpn`; the batch or serial number as `productID`. The EU
 * responsible person and the warnings have no schema.org property, so they stay on the page
 * only. Undefined when none of these is set.
 */
export function identityJsonLd(safety: Product['safety']): object | undefined {
  if (!safety) return undefined;
  const out: Record<string, unknown> = {};
  const maker = safety.manufacturer;
  if (maker && maker.name) {
    const web = /^https?:\/\//i.test(maker.contact);
    out.manufacturer = {
      '@type': 'Organization',
      name: maker.name,
      ...(maker.address ? { address: maker.address.replace(/\s*\n\s*/g, ', ') } : {}),
      ...(maker.contact ? (web ? { url: maker.contact } : { email: maker.contact }) : {}),
    };
  }
  if (safety.model) {
    out.model = safety.model;
    out.mpn = safety.model;
  }
  if (safety.batch_or_serial) out.productID = safety.batch_or_serial;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * schema.org `Offer` of a piece (Google's merchant listing): its address, its price as a
 * decimal string in the shop's `currency` (ISO 4217; none stated when it is unknown),
 * availability MadeToOrder for a piece made for each order, else InStock or OutOfStock from the
 * stock, a new item, and what it says of delivery and returns ({@link offerDetailsJsonLd}, when
 * the shop's `shipping` options loaded). No `priceValidUntil`: a discount
 * (`price_before_discount`) has no end date in the contract, and a made-up date would tell
 * search engines the price expires when it does not. A piece with variants has an array of
 * offers, one per variant with its `sku` (issue 42, decision 091).
 */
export function offerJsonLd(
  product: Product,
  shipping: Pick<ShippingOptions, 'countries' | 'delivery_zones'> | null,
  origin: string,
  currency: string | null,
): object {
  const madeToOrder = product.made_to_order === true;
  /**
   * schema.org's availability of the piece, or of one of its variants, with `stock` left; a
   * gift card takes no stock, so it is always in stock.
   */
  const availability = (stock: number) =>
    madeToOrder
      ? 'https://schema.org/MadeToOrder'
      : stock > 0 || product.gift_card
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock';
  const offer = {
    '@type': 'Offer',
    url: `${origin.replace(/\/+$/, '')}/products/${encodeURIComponent(product.slug)}`,
    price: product.price,
    ...(currency ? { priceCurrency: currency } : {}),
    availability: availability(product.stock),
    itemCondition: 'https://schema.org/NewCondition',
    ...(shipping
      ? offerDetailsJsonLd(
          madeToOrder,
          // A gift card is e-mailed (decision 090): no shipping rates.
          product.gift_card ? [] : shippingRatesOf(product, shipping),
          shipping.countries.map((country) => country.code),
          origin,
          currency,
        )
      : {}),
  };
  // A piece with variants (issue 42): an Offer per variant, with its SKU, name, price and
  // availability; delivery and returns as the piece's (its lowest price).
  const variants = product.variants ?? [];
  if (variants.length === 0) return offer;
  return variants.map((variant) => ({
    ...offer,
    sku: variant.sku,
    name: `${product.name} (${variant.label})`,
    price: variant.price,
    availability: availability(variant.stock),
  }));
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
 * Null when the countries are unknown (the policy must name where it applies). `shipsTo`:
 * the countries the shop sends to; `origin`: the storefront's.
 */
export function returnPolicyJsonLd(
  madeToOrder: boolean,
  shipsTo: readonly string[],
  origin: string,
): object | null {
  if (shipsTo.length === 0) return null;
  const policy = {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: shipsTo,
    merchantReturnLink: `${origin.replace(/\/+$/, '')}/refund-policy`,
  };
  return madeToOrder
    ? { ...policy, returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' }
    : {
        ...policy,
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: STATUTORY_RETURN_DAYS,
        returnMethod: 'https://schema.org/ReturnByMail',
      };
}

/**
 * schema.org `OfferShippingDetails`, one per delivery method the piece may go by, its rate in
 * the shop's `currency` (ISO 4217).
 */
function shippingDetailsJsonLd(
  shipping: readonly ShippingRateSummary[],
  currency: string,
): object[] {
  return shipping.map((method) => ({
    '@type': 'OfferShippingDetails',
    shippingLabel: method.label,
    shippingRate: { '@type': 'MonetaryAmount', value: method.rate, currency },
    shippingDestination: method.countries.map((country) => ({
      '@type': 'DefinedRegion',
      addressCountry: country,
    })),
  }));
}

/**
 * The `Offer` JSON-LD properties on delivery and returns: `shippingDetails`, one
 * `OfferShippingDetails` per delivery method the piece may go by, its rate in the shop's
 * `currency` (when there is one and the currency is known), and `hasMerchantReturnPolicy`
 * ({@link returnPolicyJsonLd}).
 */
export function offerDetailsJsonLd(
  madeToOrder: boolean,
  shipping: readonly ShippingRateSummary[],
  shipsTo: readonly string[],
  origin: string,
  currency: string | null,
): OfferDetails {
  const returnPolicy = returnPolicyJsonLd(madeToOrder, shipsTo, origin);
  return {
    ...(shipping.length && currency
      ? { shippingDetails: shippingDetailsJsonLd(shipping, currency) }
      : {}),
    ...(returnPolicy ? { hasMerchantReturnPolicy: returnPolicy } : {}),
  };
}
