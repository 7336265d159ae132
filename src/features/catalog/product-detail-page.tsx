import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { apiErrorMessage, isNotFound } from '../../api/errors';
import { SanitizedHtml } from '../../components/sanitized-html';
import { deferredForm } from '../../components/deferred-form';
import { productQuery, type Product } from './api';
import { ProductGallery } from './product-gallery';
import { RecallNotice } from './product-safety';
import { formatAverage, reviewCountLabel } from './product-logic';
import { ReviewsList } from './reviews-list';
import { StarRating } from './star-rating';
import './catalog.css';

const PurchasePanel = deferredForm(() => import('./purchase-panel').then((m) => m.PurchasePanel));

function RatingSummary({ product }: { product: Product }) {
  if (!product.review_count || product.average_rating == null) {
    return <p className="catalog-rating catalog-rating--none">No reviews yet</p>;
  }
  return (
    <p className="catalog-rating">
      <StarRating rating={product.average_rating} />
      <span className="catalog-rating__average">{formatAverage(product.average_rating)}</span>
      <a href="#reviews" className="catalog-link catalog-rating__count">
        {reviewCountLabel(product.review_count)}
      </a>
    </p>
  );
}

/**
 * Scrolls to `#reviews` when the address asks for it (the review prompt's login comes back to
 * /products/{slug}#reviews). The router's own hash scrolling does not reach it after a
 * server-rendered page was hydrated, so the page does it once it is shown. In an effect:
 * render stays isomorphic.
 */
function useScrollToReviews(slug: string) {
  useEffect(() => {
    if (window.location.hash === '#reviews')
      document.getElementById('reviews')?.scrollIntoView({ block: 'start' });
  }, [slug]);
}

const NO_OPTIONS: Product['options'] = [];

/**
 * The review form beside a product's reviews, given by whoever composes the page (the route):
 * the reviews feature sits above the catalogue, since posting a review updates the product query.
 */
export type ReviewFormSlot = (product: Product) => ReactNode;

/**
 * The product view itself, for a loaded product (spec section 2, /products/{slug}): besides the
 * spec's facts, the price for the chosen options, the age note of a piece sold to adults only,
 * when it is dispatched (made to order or ready to ship), the options above Add to Cart, and the
 * reviews with `reviewForm` beside them; a 'SALE' badge and its percent under the name while the
 * shop's sale reduces the piece (issue 42).
 */
export function ProductDetail({
  product: loaded,
  reviewForm,
}: {
  product: Product;
  reviewForm?: ReviewFormSlot;
}) {
  // A product served without options (an answer from before they existed) reads as one that
  // has none, rather than breaking the page.
  const product = loaded.options ? loaded : { ...loaded, options: NO_OPTIONS };
  useScrollToReviews(product.slug);

  return (
    <article className="page-container catalog-product">
      <RecallNotice recall={product.recall} />
      <div className="catalog-product__top">
        <ProductGallery product={product} />
        <div className="catalog-product__info">
          {product.category ? (
            <Link
              to="/products"
              search={{ category: product.category.slug }}
              className="catalog-product__category catalog-link"
            >
              {product.category.name}
            </Link>
          ) : null}
          <h1 className="catalog-product__name">{product.name}</h1>
          {product.sale ? (
            <p className="catalog-product__sale">
              <span className="catalog-badge catalog-badge--sale">SALE</span> {product.sale.percent}
              % off
            </p>
          ) : null}
          <RatingSummary product={product} />
          <PurchasePanel product={product} />
        </div>
      </div>
      {product.long_html_description ? (
        <section className="catalog-product__details" aria-labelledby="catalog-details-title">
          <h2 id="catalog-details-title" className="catalog-section-title">
            Details
          </h2>
          <SanitizedHtml className="catalog-prose" html={product.long_html_description} />
        </section>
      ) : null}
      <ReviewsList
        reviews={product.reviews ?? []}
        averageRating={product.average_rating}
        reviewCount={product.review_count ?? 0}
        form={reviewForm?.(product)}
      />
    </article>
  );
}

/** /products/{slug}: reads the product query the loader filled; 'Product data is unavailable.' if empty. */
export function ProductDetailPage({
  slug,
  reviewForm,
}: {
  slug: string;
  reviewForm?: ReviewFormSlot;
}) {
  const { data: product } = useSuspenseQuery(productQuery(slug));
  if (!product) {
    return (
      <p className="page-container catalog-error" role="alert">
        Product data is unavailable.
      </p>
    );
  }
  // A new product starts with fresh choices and quantity, even when the route keeps the page.
  return <ProductDetail key={product.id} product={product} reviewForm={reviewForm} />;
}

/** Error state of the product page (spec section 8): 404 'Product not found.', else detail or fallback. */
export function ProductDetailError({ error }: { error: unknown }) {
  const message = isNotFound(error)
    ? 'Product not found.'
    : apiErrorMessage(error, 'Failed to load product details.');
  return (
    <div className="page-container catalog-notice" role="alert">
      <p className="catalog-notice__text">{message}</p>
      <Link to="/products" className="button-secondary">
        Browse all products
      </Link>
    </div>
  );
}
