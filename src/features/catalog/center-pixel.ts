import { useCallback, useState, type SyntheticEvent } from 'react';

/*
 * The product card takes its background from the centre pixel of its image (spec section 2).
 * The raw colour can be anything from black to neon, so it is mixed with white, just enough
 * that the card's muted text (--color-ink-muted, #5c534a) keeps WCAG AA contrast (4.5:1):
 * light colours stay visible as a tint, dark ones are washed out further.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * Minimum relative luminance of the tint. --color-ink-muted has luminance 0.0895; on a
 * background of 0.62 the contrast is (0.62 + 0.05) / (0.0895 + 0.05) = 4.8:1.
 */
export const MIN_TINT_LUMINANCE = 0.62;

/** Share of white the mix starts with, so even a pale colour reads as a soft tint. */
const MIN_WHITE_SHARE = 0.55;

/** Reads the first pixel of an RGBA byte array (ImageData.data), or null when it is missing or transparent. */
export function rgbFromPixel(data: ArrayLike<number>): Rgb | null {
  if (data.length < 4) return null;
  const [r, g, b, a] = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0, data[3] ?? 0];
  if (a === 0) return null;
  return { r, g, b };
}

/** WCAG relative luminance of an sRGB colour (0 black .. 1 white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio between two colours (1 .. 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

function mixWithWhite({ r, g, b }: Rgb, share: number): Rgb {
  const mix = (channel: number) => Math.round(channel * (1 - share) + 255 * share);
  return { r: mix(r), g: mix(g), b: mix(b) };
}

/** The card tint for a sampled colour: the least white that keeps MIN_TINT_LUMINANCE, as `rgb(r g b)`. */
export function softBackground(color: Rgb): string {
  let tint = mixWithWhite(color, MIN_WHITE_SHARE);
  for (
    let share = MIN_WHITE_SHARE;
    share <= 1 && relativeLuminance(tint) < MIN_TINT_LUMINANCE;
    share += 0.025
  ) {
    tint = mixWithWhite(color, Math.min(1, share));
  }
  return `rgb(${tint.r} ${tint.g} ${tint.b})`;
}

/**
 * Samples the pixel at the centre of a loaded image by drawing that one pixel onto a 1x1
 * canvas. Returns null when the image has no size, the canvas has no 2D context (jsdom), or
 * the image is cross-origin and taints the canvas (getImageData throws a SecurityError).
 */
export function centerPixelColor(
  img: HTMLImageElement,
  createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): Rgb | null {
  const width = img.naturalWidth;
  const height = img.naturalHeight;
  if (!width || !height) return null;
  const canvas = createCanvas();
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  try {
    context.drawImage(img, Math.floor(width / 2), Math.floor(height / 2), 1, 1, 0, 0, 1, 1);
    return rgbFromPixel(context.getImageData(0, 0, 1, 1).data);
  } catch {
    return null;
  }
}

/**
 * Runs `job` in a later idle period of the main thread, one job per period, in the order
 * asked. A grid hydrates with every image already loaded (server rendering, decision 008):
 * sampling them all in the commit made one long task that Lighthouse counted against Total
 * Blocking Time; one sample at a time never blocks input. Falls back to a timeout
 * where `requestIdleCallback` is missing (Safari before 18.4, jsdom).
 */
export function whenIdle(job: () => void): void {
  idleJobs.push(job);
  if (idleJobs.length === 1) scheduleIdle(runIdleJob);
}

const idleJobs: (() => void)[] = [];

function scheduleIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

function runIdleJob(): void {
  const job = idleJobs.shift();
  try {
    job?.();
  } finally {
    if (idleJobs.length > 0) scheduleIdle(runIdleJob);
  }
}

/**
 * Card background from the image's centre pixel. Returns the CSS colour (undefined until the
 * image has loaded and been sampled), an `onLoad` handler and a `ref` for the `<img>`. The ref
 * samples an image that had already loaded before React attached its handler: a
 * server-rendered page loads its images before the scripts hydrate it (decision 008).
 * Samples are taken in idle time (`whenIdle`), so the tint follows the image by a moment.
 */
export function useCenterPixelBackground(): {
  background: string | undefined;
  onLoad: (event: SyntheticEvent<HTMLImageElement>) => void;
  ref: (img: HTMLImageElement | null) => void;
} {
  const [background, setBackground] = useState<string | undefined>(undefined);
  const sample = useCallback((img: HTMLImageElement) => {
    whenIdle(() => {
      if (!img.isConnected) return;
      const rgb = centerPixelColor(img);
      setBackground(rgb ? softBackground(rgb) : undefined);
    });
  }, []);
  const onLoad = useCallback(
    (event: SyntheticEvent<HTMLImageElement>) => sample(event.currentTarget),
    [sample],
  );
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth > 0) sample(img);
    },
    [sample],
  );
  return { background, onLoad, ref };
}
