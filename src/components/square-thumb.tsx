import type { ComponentProps } from 'react';

/**
 * A square picture of `size` pixels a side (a thumbnail of a piece) that loads lazily and
 * decodes off the main thread: `<img loading="lazy" decoding="async">` with the given `src`,
 * `alt` (empty where the picture only repeats the text beside it) and `className`.
 */
export function SquareThumb({
  size,
  ...image
}: { size: number } & Pick<ComponentProps<'img'>, 'className' | 'src' | 'alt'>) {
  return <img {...image} width={size} height={size} loading="lazy" decoding="async" />;
}
