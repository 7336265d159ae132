/**
 * "Advanced" on the product form (issue 40: developer words kept out of the maker's way): a
 * disclosure, closed at first, holding what a maker rarely needs (a product's web address, an
 * option's key). It opens by itself when `open` turns true (a refusal of a field inside it), so
 * the message is seen.
 */
import { useEffect, useRef, type ReactNode } from 'react';

/** The disclosure (see the module comment); `open` opens it, never closes it. */
export function AdvancedDetails({ open, children }: { open: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (open && ref.current) ref.current.open = true;
  }, [open]);
  return (
    <details ref={ref} className="advanced">
      <summary>Advanced</summary>
      <div className="form">{children}</div>
    </details>
  );
}
