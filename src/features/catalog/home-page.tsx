import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiErrorMessage } from '../../api/errors';
import { siteSettingsQuery } from '../site/api';
import { categoriesQuery, HOME_STRIP_SIZE, homeProductsQuery, type ProductListItem } from './api';
import { focalClasses } from './photo-framing';
import { ProductGrid } from './product-grid';
import { ProductGridSkeleton } from './skeletons';
import './catalog.css';

/**
 * Up to `size` products for the home page's strip, taken from the list in order but one
 * category at a time (the first of each category, then the second, ...), so the strip shows
 * the whole range of the shop rather than eight of its first category.
 */
export function featuredProducts(
  products: readonly ProductListItem[],
  size: number,
): ProductListItem[] {
  const byCategory = new Map<string, ProductListItem[]>();
  for (const product of products) {
    const key = product.category?.slug ?? '';
    byCategory.set(key, [...(byCategory.get(key) ?? []), product]);
  }
  const groups = [...byCategory.values()];
  const picked: ProductListItem[] = [];
  for (
    let round = 0;
    picked.length < size && groups.some((group) => group.length > round);
    round += 1
  ) {
    for (const group of groups) {
      const product = group[round];
      if (product && picked.length < size) picked.push(product);
    }
  }
  return picked;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * Plain text of a server HTML fragment, for a one-line teaser. The result is only ever rendered
 * as text (React escapes it), never as HTML. Pure string work, so the server render and the
 * browser produce the same text (no DOMParser, which the server has not): tags and the content
 * of script and style elements are dropped, common and numeric entities decoded.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(
      /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote|pre|hr)\b[^>]*>/gi,
      ' ',
    )
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The hero's pictures come from the site settings (`hero_images`): the photo the owner chose,
 * shown alone around its focal point, or else the main photos of the shop's three oldest
 * products as a collage, so a new product never takes the hero.
 */
function Hero() {
  const { data: settings, isPending } = useQuery(siteSettingsQuery());
  const title = settings?.site_title?.trim();
  const description = settings?.site_description?.trim();

  return (
    <section className="catalog-hero" aria-labelledby="catalog-hero-title">
      <div className="page-container catalog-hero__inner">
        <div className="catalog-hero__text">
          <p className="catalog-hero__eyebrow">Made by hand, one piece at a time</p>
          <h1 id="catalog-hero-title" className="catalog-hero__title">
            {title ||
              (isPending ? (
                <span className="catalog-skeleton catalog-skeleton--title" />
              ) : (
                'Welcome'
              ))}
          </h1>
          {description ? <p className="catalog-hero__lead">{description}</p> : null}
          <div className="catalog-hero__actions">
            <Link to="/products" className="button-primary">
              Shop now
            </Link>
            <Link to="/gallery" className="button-secondary catalog-hero__secondary">
              View the gallery
            </Link>
          </div>
        </div>
        <div className="catalog-hero__art" aria-hidden="true">
          {settings?.hero_images?.map((picture, index) => (
            <img
              key={index}
              // One photo (the owner's choice) fills the art: ./catalog-home.css, :only-child.
              className={`catalog-hero__picture catalog-hero__picture--${index + 1} ${focalClasses(picture)}`}
              src={picture.image}
              alt=""
              width={800}
              height={800}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

/** Each tile's picture is the category's `image`: the owner's choice, else its oldest product's. */
function CategoryTiles() {
  const { data: categories, isPending, isError, error } = useQuery(categoriesQuery());

  return (
    <section
      className="page-container catalog-home-section"
      aria-labelledby="catalog-home-categories"
    >
      <div className="catalog-home-section__head">
        <h2 id="catalog-home-categories" className="catalog-section-title">
          Shop by category
        </h2>
      </div>
      {isPending ? (
        <ul className="catalog-tiles" aria-hidden="true">
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className="catalog-tile catalog-skeleton" />
          ))}
        </ul>
      ) : isError ? (
        <p className="catalog-error" role="alert">
          {apiErrorMessage(error, 'Failed to load categories.')}
        </p>
      ) : categories.length === 0 ? (
        <p className="catalog-empty">No categories found</p>
      ) : (
        <ul className="catalog-tiles" aria-label="Categories">
          {categories.map((category) => {
            const picture = category.image;
            const teaser = htmlToText(category.description);
            return (
              <li key={category.id}>
                <Link to="/products" search={{ category: category.slug }} className="catalog-tile">
                  {picture ? (
                    <img
                      className={`catalog-tile__image ${focalClasses(picture)}`}
                      src={picture.thumb_image || picture.image}
                      alt=""
                      width={320}
                      height={320}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : null}
                  <span className="catalog-tile__text">
                    <span className="catalog-tile__name">{category.name}</span>
                    {teaser ? <span className="catalog-tile__teaser">{teaser}</span> : null}
                    <span className="catalog-tile__cta" aria-hidden="true">
                      Browse →
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The home page (section 4; the spec does not show it): a hero with the site title and
 * description and a 'Shop now' link, the categories as tiles, and a strip of products. Each
 * section loads and fails on its own, so one failed call never blanks the page.
 */
export function HomePage() {
  const products = useQuery(homeProductsQuery());
  const list = products.data?.results ?? [];

  return (
    <div className="catalog-home">
      <Hero />
      <CategoryTiles />
      <section
        className="page-container catalog-home-section"
        aria-labelledby="catalog-home-products"
      >
        <div className="catalog-home-section__head">
          <h2 id="catalog-home-products" className="catalog-section-title">
            Fresh from the workshop
          </h2>
          <Link to="/products" className="catalog-link catalog-home-section__more">
            View all products →
          </Link>
        </div>
        {products.isPending ? (
          <ProductGridSkeleton count={HOME_STRIP_SIZE} />
        ) : products.isError ? (
          <p className="catalog-error" role="alert">
            {apiErrorMessage(products.error, 'Failed to load products.')}
          </p>
        ) : list.length === 0 ? (
          <p className="catalog-empty">No products found.</p>
        ) : (
          <ProductGrid
            products={featuredProducts(list, HOME_STRIP_SIZE)}
            label="Featured products"
          />
        )}
      </section>
    </div>
  );
}
