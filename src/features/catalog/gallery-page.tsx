import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { everyProductQuery, type Product } from './api';
import { wholeSize } from './photo-size';
import './catalog.css';

interface OverlayProps {
  product: Product;
  onClose: () => void;
}

/**
 * Full-screen view of one product image (spec section 2, /gallery): a modal dialog closed by
 * the backdrop, the × button or Escape. Focus stays on the close button, the only control.
 */
function GalleryOverlay({ product, onClose }: OverlayProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const image = product.main_image;

  useEffect(() => {
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    // The page behind must not scroll while the overlay covers it.
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  return (
    <div
      className="catalog-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={product.name}
      data-testid="gallery-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        } else if (event.key === 'Tab') {
          event.preventDefault();
          closeRef.current?.focus();
        }
      }}
    >
      <button
        ref={closeRef}
        type="button"
        className="catalog-overlay__close"
        aria-label="Close"
        onClick={onClose}
      >
        <span aria-hidden="true">×</span>
      </button>
      <figure className="catalog-overlay__figure">
        {image ? (
          <img
            className="catalog-overlay__image"
            src={image.image}
            alt={image.alt_text || product.name}
            {...wholeSize(image)}
          />
        ) : (
          <div className="catalog-overlay__placeholder">No image available</div>
        )}
        <figcaption className="catalog-overlay__caption">{product.name}</figcaption>
      </figure>
    </div>
  );
}

/**
 * /gallery: a mosaic of product photos, each whole in its own aspect (columns of varying
 * heights, nothing cropped); each opens the full image in an overlay.
 */
export function GalleryPage() {
  const { data: products } = useSuspenseQuery(everyProductQuery());
  const [open, setOpen] = useState<Product | null>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);

  const close = () => {
    setOpen(null);
    // Give focus back to the thumbnail that opened the overlay.
    openerRef.current?.focus();
  };

  return (
    <section className="page-container catalog-gallery-page">
      <header className="catalog-list__header">
        <h1 className="catalog-list__title">Gallery</h1>
        <p className="catalog-list__lead">
          A look around the workshop: every piece we make, up close.
        </p>
      </header>
      {products.length === 0 ? (
        <p className="catalog-empty">No products found.</p>
      ) : (
        <ul className="catalog-mosaic" aria-label="Product images">
          {products.map((product, index) => {
            const image = product.main_image;
            return (
              <li key={product.id}>
                <button
                  type="button"
                  className="catalog-mosaic__tile"
                  // A tile without a photo is named by its words, which show: a label over
                  // "No image available" would not contain what a voice user reads (WCAG 2.5.3).
                  aria-label={image ? `View ${product.name}` : undefined}
                  onClick={(event) => {
                    openerRef.current = event.currentTarget;
                    setOpen(product);
                  }}
                >
                  {image ? (
                    <img
                      src={image.thumb_image || image.image}
                      alt=""
                      // The photo's own aspect: the mosaic shows each one whole.
                      {...wholeSize(image)}
                      loading={index < 8 ? 'eager' : 'lazy'}
                      decoding="async"
                    />
                  ) : (
                    <span className="catalog-mosaic__placeholder" aria-hidden="true">
                      No image available
                    </span>
                  )}
                  {image ? null : <span className="visually-hidden">View</span>}
                  {image ? null : ' '}
                  <span className="catalog-mosaic__name" aria-hidden={image ? 'true' : undefined}>
                    {product.name}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {open ? <GalleryOverlay product={open} onClose={close} /> : null}
    </section>
  );
}

/** Error state of /gallery (spec section 8): 'Failed to load products.' */
export function GalleryError() {
  return (
    <section className="page-container catalog-gallery-page">
      <header className="catalog-list__header">
        <h1 className="catalog-list__title">Gallery</h1>
      </header>
      <p className="catalog-error" role="alert">
        Failed to load products.
      </p>
    </section>
  );
}
