import { useId } from 'react';
import { roundToHalf } from './product-logic';

const STAR_PATH =
  'M12 2.5l2.94 6.26 6.86.8-5.08 4.68 1.36 6.77L12 17.6l-6.08 3.41 1.36-6.77L2.2 9.56l6.86-.8L12 2.5z';

/**
 * Five stars showing a rating rounded to the nearest half (spec section 9). Read as
 * 'Rated {n} out of 5' by assistive technology; the drawing itself is hidden.
 */
export function StarRating({ rating, size = 18 }: { rating: number; size?: number }) {
  const id = useId();
  const rounded = roundToHalf(rating);
  return (
    <span
      className="catalog-stars"
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      data-rating={rounded}
    >
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.max(0, Math.min(1, rounded - index));
        const gradient = `${id}-half-${index}`;
        return (
          <svg
            key={index}
            width={size}
            height={size}
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            {fill === 0.5 ? (
              <defs>
                <linearGradient id={gradient}>
                  <stop offset="50%" stopColor="var(--color-star)" />
                  <stop offset="50%" stopColor="transparent" />
                </linearGradient>
              </defs>
            ) : null}
            <path
              d={STAR_PATH}
              fill={fill === 1 ? 'var(--color-star)' : fill === 0.5 ? `url(#${gradient})` : 'none'}
              stroke="var(--color-star)"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
        );
      })}
    </span>
  );
}
