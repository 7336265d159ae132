/**
 * The focus of a form opened behind a button that it replaces (Refund's "Start a refund", a
 * shipment's "Correct tracking"): when the form's Close is pressed, the form goes and the button
 * comes back, and the focus goes back to the button rather than dropping to the page's body.
 *
 * Usage: `const { opener, closing } = useOpenerFocus(open)`; `ref={opener}` on the button, and
 * `closing()` before `setOpen(false)` in Close. A close for another reason (the move done, whose
 * message takes the focus) leaves the focus alone.
 */
import { useEffect, useRef } from 'react';

export function useOpenerFocus(open: boolean) {
  const opener = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (open || !returning.current) return;
    returning.current = false;
    opener.current?.focus();
  }, [open]);
  return {
    /** The ref of the button that opens the form. */
    opener,
    /** Marks the next close as the member's Close: the focus returns to the button. */
    closing: () => {
      returning.current = true;
    },
  };
}
