/**
 * A form's rich text field: the editor (./rich-text-editor.tsx) bound to a react-hook-form
 * field through `Controller`, with the field's error below it, tied to the editor for screen
 * readers (`{id}-error`). Like the fields of ./fields.tsx, it finds its form and id inside
 * `Form`; it takes the field's `name` and the editor's `label`.
 */
import { Controller } from 'react-hook-form';
import { FieldError } from './form-field';
import { fieldError, useField } from './fields';
import { RichTextEditor } from './rich-text-editor';

export function RichField({ name, label }: { name: string; label: string }) {
  const { form, id } = useField(name);
  const error = fieldError(form, name);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <Controller
        control={form.control}
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
      <FieldError id={errorId} error={error} />
    </div>
  );
}
