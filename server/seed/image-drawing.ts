/**
 * The shared drawing kit of the seed's product pictures (./images.ts): the 800 x 800 canvas every
 * drawing works on, colour mixing for #rrggbb palettes, the seeded PRNG that makes each picture
 * the same on every run, the drawing context (`Ctx`: the object's and the shot's generators,
 * the palette, the alt text and the SVG defs collected on the way), gradients and shadows of the
 * studio lighting, wavy lines for grain, the paper-sweep backdrop and vignette, and the framing
 * of an object standing in the middle of the set.
 */

/** The side of the square every drawing is made on, in SVG user units; the viewBox scales it. */
export const CANVAS = 800;
export const CENTRE = CANVAS / 2;

// ---------------------------------------------------------------------------------------
// Colour and randomness helpers
// ---------------------------------------------------------------------------------------

type Rgb = [number, number, number];

/**
 * A #rrggbb colour as its red, green and blue (0-255).
 * @throws Error for anything that is not #rrggbb
 */
export function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Expected a #rrggbb colour, got "${hex}"`);
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Red, green and blue (clamped to 0-255, rounded) as a #rrggbb colour. */
export function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** The colour `t` (0-1) of the way from #rrggbb `a` to #rrggbb `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** The colour `t` (0-1) of the way to white, or to black. */
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#000000', t);

/** Small deterministic PRNG (mulberry32) seeded by an FNV-1a hash of the text. */
export function rngFor(text: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded generator: each call gives the next number in [0, 1). */
export type Rng = () => number;
/** A number drawn evenly from [lo, hi). */
export const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
/** A coordinate rounded to one decimal, which keeps the SVG short. */
export const n1 = (v: number) => Math.round(v * 10) / 10;

/** Text made safe inside an SVG element or attribute (each of < > & " ' as a character reference). */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Scopes gradient/clip ids so several drawings could share one document without clashes. */
export interface Ctx {
  /** Seeded by shape and palette: the object itself, identical in every shot of a product. */
  rng: Rng;
  /** Seeded by the alt text: how this particular shot is framed (angle, mirroring, zoom). */
  shot: Rng;
  bg: string;
  main: string;
  accent: string;
  alt: string;
  defs: string[];
}

/** One stop of a gradient: its offset (0 to 1), its colour and, when not opaque, its opacity. */
type Stop = readonly [offset: number, colour: string, opacity?: number];

/**
 * Adds gradient `id` to the image's definitions (`ctx.defs`): an SVG `element` with the
 * `geometry` attributes (`x1="0" y1="0" x2="0" y2="1"`, `cx="0.5" cy="0.5" r="0.5"`) and one
 * `<stop>` for each of `stops`, in order; returns its fill, `url(#id)`. Throws nothing.
 */
function gradient(
  ctx: Ctx,
  id: string,
  element: 'linearGradient' | 'radialGradient',
  geometry: string,
  stops: readonly Stop[],
): string {
  const stopTags = stops.map(
    ([offset, colour, opacity]) =>
      `<stop offset="${offset}" stop-color="${colour}"` +
      (opacity === undefined ? '/>' : ` stop-opacity="${opacity}"/>`),
  );
  ctx.defs.push(`<${element} id="${id}" ${geometry}>${stopTags.join('')}</${element}>`);
  return `url(#${id})`;
}

/** Top to bottom, as a linear gradient's attributes. */
const DOWN = 'x1="0" y1="0" x2="0" y2="1"';

/** Metal gradient running across the blade (top edge to cutting edge). */
export function steelGradient(ctx: Ctx, id: string, tint: number): string {
  const base = mix('#c9ced3', ctx.accent, tint);
  return gradient(ctx, id, 'linearGradient', DOWN, [
    [0, darken(base, 0.28)],
    [0.35, lighten(base, 0.35)],
    [0.7, base],
    [1, darken(base, 0.12)],
  ]);
}

/** A top-to-bottom gradient from `colour` lightened by `spread` to it darkened; returns its fill. */
export function verticalGradient(ctx: Ctx, id: string, colour: string, spread = 0.25): string {
  return gradient(ctx, id, 'linearGradient', DOWN, [
    [0, lighten(colour, spread)],
    [0.45, colour],
    [1, darken(colour, spread * 1.4)],
  ]);
}

/** Cylinder shading: dark rim, a lit band left of centre, the plain colour at the middle. */
export function cylinderGradient(ctx: Ctx, id: string, colour: string): string {
  return gradient(ctx, id, 'linearGradient', 'x1="0" y1="0" x2="1" y2="0"', [
    [0, darken(colour, 0.42)],
    [0.22, lighten(colour, 0.1)],
    [0.5, colour],
    [0.8, darken(colour, 0.2)],
    [1, darken(colour, 0.5)],
  ]);
}

/** A soft white glaze highlight (vertical streak) as a radial gradient fill. */
export function highlightGradient(ctx: Ctx, id: string, opacity: number): string {
  return gradient(ctx, id, 'radialGradient', 'cx="0.5" cy="0.5" r="0.5"', [
    [0, '#ffffff', opacity],
    [1, '#ffffff', 0],
  ]);
}

/**
 * A soft cast shadow without an SVG blur filter: the silhouette stroked at shrinking widths
 * with low opacity, so the layers stack into a penumbra. librsvg's feGaussianBlur cost about
 * three quarters of a knife's render time at 800 px; these strokes are nearly free.
 */
export function softShadow(
  silhouette: string,
  transform: string,
  spread: number,
  strength = 0.34,
): string {
  const layers = 6;
  const alpha = 1 - Math.pow(1 - strength, 1 / layers);
  let out = '';
  for (let i = layers - 1; i >= 0; i--) {
    const width = n1((spread * 2 * i) / (layers - 1));
    out +=
      `<g opacity="${n1(alpha * 1000) / 1000}" fill="#000000" stroke="#000000" stroke-width="${width}" stroke-linejoin="round">` +
      `${silhouette}</g>`;
  }
  return `<g transform="${transform}">${out}</g>`;
}

/** Soft elliptical contact shadow under an object standing on the studio floor. */
export function contactShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number): string {
  ctx.defs.push(
    `<radialGradient id="contact" cx="0.5" cy="0.5" r="0.5">` +
      `<stop offset="0" stop-color="#000000" stop-opacity="0.38"/>` +
      `<stop offset="0.6" stop-color="#000000" stop-opacity="0.14"/>` +
      `<stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`,
  );
  // The light sits up-left, so a longer, fainter shadow falls to the right.
  return (
    `<ellipse cx="${n1(cx + rx * 0.35)}" cy="${n1(cy)}" rx="${n1(rx * 1.5)}" ry="${n1(ry * 1.2)}" fill="url(#contact)" opacity="0.55"/>` +
    `<ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(rx)}" ry="${n1(ry)}" fill="url(#contact)"/>`
  );
}

