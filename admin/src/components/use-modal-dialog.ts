/**
 * A `<dialog>` shown as a modal while its component is mounted (the confirm step, the photo
 * picker, the focal point): `showModal()` on mount (the `open` attribute where the browser, or
 * jsdom, has no `showModal`), the focus put on `focusFirst` when given (else the browser's
 * choice, the first focusable element), and given back on unmount to the element that had it
 * before, without scrolling to it.
 *
 * Usage: `const ref = useModalDialog(keepRef)`; `<dialog ref={ref}>`.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(
  focusFirst?: RefObject<HTMLElement | null>,
): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  // Read once, on mount: the element to focus is the one rendered with the dialog.
  const first = useRef(focusFirst);
  useEffect(() => {
    const dialog = ref.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog?.setAttribute('open', '');
    first.current?.current?.focus();
    return () => previous?.focus({ preventScroll: true });
  }, []);
  return ref;
}
