import type { ReactNode } from 'react';

/**
 * A `className` block whose content is still loading (`aria-busy`): a visually hidden status
 * that says so (`status`, e.g. 'Loading comments…'), then the placeholders (`children`).
 */
export function BusyRegion({
  className,
  status,
  children,
}: {
  className: string;
  status: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {children}
    </div>
  );
}
