import { useCallback, type CSSProperties } from 'react';
import './components.css';

function cssLength(value: string | number | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? `${value}px` : value;
}

/**
 * A grey placeholder block shown while data loads (colour --color-skeleton). Purely
 * decorative: hidden from assistive technology, so pair it with a status message or a
 * labelled busy region. Width and height take any CSS length ('100%', '3rem', 120).
 *
 * The size is set through the element's style object, not a `style` attribute: the page's CSP
 * allows no inline style attributes, and a server-rendered attribute would be refused (decision
 * 008). Before the scripts run, a server-rendered skeleton has the stylesheet's default size.
 */
export function Skeleton({
  width = '100%',
  height = '1rem',
  radius,
  className,
  style,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
  style?: CSSProperties;
}) {
  const ref = useCallback(
    (element: HTMLSpanElement | null) => {
      if (!element) return;
      element.style.width = cssLength(width as string | number | undefined);
      element.style.height = cssLength(height as string | number | undefined);
      element.style.borderRadius = cssLength(radius as string | number | undefined);
      for (const [key, value] of Object.entries(style ?? {}))
        element.style.setProperty(
          key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
          cssLength(value as string | number | undefined),
        );
    },
    [width, height, radius, style],
  );
  return (
    <span
      ref={ref}
      aria-hidden="true"
      className={className ? `skeleton ${className}` : 'skeleton'}
    />
  );
}
