/*
 * Pending states of the catalogue routes. Router pending components are not code-split, so
 * they live here, away from the pages (and from DOMPurify), to keep the entry bundle small.
 */
import './catalog.css';

/** Placeholder grid of the same shape while products load (architecture: one skeleton per page shape). */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="catalog-grid-wrap" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading products…
      </span>
      <ul className="catalog-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="catalog-grid__item">
            <div className="catalog-card catalog-card--skeleton">
              <div className="catalog-card__media catalog-skeleton" />
              <div className="catalog-card__body">
                <div className="catalog-skeleton catalog-skeleton--line catalog-skeleton--short" />
                <div className="catalog-skeleton catalog-skeleton--line" />
                <div className="catalog-skeleton catalog-skeleton--line catalog-skeleton--price" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Pending state of /products: the title area and a skeleton grid of the same shape. */
export function ProductListSkeleton() {
  return (
    <section className="page-container catalog-list">
      <header className="catalog-list__header">
        <div className="catalog-skeleton catalog-skeleton--title" />
      </header>
      <ProductGridSkeleton count={8} />
    </section>
  );
}

/** Pending state of the product page, shaped like the page so nothing jumps. */
export function ProductDetailSkeleton() {
  return (
    <div className="page-container catalog-product" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading product…
      </span>
      <div className="catalog-product__top" aria-hidden="true">
        <div className="catalog-gallery">
          <div className="catalog-gallery__stage catalog-skeleton" />
        </div>
        <div className="catalog-product__info">
          <div className="catalog-skeleton catalog-skeleton--line catalog-skeleton--short" />
          <div className="catalog-skeleton catalog-skeleton--title" />
          <div className="catalog-skeleton catalog-skeleton--line catalog-skeleton--short" />
          <div className="catalog-skeleton catalog-skeleton--line catalog-skeleton--price" />
          <div className="catalog-skeleton catalog-skeleton--block" />
          <div className="catalog-skeleton catalog-skeleton--button" />
        </div>
      </div>
    </div>
  );
}

/** Pending state of /gallery: a grid of grey tiles. */
export function GallerySkeleton() {
  return (
    <section className="page-container catalog-gallery-page" aria-busy="true">
      <header className="catalog-list__header">
        <h1 className="catalog-list__title">Gallery</h1>
      </header>
      <span className="visually-hidden" role="status">
        Loading products…
      </span>
      <ul className="catalog-mosaic" aria-hidden="true">
        {Array.from({ length: 12 }, (_, index) => (
          <li key={index}>
            <div className="catalog-mosaic__tile catalog-skeleton" />
          </li>
        ))}
      </ul>
    </section>
  );
}
