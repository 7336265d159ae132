/**
 * The grown shop's products: each drawn from the seeded generator (./catalog-words.ts gives its
 * name, description, attributes and, for a few, a rare word), with a price, stock, lead time and
 * options like the demo's, one to three of the seed's image files of its category, and its
 * reviews (about 1.46 a product, some verified by the generated customers). Written BATCH at a
 * time, with one inactive product in INACTIVE_EVERY; used for the grown shop and for each bench
 * shop (./grow-shops.ts).
 */
import type { BulkWriter, Cell } from './bulk-writer';
import {
  between,
  CATEGORIES,
  type CategoryWords,
  pick,
  productText,
  type Random,
  randomFor,
  reviewComment,
  reviewerName,
  reviewRating,
  slugify,
  weighted,
} from './catalog-words';
import type { GrowReport } from './grow-catalog';
import {
  ATTRIBUTE_COLUMNS,
  BATCH,
  DAY_MS,
  type Ids,
  IMAGE_COLUMNS,
  iso,
  PRODUCT_COLUMNS,
  REVIEW_COLUMNS,
  type ShopContext,
  YEAR_MS,
} from './grow-rows';

/** One product in this many generated is inactive: never listed, never counted. */
const INACTIVE_EVERY = 50;

/** Review counts per product (0..5) and their weights: about 1.45 on average. */
const REVIEW_COUNT_WEIGHTS = [34, 25, 18, 12, 7, 4];

/** How many products `addProducts` adds and how it draws them; `report` is tallied when given. */
export interface ProductBatchOptions {
  count: number;
  /** Index of the first generated product: decides its words and which rare word it holds. */
  firstIndex: number;
  seed: number;
  stream: number;
  now: number;
  /** Customers who may write a verified review (ids). */
  customerIds: readonly { id: number; name: string }[];
  report?: GrowReport;
  log?: (line: string) => void;
}

/**
 * Adds `count` active products (plus one inactive in INACTIVE_EVERY) to the shop, with their
 * images, attributes and reviews, BATCH at a time.
 * @returns how many active products it added
 */
export async function addProducts(
  writer: BulkWriter,
  ids: Ids,
  shop: ShopContext,
  o: ProductBatchOptions,
): Promise<number> {
  const weights = CATEGORIES.map((c) => c.weight);
  let index = o.firstIndex;
  let active = 0;
  while (active < o.count) {
    const products: Cell[][] = [];
    const images: Cell[][] = [];
    const attributes: Cell[][] = [];
    const reviews: Cell[][] = [];
    while (products.length < BATCH && active < o.count) {
      const random = randomFor(o.seed, o.stream, index);
      const category = CATEGORIES[weighted(random, weights)]!;
      const isActive = index % INACTIVE_EVERY !== INACTIVE_EVERY - 1;
      const made = makeProduct(random, category, index, shop, o, ids.take('products'), isActive);
      products.push(made.product);
      images.push(...made.images);
      attributes.push(...made.attributes);
      reviews.push(...made.reviews);
      index++;
      if (isActive) {
        active++;
        if (o.report) {
          const text = `${made.name} ${made.description}`.toLowerCase();
          for (const word of Object.keys(o.report.rareWords)) {
            if (text.includes(word)) o.report.rareWords[word]!++;
          }
          if (text.includes('walnut')) o.report.walnutProducts++;
        }
      } else if (o.report) {
        o.report.added.inactiveProducts++;
      }
    }
    await writer.insert('products', PRODUCT_COLUMNS, products);
    await writer.insert('product_images', IMAGE_COLUMNS, images);
    await writer.insert('product_attributes', ATTRIBUTE_COLUMNS, attributes);
    await writer.insert('reviews', REVIEW_COLUMNS, reviews);
    if (o.report) {
      o.report.added.products += products.length;
      o.report.added.images += images.length;
      o.report.added.attributes += attributes.length;
      o.report.added.reviews += reviews.length;
      if (o.count >= 4 * BATCH) {
        o.log?.(`products: ${active} of ${o.count} active added`);
      }
    }
  }
  return active;
}

/** One generated product's rows. */
function makeProduct(
  random: Random,
  category: CategoryWords,
  index: number,
  shop: ShopContext,
  o: ProductBatchOptions,
  id: number,
  isActive: boolean,
) {
  const text = productText(random, category, index);
  const categoryId = shop.categoryIds.get(category.slug);
  if (categoryId === undefined) throw new Error(`category ${category.slug} was not added`);
  const [low, high] = category.price;
  // Prices in whole units, most ending in 0 or 5, a few at .50 (integer cents throughout).
  const base = between(random, low, high);
  const priceCents = (base - (base % 5)) * 100 + (random() < 0.1 ? 50 : 0);
  const discounted = random() < 0.12;
  const price = discounted
    ? Math.max(100, Math.round((priceCents * between(random, 70, 90)) / 100 / 100) * 100)
    : priceCents;
  const madeToOrder = random() < 0.05;
  const stock = madeToOrder ? 0 : random() < 0.08 ? 0 : between(random, 1, 25);
  const leadMin = madeToOrder ? between(random, 10, 20) : null;
  const leadMax = leadMin === null ? null : leadMin + between(random, 5, 15);
  const options = shop.options.get(category.slug);
  const createdAt = o.now - Math.floor(random() * 3 * YEAR_MS);
  const slug = `${slugify(text.name)}-${index.toString(36)}`;
  const product: Cell[] = [
    id,
    shop.tenantId,
    slug,
    text.name,
    categoryId,
    price,
    discounted ? priceCents : null,
    stock,
    text.description,
    text.longHtml,
    isActive ? 1 : 0,
    iso(createdAt),
    options && random() < 0.15 ? options : null,
    madeToOrder ? 1 : 0,
    leadMin,
    leadMax,
    category.ageRestricted ? 1 : 0,
  ];

  const pool = shop.images.get(category.imagesFrom) ?? [...shop.images.values()].flat();
  const imageCount = pool.length === 0 ? 0 : Math.min(pool.length, between(random, 1, 3));
  const first = Math.floor(random() * Math.max(1, pool.length));
  const images: Cell[][] = [];
  for (let n = 0; n < imageCount; n++) {
    const file = pool[(first + n) % pool.length]!;
    images.push([id, file.image, file.thumb, `${text.name}, view ${n + 1}`, n + 1]);
  }
  const attributes: Cell[][] = text.attributes.map((a, n) => [id, a.key, a.value, n + 1]);

  const reviews: Cell[][] = [];
  const reviewCount = weighted(random, REVIEW_COUNT_WEIGHTS);
  const reviewers = new Set<number>();
  for (let n = 0; n < reviewCount; n++) {
    const rating = reviewRating(random);
    const verified = random() < 0.6 && o.customerIds.length > 0;
    let author: { id: number; name: string } | null = null;
    if (verified) {
      // One review per customer per product (a unique index): draw another on a repeat.
      for (let tries = 0; tries < 5 && author === null; tries++) {
        const candidate = pick(random, o.customerIds);
        if (!reviewers.has(candidate.id)) author = candidate;
      }
      if (author) reviewers.add(author.id);
    }
    const at = createdAt + Math.floor(random() * Math.max(DAY_MS, o.now - createdAt));
    reviews.push([
      shop.tenantId,
      id,
      author ? author.name : reviewerName(random),
      author ? author.id : null,
      rating,
      reviewComment(random, rating),
      author ? 1 : 0,
      iso(Math.min(at, o.now)),
    ]);
  }
  return {
    name: text.name,
    description: text.description,
    product,
    images,
    attributes,
    reviews,
  };
}
