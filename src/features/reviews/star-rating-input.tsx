import { useId, useState } from 'react';
import { MAX_RATING } from './messages';

const STAR_PATH =
  'M12 2.5l2.94 6.26 6.86.8-5.08 4.68 1.36 6.77L12 17.6l-6.08 3.41 1.36-6.77L2.2 9.56l6.86-.8L12 2.5z';

/** What each number of stars means, shown beside the stars. */
export const RATING_WORDS: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

function starLabel(value: number): string {
  return value === 1 ? '1 star' : `${value} stars`;
}

interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  legend: string;
  disabled?: boolean;
}

/**
 * A 1-5 star picker built on a native radio group (spec sections 5 and 9), so it works with the
 * keyboard as every radio group does: Tab reaches the chosen star, the arrow keys move the
 * choice. Each radio is named '{n} star(s)'. The transparent radios lie over the drawn stars,
 * so a click or a tap picks one directly; pointing at a star previews it.
 */
export function StarRatingInput({
  value,
  onChange,
  onBlur,
  legend,
  disabled,
}: StarRatingInputProps) {
  const name = useId();
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value;
  return (
    <fieldset className="review-stars" role="radiogroup" disabled={disabled}>
      <legend className="review-stars__legend">{legend}</legend>
      <div className="review-stars__row">
        <div className="review-stars__options" onMouseLeave={() => setPreview(null)}>
          {Array.from({ length: MAX_RATING }, (_, index) => {
            const star = index + 1;
            const id = `${name}-${star}`;
            return (
              <span
                key={star}
                className={`review-stars__option${star <= shown ? ' review-stars__option--on' : ''}`}
                onMouseEnter={() => setPreview(star)}
              >
                <input
                  id={id}
                  className="review-stars__input"
                  type="radio"
                  name={name}
                  value={star}
                  checked={value === star}
                  onChange={() => {
                    // The choice wins over a resting pointer's preview (keyboard changes too).
                    setPreview(null);
                    onChange(star);
                  }}
                  onBlur={onBlur}
                />
                <label htmlFor={id} className="review-stars__label">
                  <svg
                    viewBox="0 0 24 24"
                    width="32"
                    height="32"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d={STAR_PATH} strokeWidth="1.5" strokeLinejoin="round" />
                  </svg>
                  <span className="visually-hidden">{starLabel(star)}</span>
                </label>
              </span>
            );
          })}
        </div>
        <span className="review-stars__words" aria-hidden="true">
          {RATING_WORDS[shown] ?? ''}
        </span>
      </div>
    </fieldset>
  );
}
