/**
 * A photo's alt text, the words a screen reader says for it: required, at most MAX_ALT_TEXT
 * characters (the server's bound, common/upload-limits.ts), its error tied to the field. Both
 * a photo being added and one already on the product edit it here.
 */
import { MAX_ALT_TEXT } from '../../../../common/upload-limits';

export function AltTextField({
  id,
  value,
  error,
  onChange,
}: {
  /** The id of the photo's form, which the field's and its error's ids are made from. */
  id: string;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-alt`}>Alt text</label>
      <input
        id={`${id}-alt`}
        value={value}
        maxLength={MAX_ALT_TEXT}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-alt-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-alt-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
