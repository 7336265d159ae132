import type { ReactNode } from 'react';

/**
 * A form's buttons, in a `className` row: the primary submit button, disabled while `busy`,
 * whose label is `children` (the caller swaps in 'Saving…' and the like while busy), and,
 * when `onCancel` is given, a secondary Cancel button beside it that calls it.
 */
export function FormActions({
  className,
  busy,
  onCancel,
  children,
}: {
  className: string;
  busy: boolean;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <button type="submit" className="button-primary" disabled={busy}>
        {children}
      </button>
      {onCancel ? (
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
