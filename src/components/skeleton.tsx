import type { CSSProperties } from 'react';
import './components.css';

/**
 * A grey placeholder block shown while data loads (colour --color-skeleton). Purely
 * decorative: hidden from assistive technology, so pair it with a status message or a
 * labelled busy region. Width and height take any CSS length ('100%', '3rem', 120).
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
  return (
    <span
      aria-hidden="true"
      className={className ? `skeleton ${className}` : 'skeleton'}
      style={{ width, height, borderRadius: radius, ...style }}
    />
  );
}
