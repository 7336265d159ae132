import { useEffect, useRef, useState, type MouseEvent, type TouchEvent } from 'react';
import type { Product } from './api';
import { sortByOrder } from './product-logic';
import { SquareThumb } from '../../components/square-thumb';
import { wholeSize } from './photo-size';

/**
 * The event (on `window`, its detail an image id) that shows a chosen variant's own photo
 * (issue 42): ./purchase-panel.tsx sends it when the shopper picks one, the gallery listens.
 * Declared here, with the page's first load, not in the deferred purchase panel's modules.
 */
export const VARIANT_PHOTO_EVENT = 'variant-photo';

/** Spec section 9: the zoom factor. */
export const ZOOM_FACTOR = 2;

/** A touch that moves less than this (px) counts as a tap. */
const TAP_SLOP = 10;

/** Mouse events the browser synthesises after a touch arrive within this time (ms) and are ignored. */
const TOUCH_MOUSE_GUARD_MS = 800;

interface GalleryImage {
  key: string;
  src: string;
  thumb: string;
  alt: string;
  /** The photo's own size: its box keeps the photo's aspect, nothing cropped. */
  width: number;
  height: number;
}

/** The product's images in display order; the main image alone when there is no gallery. */
export function galleryImages(
  product: Pick<Product, 'images' | 'main_image' | 'name'>,
): GalleryImage[] {
  const images = sortByOrder(product.images ?? []).map((image) => ({
    key: String(image.id),
    src: image.image,
    thumb: image.thumb_image || image.image,
    alt: image.alt_text || product.name,
    ...wholeSize(image),
  }));
  if (images.length) return images;
  if (product.main_image) {
    const main = product.main_image;
    return [
      {
        key: 'main',
        src: main.image,
        thumb: main.thumb_image || main.image,
        alt: main.alt_text || product.name,
        ...wholeSize(main),
      },
    ];
  }
  return [];
}

/** Transform origin (percent of the box) under a point given in client coordinates. */
function originAt(box: DOMRect, clientX: number, clientY: number): string {
  const x = box.width ? ((clientX - box.left) / box.width) * 100 : 50;
  const y = box.height ? ((clientY - box.top) / box.height) * 100 : 50;
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  return `${clamp(x).toFixed(1)}% ${clamp(y).toFixed(1)}%`;
}

/**
 * The product page's image gallery (spec section 2): the main image, whole in its own aspect
 * (./photo-framing.ts), with thumbnails (each whole too), zoomed 2x
 * under the mouse (the point under the pointer stays put), and on touch screens a tap toggles
 * the zoom and a finger pans it. The chosen variant's photo, when it has one, is shown.
 */
export function ProductGallery({
  product,
}: {
  product: Pick<Product, 'images' | 'main_image' | 'name'>;
}) {
  const images = galleryImages(product);
  const [selected, setSelected] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const touchStart = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const lastTouch = useRef(0);
  // A variant with its own photo shows it (issue 42: ./purchase-panel.tsx sends its id).
  useEffect(() => {
    const show = (event: Event) => {
      const index = images.findIndex((i) => i.key === String((event as CustomEvent).detail));
      if (index >= 0) setSelected(index);
    };
    addEventListener(VARIANT_PHOTO_EVENT, show);
    return () => removeEventListener(VARIANT_PHOTO_EVENT, show);
  });

  if (!images.length) {
    return (
      <div className="catalog-gallery">
        <div className="catalog-gallery__stage catalog-gallery__stage--empty">
          No image available
        </div>
      </div>
    );
  }

  const current = images[Math.min(selected, images.length - 1)] ?? images[0]!;
  const fromTouch = () => Date.now() - lastTouch.current < TOUCH_MOUSE_GUARD_MS;

  // The photo's own box (narrower than the stage for a tall photo): the zoom's origin is on it.
  const boxOf = (stage: HTMLDivElement) =>
    (stage.querySelector('img') ?? stage).getBoundingClientRect();

  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    if (fromTouch()) return;
    setZoomed(true);
    setOrigin(originAt(boxOf(event.currentTarget), event.clientX, event.clientY));
  };

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    lastTouch.current = Date.now();
    const touch = event.touches[0];
    if (touch) touchStart.current = { x: touch.clientX, y: touch.clientY, moved: false };
  };

  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    lastTouch.current = Date.now();
    const touch = event.touches[0];
    const start = touchStart.current;
    if (!touch || !start) return;
    if (Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > TAP_SLOP) start.moved = true;
    if (zoomed) setOrigin(originAt(boxOf(event.currentTarget), touch.clientX, touch.clientY));
  };

  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    lastTouch.current = Date.now();
    const start = touchStart.current;
    touchStart.current = null;
    if (!start || start.moved) return;
    const touch = event.changedTouches[0];
    if (!zoomed && touch)
      setOrigin(originAt(boxOf(event.currentTarget), touch.clientX, touch.clientY));
    setZoomed((value) => !value);
  };

  return (
    <div className="catalog-gallery">
      <div
        className={`catalog-gallery__stage${zoomed ? ' catalog-gallery__stage--zoomed' : ''}`}
        data-testid="gallery-stage"
        onMouseEnter={onMouseMove}
        onMouseMove={onMouseMove}
        onMouseLeave={() => {
          if (!fromTouch()) setZoomed(false);
        }}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
      >
        <img
          key={current.key}
          className="catalog-gallery__image"
          src={current.src}
          alt={current.alt}
          // Its own size: the box keeps the photo's aspect before it loads (no shift, no crop).
          width={current.width}
          height={current.height}
          fetchPriority="high"
          // Only while zoomed: a style attribute in the server's HTML would break the CSP.
          style={
            zoomed ? { transformOrigin: origin, transform: `scale(${ZOOM_FACTOR})` } : undefined
          }
        />
      </div>
      {images.length > 1 ? (
        <ul className="catalog-gallery__thumbs" aria-label="Product images">
          {images.map((image, index) => {
            const active = index === selected;
            return (
              <li key={image.key}>
                <button
                  type="button"
                  className={`catalog-gallery__thumb${active ? ' catalog-gallery__thumb--active' : ''}`}
                  aria-pressed={active}
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  onClick={() => {
                    setSelected(index);
                    setZoomed(false);
                  }}
                >
                  <SquareThumb src={image.thumb} alt="" size={96} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
