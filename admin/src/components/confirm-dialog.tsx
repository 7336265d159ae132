/**
 * A modal question before a step that cannot be taken back (cancel an order, remove a staff
 * member, revoke a session). The browser's own modal `<dialog>`: focus stays inside, Escape
 * closes it, and focus goes back where it was. "Keep" (the safe answer) has focus first.
 * Render it only while the question is open.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Go back',
  pending = false,
  danger = true,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** True while the confirmed request is on its way: the confirm button is disabled. */
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(keepRef);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog-title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog-body">
        {children}
      </div>
      <div className="button-row">
        <button ref={keepRef} type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
