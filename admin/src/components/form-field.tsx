/**
 * A labelled form control with its hint and error, tied together for screen readers: the
 * control gets `aria-invalid` and `aria-describedby` (hint, then error). `children` is the one
 * control (input, select, textarea) whose `id` is `id`. `FieldError` is the error's paragraph,
 * for a control FormField does not wrap.
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

export function FormField({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control = isValidElement(children)
    ? cloneElement(children as ReactElement<Record<string, unknown>>, {
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })
    : children;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {control}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error under its control (`p.field-error`, which the control names by `id`), if any. */
export function FieldError({ id, error }: { id: string; error: ReactNode }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}
