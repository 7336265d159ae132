/**
 * A product card as the storefront shows it, for previews in the back office: the photo in the
 * shop's card aspect, cropped as the owner framed it around its focal point, as the storefront
 * does (common/photo-framing.ts), with the product's name under it.
 */
import { CARD_ASPECT_RATIOS, objectPosition } from '../../../../common/photo-framing';
import type { CardAspect, ShopPhoto } from './api';

export function CardPreview({ photo, aspect }: { photo: ShopPhoto; aspect: CardAspect }) {
  const position = objectPosition(photo, CARD_ASPECT_RATIOS[aspect]);
  return (
    <figure className="card-preview" data-testid="card-preview">
      <div className={`card-preview-media card-preview-media--${aspect}`}>
        <img
          src={photo.thumbnail}
          alt={photo.alt_text}
          loading="lazy"
          // The admin app renders in the browser only: a style set from script passes its CSP.
          style={{ objectPosition: `${position.x * 100}% ${position.y * 100}%` }}
        />
      </div>
      <figcaption className="small">{photo.product_name}</figcaption>
    </figure>
  );
}
