import { Link } from '@tanstack/react-router';
import { useId, useState, type CSSProperties } from 'react';
import type { ProductListItem } from './api';
import { useCenterPixelBackground } from './center-pixel';
import { Price } from '../../components/price';
import { useCurrency } from '../site/api';
import { DeliveryNote } from './delivery-note';
import { sortByOrder } from './product-logic';
import { focalClasses } from './photo-framing';

interface ProductCardProps {
  product: ProductListItem;
  /** Load the image eagerly: true for the first row, which is above the fold. */
  eager?: boolean;
  /** Level of the name heading (default 3, under a section's h2; 2 right under the h1). */
  headingLevel?: 2 | 3;
}

/**
 * One product in a grid (spec section 2, /products): image or 'No image available' (in the
 * shop's card aspect, cropped around the photo's focal point: ./photo-framing.ts), the
 * 'DISCOUNT OFFER' and 'SOLD OUT' badges ('SALE' instead of 'DISCOUNT OFFER' while the shop's sale
 * reduces the piece but no honest earlier price may show; 'MADE TO ORDER' instead of 'SOLD OUT' for a piece
 * made for each order, which can be ordered at stock 0), 'Adults only' beside the category of
 * an age-restricted piece, name, price in the shop's currency with the old price struck through
 * (the API sends an old price only when it is honest, Directive 98/6/EC art. 6a) and the delivery
 * beside it ('+ delivery from £6.50' or 'Free delivery', UK DMCC Act 2024), an attribute
 * tooltip ('key: value' lines, at most 300px wide, on hover and keyboard focus), and a
 * background tinted with the image's centre pixel.
 */
export function ProductCard({ product, eager = false, headingLevel = 3 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tooltipId = useId();
  const { background, onLoad, ref: imageRef } = useCenterPixelBackground();
  // Escape hides the tooltip until the pointer or focus leaves (WCAG 1.4.13, dismissible).
  const [dismissed, setDismissed] = useState(false);
  const attributes = sortByOrder(product.attributes ?? []);
  const image = product.main_image;
  const madeToOrder = product.made_to_order && product.stock <= 0;
  // A gift card takes no stock (decision 090): never sold out.
  const soldOut = !product.made_to_order && !product.gift_card && product.stock <= 0;
  const discounted = product.price_before_discount != null && product.price_before_discount !== '';
  const currency = useCurrency();

  return (
    <article
      className={`catalog-card${dismissed ? ' catalog-card--tooltip-dismissed' : ''}`}
      style={background ? ({ '--catalog-card-bg': background } as CSSProperties) : undefined}
      data-testid="product-card"
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
    >
      <Link
        to="/products/$slug"
        params={{ slug: product.slug }}
        className="catalog-card__link"
        aria-describedby={attributes.length ? tooltipId : undefined}
      >
        <div className="catalog-card__media">
          {image ? (
            <img
              className={`catalog-card__image ${focalClasses(image)}`}
              src={image.thumb_image || image.image}
              alt={image.alt_text || product.name}
              // The box is the card's aspect (CSS); the attributes only give the photo's scale.
              width={320}
              height={320}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              onLoad={onLoad}
              ref={imageRef}
            />
          ) : (
            <div className="catalog-card__placeholder">No image available</div>
          )}
          {discounted || product.sale || soldOut || madeToOrder ? (
            <div className="catalog-card__badges">
              {discounted || product.sale ? (
                <span className="catalog-badge catalog-badge--sale">
                  {discounted ? 'DISCOUNT OFFER' : 'SALE'}
                </span>
              ) : null}
              {soldOut ? (
                <span className="catalog-badge catalog-badge--soldout">SOLD OUT</span>
              ) : null}
              {madeToOrder ? (
                <span className="catalog-badge catalog-badge--made">MADE TO ORDER</span>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="catalog-card__body">
          <p className="catalog-card__category">
            <span>{product.category?.name}</span>
            {product.age_restricted ? <span className="catalog-card__age">Adults only</span> : null}
          </p>
          <Heading className="catalog-card__name">{product.name}</Heading>
          <Price
            price={product.price}
            before={discounted ? product.price_before_discount : null}
            currency={currency}
          />
          <DeliveryNote amount={product.delivery_from} currency={currency} />
        </div>
      </Link>
      {attributes.length ? (
        <div
          id={tooltipId}
          role="tooltip"
          className="catalog-card__tooltip catalog-tooltip--max-300"
        >
          {attributes.map((attribute) => (
            <span key={attribute.id} className="catalog-card__tooltip-line">
              {`${attribute.key}: ${attribute.value}`}
              {/* Keeps the lines apart in the accessible description, where display:block does not count. */}
              {'\n'}
            </span>
          ))}
        </div>
      ) : null}
    </article>
  );
}
