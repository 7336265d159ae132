/**
 * A form's buttons: `SubmitButton` says `label`, or `busyLabel` ("Saving…") and is disabled
 * while `busy`; `FormButtons` puts it in the form's button row, with a "Cancel" button when
 * `onCancel` is given and any other buttons (`children`) after them.
 */
import type { ReactNode } from 'react';

/** What a submit button says and does (see the module comment). */
export interface SubmitProps {
  /** A send is under way: the button is disabled and says `busyLabel`. */
  busy: boolean;
  /** What the button says; "Save" unless given. */
  label?: ReactNode;
  /** What the button says while busy; "Saving…" unless given. */
  busyLabel?: ReactNode;
  /** The button's classes; `button button-primary` unless given. */
  className?: string;
}

/** The submit button (see the module comment). */
export function SubmitButton({
  busy,
  label = 'Save',
  busyLabel = 'Saving…',
  className = 'button button-primary',
}: SubmitProps) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The form's button row: submit, then Cancel when `onCancel` is given, then `children`. */
export function FormButtons({
  onCancel,
  children,
  ...submit
}: SubmitProps & { onCancel?: () => void; children?: ReactNode }) {
  return (
    <div className="button-row">
      <SubmitButton {...submit} />
      {onCancel ? (
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
      {children}
    </div>
  );
}
