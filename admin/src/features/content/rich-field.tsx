/**
 * A form's rich text field: the shared editor (components/rich-text-editor.tsx) bound to a
 * react-hook-form field, with its error below it, tied to the editor for screen readers.
 */
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { inert, RichTextEditor } from '../../components/rich-text-editor';

export function RichField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            id={id}
            label={label}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
          />
        )}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The first words of stored HTML as plain text (a list's line under each item). */
export function summaryOf(html: string, max = 160): string {
  // Made inert first: parsing stored HTML as is would compile its event handlers (the CSP
  // refuses them, loudly).
  // A space after each block, or the text of a list reads "daysEurope".
  const spaced = inert(html).replace(
    /<\/(p|li|h[1-6]|div|blockquote|dt|dd|tr)>|<br\s*\/?>/gi,
    '$& ',
  );
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
