import { Link } from '@tanstack/react-router';
import { useWatch, type Control } from 'react-hook-form';
import type { OptionValues } from '../options/api';
import { productCancellationNote, type ProductFacts } from './rules';
import './cancellation.css';

/**
 * The product page's note on the 14-day right, beside Add to Cart (Sch. 2(l), (n): before the
 * order): 'You may cancel within 14 days of delivery.' for a piece the right covers, why not
 * for a made-to-order or owner-flagged piece, and for a piece with a text option (an
 * engraving) the note follows the form: personalised (no right) once the text is filled in.
 * Links to /cancellation.
 * @param control the options form's control (../options/product-options.tsx `useOptionsForm`).
 */
export function ProductCancellationNote({
  product,
  control,
}: {
  product: ProductFacts;
  control: Control<OptionValues>;
}) {
  const values = useWatch({ control });
  const note = productCancellationNote(product, values);
  return (
    <p
      className={`cancellation-note${note.cancellable ? '' : ' cancellation-note--exempt'}`}
      data-testid="cancellation-note"
      aria-live={product.options.some((option) => option.kind === 'text') ? 'polite' : undefined}
    >
      {note.text}{' '}
      <Link to="/cancellation" className="cancellation-note__link">
        Cancellation rights
      </Link>
    </p>
  );
}
