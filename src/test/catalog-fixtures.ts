import type { Product, Review } from '../features/catalog/api';
import type { ProductOption } from '../features/options/api';

/*
 * The catalogue as the API serves it, for the storefront's tests: products and reviews with
 * overrides, and a knife's options (a required choice, an engraving, an optional choice).
 */

let nextId = 1;

/** A product as the API serves it, with overrides. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId++;
  const slug = overrides.slug ?? `product-${id}`;
  return {
    id,
    slug,
    name: `Product ${id}`,
    price: '45.00',
    price_before_discount: null,
    delivery_from: null,
    stock: 5,
    is_active: true,
    description: 'Hand forged.',
    long_html_description: '<p>Long story.</p>',
    main_image: {
      image: `/api/media/${slug}-1.webp`,
      thumb_image: `/api/media/${slug}-1-thumb.webp`,
      alt_text: `Photo of ${slug}`,
    },
    images: [],
    category: { name: 'Chef Knives', slug: 'chef-knives' },
    attributes: [],
    average_rating: null,
    review_count: 0,
    options: [],
    made_to_order: false,
    lead_time_days_min: null,
    lead_time_days_max: null,
    age_restricted: false,
    cancellation_exempt: false,
    dispatch: { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' },
    ...overrides,
  };
}

/** A review with overrides. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: nextId++,
    user: { username: 'maria' },
    rating: 5,
    comment: 'Beautiful work.',
    created_at: '2026-03-14T10:00:00Z',
    is_verified_purchase: false,
    is_approved: true,
    shop_reply: null,
    ...overrides,
  };
}

/** A knife's options as the contract answers them: a required choice, an engraving, an optional choice. */
export const HANDLE: ProductOption = {
  key: 'handle',
  label: 'Handle wood',
  kind: 'choice',
  required: true,
  values: [
    { value: 'walnut', label: 'Walnut', price_delta: '0.00' },
    { value: 'ebony', label: 'Ebony', price_delta: '20.00' },
    { value: 'maple', label: 'Stabilised maple', price_delta: '35.00' },
  ],
  max_length: null,
  price_delta: '0.00',
};
export const ENGRAVING: ProductOption = {
  key: 'engraving_text',
  label: 'Engraving',
  kind: 'text',
  required: false,
  values: [],
  max_length: 24,
  price_delta: '15.00',
};
export const SHEATH: ProductOption = {
  key: 'sheath',
  label: 'Sheath',
  kind: 'choice',
  required: false,
  values: [{ value: 'leather', label: 'Leather', price_delta: '40.00' }],
  max_length: null,
  price_delta: '0.00',
};