/** Wavy lines (wood grain, damascus layers): a sine-like path built from smooth quadratics. */
export function wave(x0: number, x1: number, y: number, amp: number, period: number): string {
  let d = `M${n1(x0)} ${n1(y)} q${n1(period / 2)} ${n1(amp)} ${n1(period)} 0`;
  for (let x = x0 + period; x < x1; x += period) d += ` t${n1(period)} 0`;
  return d;
}

/** `count` wavy lines spread over a box, each a little different: wood grain and the like. */
export function grainLines(
  ctx: Ctx,
  opts: {
    x0: number;
    x1: number;
    y0: number;
    y1: number;
    count: number;
    colour: string;
    width: number;
    opacity: number;
  },
): string {
  let out = '';
  for (let i = 0; i < opts.count; i++) {
    const y = opts.y0 + ((opts.y1 - opts.y0) * (i + 0.5)) / opts.count + between(ctx.rng, -3, 3);
    const amp = between(ctx.rng, -6, 6);
    const period = between(ctx.rng, 40, 110);
    out += `<path d="${wave(opts.x0, opts.x1, y, amp, period)}" fill="none" stroke="${opts.colour}" stroke-width="${n1(opts.width * between(ctx.rng, 0.6, 1.4))}" opacity="${n1(opts.opacity * between(ctx.rng, 0.6, 1.2) * 100) / 100}"/>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Backdrop
// ---------------------------------------------------------------------------------------

/** Seamless paper sweep: lighter wall at the top, the palette colour mid-frame, a darker floor. */
export function backdrop(ctx: Ctx): string {
  ctx.defs.push(
    `<linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${lighten(ctx.bg, 0.22)}"/>` +
      `<stop offset="0.55" stop-color="${ctx.bg}"/>` +
      `<stop offset="0.75" stop-color="${darken(ctx.bg, 0.06)}"/>` +
      `<stop offset="1" stop-color="${darken(ctx.bg, 0.16)}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.42" cy="0.38" r="0.62">` +
      `<stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/>` +
      `<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">` +
      `<stop offset="0.65" stop-color="#000000" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#000000" stop-opacity="0.22"/></radialGradient>`,
  );
  return (
    `<rect width="${CANVAS}" height="${CANVAS}" fill="url(#sweep)"/>` +
    `<rect width="${CANVAS}" height="${CANVAS}" fill="url(#glow)"/>`
  );
}

/** Darkens the corners; drawn last, over the subject (its gradient is added by `backdrop`). */
export const vignette = `<rect width="${CANVAS}" height="${CANVAS}" fill="url(#vignette)"/>`;

// ---------------------------------------------------------------------------------------
// Framing
// ---------------------------------------------------------------------------------------

/** A close-up shot: the alt text says "detail" or "close-up". */
export const isDetail = (ctx: Ctx) => /\b(detail|close-up|up close)\b/i.test(ctx.alt);

/**
 * Frames one shot of an object standing in the middle of the set: a little nearer or
 * further and off-centre per shot, or a close-up for "detail" shots. The zoom is about the
 * frame centre, so the centre pixel stays on the object.
 */
export function framedShot(ctx: Ctx, object: string): string {
  const zoom = isDetail(ctx) ? between(ctx.shot, 1.45, 1.6) : between(ctx.shot, 0.9, 1.06);
  const dx = isDetail(ctx) ? between(ctx.shot, -40, 40) : between(ctx.shot, -24, 24);
  const dy = isDetail(ctx) ? 60 : between(ctx.shot, -10, 10);
  return `<g transform="translate(${n1(CENTRE + dx)} ${n1(CENTRE + dy)}) scale(${n1(zoom * 100) / 100}) translate(${-CENTRE} ${-CENTRE})">${object}</g>`;
}
