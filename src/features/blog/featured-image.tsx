import { useState } from 'react';
import { BLOG_MESSAGES } from './messages';

interface FeaturedImageProps {
  src: string | null | undefined;
  className?: string;
  /** With a class, a missing or broken image shows a 'No image' box of that class; without, nothing. */
  placeholderClassName?: string;
  width: number;
  height: number;
  eager?: boolean;
}

/**
 * A post's featured image (spec section 2). It has no alt text in the contract, and the title
 * always stands beside it, so it is decorative (`alt=""`). When there is none, or it fails to
 * load, the card shows 'No image' and the post page shows nothing ("hidden if it fails to
 * load").
 */
export function FeaturedImage({
  src,
  className,
  placeholderClassName,
  width,
  height,
  eager = false,
}: FeaturedImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = Boolean(src) && failedSrc === src;

  if (!src || failed) {
    return placeholderClassName ? (
      <div className={placeholderClassName}>{BLOG_MESSAGES.noImage}</div>
    ) : null;
  }
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
