import { createRequire } from 'node:module';
import type { default as sharpModule, Sharp } from 'sharp';

/**
 * sharp, loaded on the first image made: it (and libvips) costs a running shop about 25 MB,
 * and only the first start's seed makes images (the idle process).
 */
let loadedSharp: typeof sharpModule | undefined;
function sharp(input: Buffer): Sharp {
  loadedSharp ??= createRequire(import.meta.url)('sharp') as typeof sharpModule;
  return loadedSharp(input);
}
import type { SeedImage, SeedTenant } from './catalog-data.ts';

/**
 * Seed-time artwork for the demo shops: product "photographs", a text logo and a favicon,
 * all drawn as SVG in code and rasterised with sharp, so the catalogue has real raster
 * images (section 3: "1 to 4 real raster images each ... distinct colours and
 * shapes per product so that the centre pixels differ") without shipping binary files.
 *
 * Every drawing works on an 800 x 800 canvas and is scaled to the requested size by the
 * SVG viewBox. Variation (angle, mirroring, proportions, scenery) comes from a PRNG seeded
 * with the image's shape, palette and alt text, so output is deterministic per image.
 *
 * A few words in the alt text pick a variant, so the picture matches what it describes:
 * "damascus" etches a layered pattern on a blade; "detail"/"close-up" zooms in on a knife;
 * "watercolour", "print", "etching", "ink" or "gouache" mounts a painting; a wood name
 * ("walnut", "oak", ...) turns a bowl into turned wood; for carvings "spoon" draws a spoon,
 * "board"/"platter"/"tray" a board, anything else a whittled bird on a plinth.
 */

export type ImageShape =
  | 'chef-knife'
  | 'hunting-knife'
  | 'folding-knife'
  | 'painting'
  | 'vase'
  | 'bowl'
  | 'mug'
  | 'carving';

const CANVAS = 800;
const CENTRE = CANVAS / 2;

// ---------------------------------------------------------------------------------------
// Colour and randomness helpers
// ---------------------------------------------------------------------------------------

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Expected a #rrggbb colour, got "${hex}"`);
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);

/** Small deterministic PRNG (mulberry32) seeded by an FNV-1a hash of the text. */
function rngFor(text: string): () => number {
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

type Rng = () => number;
const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const n1 = (v: number) => Math.round(v * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Scopes gradient/clip ids so several drawings could share one document without clashes. */
interface Ctx {
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

/** Metal gradient running across the blade (top edge to cutting edge). */
function steelGradient(ctx: Ctx, id: string, tint: number): string {
  const base = mix('#c9ced3', ctx.accent, tint);
  ctx.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${darken(base, 0.28)}"/>` +
      `<stop offset="0.35" stop-color="${lighten(base, 0.35)}"/>` +
      `<stop offset="0.7" stop-color="${base}"/>` +
      `<stop offset="1" stop-color="${darken(base, 0.12)}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

function verticalGradient(ctx: Ctx, id: string, colour: string, spread = 0.25): string {
  ctx.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${lighten(colour, spread)}"/>` +
      `<stop offset="0.45" stop-color="${colour}"/>` +
      `<stop offset="1" stop-color="${darken(colour, spread * 1.4)}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

/** Cylinder shading: dark rim, a lit band left of centre, the plain colour at the middle. */
function cylinderGradient(ctx: Ctx, id: string, colour: string): string {
  ctx.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
      `<stop offset="0" stop-color="${darken(colour, 0.42)}"/>` +
      `<stop offset="0.22" stop-color="${lighten(colour, 0.1)}"/>` +
      `<stop offset="0.5" stop-color="${colour}"/>` +
      `<stop offset="0.8" stop-color="${darken(colour, 0.2)}"/>` +
      `<stop offset="1" stop-color="${darken(colour, 0.5)}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

/** A soft white glaze highlight (vertical streak) as a radial gradient fill. */
function highlightGradient(ctx: Ctx, id: string, opacity: number): string {
  ctx.defs.push(
    `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">` +
      `<stop offset="0" stop-color="#ffffff" stop-opacity="${opacity}"/>` +
      `<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
  );
  return `url(#${id})`;
}

/**
 * A soft cast shadow without an SVG blur filter: the silhouette stroked at shrinking widths
 * with low opacity, so the layers stack into a penumbra. librsvg's feGaussianBlur cost about
 * three quarters of a knife's render time at 800 px; these strokes are nearly free.
 */
function softShadow(
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
function contactShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number): string {
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
function wave(x0: number, x1: number, y: number, amp: number, period: number): string {
  let d = `M${n1(x0)} ${n1(y)} q${n1(period / 2)} ${n1(amp)} ${n1(period)} 0`;
  for (let x = x0 + period; x < x1; x += period) d += ` t${n1(period)} 0`;
  return d;
}

function grainLines(
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
function backdrop(ctx: Ctx): string {
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

const vignette = `<rect width="${CANVAS}" height="${CANVAS}" fill="url(#vignette)"/>`;

// ---------------------------------------------------------------------------------------
// Knives (lying flat, shot from above at a slight angle, tip up-right or mirrored)
// ---------------------------------------------------------------------------------------

interface KnifeParts {
  /** Shapes drawn in local coordinates: origin where the spine meets the bolster/guard. */
  body: string;
  /** The same outline as plain paths, used for the cast shadow. */
  silhouette: string;
  /** Local point on the spine placed just below the frame centre. */
  pivot: [number, number];
  /** Scale that makes the knife fill the frame nicely. */
  scale: number;
}

const isDamascus = (ctx: Ctx) => /damascus/i.test(ctx.alt);
const isDetail = (ctx: Ctx) => /\b(detail|close-up|up close)\b/i.test(ctx.alt);

/** Damascus layering: stacked wavy lines clipped to the blade. */
function damascusPattern(ctx: Ctx, clipId: string, length: number, height: number): string {
  let lines = '';
  for (let i = 0; i < 16; i++) {
    const y = -6 + (i * (height + 12)) / 16;
    const colour = i % 2 === 0 ? '#4a4f55' : '#ffffff';
    lines += `<path d="${wave(-20, length + 20, y, between(ctx.rng, 6, 14), between(ctx.rng, 28, 52))}" fill="none" stroke="${colour}" stroke-width="${n1(between(ctx.rng, 2, 4))}" opacity="${i % 2 === 0 ? 0.28 : 0.3}"/>`;
  }
  return `<g clip-path="url(#${clipId})">${lines}</g>`;
}

function rivet(x: number, y: number, r: number, metal: string): string {
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${metal}" stroke="${darken('#9aa1a8', 0.45)}" stroke-width="1.2"/>` +
    `<circle cx="${n1(x - r * 0.3)}" cy="${n1(y - r * 0.3)}" r="${n1(r * 0.35)}" fill="#ffffff" opacity="0.7"/>`
  );
}

function chefKnife(ctx: Ctx): KnifeParts {
  const { rng } = ctx;
  const L = between(rng, 410, 450);
  const H = between(rng, 82, 100);
  const blade =
    `M0 0 L${n1(L * 0.78)} 0 C${n1(L * 0.9)} 0 ${n1(L * 0.97)} ${n1(H * 0.12)} ${n1(L)} ${n1(H * 0.26)} ` +
    `C${n1(L * 0.88)} ${n1(H * 0.64)} ${n1(L * 0.7)} ${n1(H)} ${n1(L * 0.48)} ${n1(H)} L0 ${n1(H)} Z`;
  const bevel =
    `M-5 ${n1(H * 0.56)} L${n1(L * 0.5)} ${n1(H * 0.6)} C${n1(L * 0.75)} ${n1(H * 0.58)} ${n1(L * 0.92)} ${n1(H * 0.42)} ${n1(L + 5)} ${n1(H * 0.24)} ` +
    `L${n1(L + 5)} ${n1(H + 10)} L-5 ${n1(H + 10)} Z`;
  const edgeLine = `M2 ${n1(H - 2.5)} L${n1(L * 0.48)} ${n1(H - 2.5)} C${n1(L * 0.69)} ${n1(H - 2.5)} ${n1(L * 0.87)} ${n1(H * 0.62)} ${n1(L - 3)} ${n1(H * 0.28)}`;
  const handleH = 46;
  const HL = between(rng, 235, 265);
  const bolster = `M6 -4 L6 ${n1(H * 0.55)} Q-6 ${n1(H * 0.5)} -30 ${handleH - 4} L-30 -4 Z`;
  const handle =
    `M-30 -4 C-120 -7 ${n1(-HL * 0.85)} -8 ${n1(-HL - 20)} -5 Q${n1(-HL - 34)} -4 ${n1(-HL - 34)} 19 ` +
    `Q${n1(-HL - 34)} 44 ${n1(-HL - 20)} 45 C${n1(-HL * 0.85)} 48 -120 46 -30 ${handleH - 4} Z`;
  const japanese = rng() < 0.35;
  const steel = steelGradient(ctx, 'steel', 0.08);
  const bevelSteel = steelGradient(ctx, 'bevelSteel', 0.04);
  const wood = verticalGradient(ctx, 'handleWood', ctx.main, 0.22);
  const metal = verticalGradient(ctx, 'metal', mix('#b9bfc5', ctx.accent, 0.1), 0.3);
  ctx.defs.push(`<clipPath id="bladeClip"><path d="${blade}"/></clipPath>`);
  ctx.defs.push(`<clipPath id="handleClip"><path d="${handle}"/></clipPath>`);

  let handleDetail = grainLines(ctx, {
    x0: -HL - 40,
    x1: -25,
    y0: -4,
    y1: 44,
    count: 7,
    colour: darken(ctx.main, 0.45),
    width: 1.6,
    opacity: 0.35,
  });
  handleDetail =
    `<g clip-path="url(#handleClip)">${handleDetail}` +
    // A ferrule in the accent colour marks a Japanese-style handle; rivets a Western one.
    (japanese
      ? `<rect x="-78" y="-12" width="48" height="70" fill="${verticalGradient(ctx, 'ferrule', ctx.accent, 0.3)}"/>`
      : '') +
    `<path d="M-30 -1 C-120 -4 ${n1(-HL * 0.85)} -5 ${n1(-HL - 20)} -2" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.3"/></g>`;
  const rivets = japanese
    ? ''
    : [0.22, 0.52, 0.82].map((t) => rivet(n1(-30 - HL * t), 20, 6.5, metal)).join('');

  const body =
    `<path d="${handle}" fill="${wood}"/>${handleDetail}${rivets}` +
    `<path d="${blade}" fill="${steel}"/>` +
    (isDamascus(ctx) ? damascusPattern(ctx, 'bladeClip', L, H) : '') +
    `<path d="${bevel}" fill="${bevelSteel}" opacity="0.75" clip-path="url(#bladeClip)"/>` +
    `<path d="${edgeLine}" fill="none" stroke="#ffffff" stroke-width="2.5" opacity="0.75"/>` +
    `<path d="M2 1.5 L${n1(L * 0.78)} 1.5" stroke="#ffffff" stroke-width="2" opacity="0.6"/>` +
    `<ellipse cx="34" cy="${n1(H * 0.3)}" rx="9" ry="6" fill="none" stroke="${darken('#9aa1a8', 0.4)}" stroke-width="1.2" opacity="0.5"/>` +
    (japanese ? '' : `<path d="${bolster}" fill="${metal}"/>`);
  return {
    body,
    silhouette: `<path d="${handle}"/><path d="${blade}"/>`,
    pivot: [70, 0],
    scale: 1.0,
  };
}

function huntingKnife(ctx: Ctx): KnifeParts {
  const { rng } = ctx;
  const L = between(rng, 250, 285);
  const H = between(rng, 56, 68);
  // Drop point (spine curves down to a centred tip) or clip point (a straight clip to a raised tip).
  const clipPoint = rng() < 0.4;
  const tipY = clipPoint ? H * 0.22 : H * 0.34;
  const blade =
    (clipPoint
      ? `M0 4 L${n1(L * 0.62)} 4 L${n1(L)} ${n1(tipY)} `
      : `M0 4 L${n1(L * 0.55)} 4 C${n1(L * 0.78)} 4 ${n1(L * 0.92)} ${n1(H * 0.1)} ${n1(L)} ${n1(tipY)} `) +
    `C${n1(L * 0.92)} ${n1(H * 0.8)} ${n1(L * 0.74)} ${n1(H * 1.04)} ${n1(L * 0.5)} ${n1(H * 1.04)} L0 ${n1(H)} Z`;
  const bevel =
    `M-5 ${n1(H * 0.48)} L${n1(L * 0.6)} ${n1(H * 0.52)} C${n1(L * 0.8)} ${n1(H * 0.5)} ${n1(L * 0.93)} ${n1(H * 0.4)} ${n1(L + 5)} ${n1(tipY)} ` +
    `L${n1(L + 5)} ${n1(H + 10)} L-5 ${n1(H + 10)} Z`;
  const HL = between(rng, 215, 240);
  const handle =
    `M-12 2 C-90 -2 ${n1(-HL * 0.8)} -4 ${n1(-HL)} 2 Q${n1(-HL - 18)} 6 ${n1(-HL - 16)} 30 ` +
    `Q${n1(-HL - 14)} 58 ${n1(-HL + 2)} 60 C${n1(-HL * 0.8)} 62 ${n1(-HL * 0.65)} 52 ${n1(-HL * 0.55)} 58 ` +
    `C${n1(-HL * 0.42)} 64 ${n1(-HL * 0.3)} 52 ${n1(-HL * 0.18)} 58 C-30 61 -16 60 -12 58 Z`;
  const guard = `M-14 -12 Q-6 -14 0 -10 L0 ${n1(H + 10)} Q-6 ${n1(H + 16)} -14 ${n1(H + 12)} Z`;
  const steel = steelGradient(ctx, 'steel', 0.06);
  const bevelSteel = steelGradient(ctx, 'bevelSteel', 0.02);
  const brass = verticalGradient(ctx, 'brass', mix('#c9a45c', ctx.accent, 0.3), 0.35);
  const handleFill = verticalGradient(ctx, 'handleFill', ctx.main, 0.22);
  ctx.defs.push(`<clipPath id="bladeClip"><path d="${blade}"/></clipPath>`);
  ctx.defs.push(`<clipPath id="handleClip"><path d="${handle}"/></clipPath>`);

  // Either a stacked-leather handle (bands) or a pinned wood handle with grain.
  const stacked = rng() < 0.5;
  let detail = '';
  if (stacked) {
    for (let x = -16; x > -HL - 20; x -= 9) {
      detail += `<rect x="${n1(x - 4)}" y="-10" width="4" height="80" fill="${darken(ctx.main, 0.3)}" opacity="0.45"/>`;
    }
    detail += `<rect x="${n1(-HL * 0.5)}" y="-10" width="10" height="80" fill="${ctx.accent}" opacity="0.85"/>`;
  } else {
    detail += grainLines(ctx, {
      x0: -HL - 30,
      x1: -10,
      y0: 0,
      y1: 58,
      count: 8,
      colour: darken(ctx.main, 0.45),
      width: 1.6,
      opacity: 0.35,
    });
  }
  detail += `<path d="M-12 5 C-90 1 ${n1(-HL * 0.8)} -1 ${n1(-HL)} 5" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.3"/>`;
  const pommel = `<path d="M${n1(-HL - 2)} 0 Q${n1(-HL - 24)} 4 ${n1(-HL - 22)} 30 Q${n1(-HL - 20)} 60 ${n1(-HL)} 62 L${n1(-HL + 8)} 61 L${n1(-HL + 8)} 1 Z" fill="${brass}"/>`;
  const pins = stacked
    ? ''
    : [0.3, 0.68].map((t) => rivet(n1(-12 - HL * t), 30, 6, brass)).join('');
  const lanyard = `<circle cx="${n1(-HL + 22)}" cy="30" r="7" fill="${darken(ctx.main, 0.6)}" stroke="${brass}" stroke-width="3"/>`;
  const body =
    `<path d="${handle}" fill="${handleFill}"/><g clip-path="url(#handleClip)">${detail}</g>${pins}${lanyard}${pommel}` +
    `<path d="${blade}" fill="${steel}"/>` +
    (isDamascus(ctx) ? damascusPattern(ctx, 'bladeClip', L, H) : '') +
    `<path d="${bevel}" fill="${bevelSteel}" opacity="0.75" clip-path="url(#bladeClip)"/>` +
    // Fuller: a groove along the flat, dark line over a light one.
    `<path d="M12 ${n1(H * 0.3)} L${n1(L * 0.55)} ${n1(H * 0.3)}" stroke="${darken('#9aa1a8', 0.35)}" stroke-width="3" stroke-linecap="round" opacity="0.6"/>` +
    `<path d="M12 ${n1(H * 0.3 + 3)} L${n1(L * 0.55)} ${n1(H * 0.3 + 3)}" stroke="#ffffff" stroke-width="2" stroke-linecap="round" opacity="0.55"/>` +
    `<path d="M2 ${n1(H - 2.5)} L${n1(L * 0.5)} ${n1(H * 1.04 - 2.5)} C${n1(L * 0.72)} ${n1(H * 1.04 - 2.5)} ${n1(L * 0.9)} ${n1(H * 0.8)} ${n1(L - 3)} ${n1(tipY + 2)}" fill="none" stroke="#ffffff" stroke-width="2.5" opacity="0.75"/>` +
    (clipPoint
      ? `<path d="M${n1(L * 0.62)} 5 L${n1(L - 4)} ${n1(tipY + 1)}" stroke="#ffffff" stroke-width="2.5" opacity="0.6"/>`
      : '') +
    `<path d="${guard}" fill="${brass}"/>`;
  return {
    body,
    silhouette: `<path d="${handle}"/><path d="${blade}"/><path d="${guard}"/>`,
    pivot: [34, 4],
    scale: 1.24,
  };
}

function foldingKnife(ctx: Ctx): KnifeParts {
  const { rng } = ctx;
  const L = between(rng, 190, 215);
  const H = between(rng, 46, 54);
  const holeX = 26;
  const holeY = n1(H * 0.32);
  // evenodd subpath: the thumb hole lets the backdrop show through the blade.
  const blade =
    `M-8 2 L${n1(L * 0.55)} 2 L${n1(L * 0.7)} ${n1(H * 0.1)} Q${n1(L * 0.9)} ${n1(H * 0.2)} ${n1(L)} ${n1(H * 0.32)} ` +
    `C${n1(L * 0.85)} ${n1(H * 0.8)} ${n1(L * 0.6)} ${n1(H)} ${n1(L * 0.35)} ${n1(H)} L8 ${n1(H)} ` +
    `Q-8 ${n1(H)} -14 ${n1(H * 0.6)} Q-18 ${n1(H * 0.25)} -8 2 Z ` +
    `M${holeX + 7} ${holeY} a7 7 0 1 0 -14 0 a7 7 0 1 0 14 0 Z`;
  const HL = between(rng, 215, 240);
  const handle =
    `M-2 -2 C-80 -6 ${n1(-HL * 0.8)} -4 ${n1(-HL)} 2 Q${n1(-HL - 16)} 6 ${n1(-HL - 14)} 26 ` +
    `Q${n1(-HL - 12)} 48 ${n1(-HL + 4)} 50 C${n1(-HL * 0.7)} 52 -90 58 -20 52 Q6 48 6 26 Q6 4 -2 -2 Z`;
  const steel = steelGradient(ctx, 'steel', 0.05);
  const scaleFill = verticalGradient(ctx, 'scaleFill', ctx.main, 0.2);
  const clipMetal = verticalGradient(ctx, 'clipMetal', mix('#8e959c', ctx.accent, 0.25), 0.35);
  const liner = mix('#a7adb3', ctx.accent, 0.15);
  ctx.defs.push(`<clipPath id="bladeClip"><path d="${blade}" clip-rule="evenodd"/></clipPath>`);
  ctx.defs.push(`<clipPath id="handleClip"><path d="${handle}"/></clipPath>`);
  const texture = grainLines(ctx, {
    x0: -HL - 30,
    x1: 10,
    y0: -2,
    y1: 52,
    count: 9,
    colour: lighten(ctx.main, 0.35),
    width: 1.2,
    opacity: 0.3,
  });
  const clip =
    `<path d="M${n1(-HL + 6)} 3 L${n1(-HL * 0.45)} 6 Q${n1(-HL * 0.42)} 7 ${n1(-HL * 0.42)} 12 L${n1(-HL * 0.44)} 17 L${n1(-HL + 6)} 15 Z" fill="${clipMetal}" stroke="${darken('#9aa1a8', 0.4)}" stroke-width="1"/>` +
    rivet(n1(-HL + 18), 9, 3, clipMetal);
  const body =
    `<path d="${blade}" fill="${steel}" fill-rule="evenodd"/>` +
    (isDamascus(ctx) ? damascusPattern(ctx, 'bladeClip', L, H) : '') +
    `<path d="M${n1(L * 0.55)} 3 L${n1(L * 0.7)} ${n1(H * 0.1 + 1)} Q${n1(L * 0.9)} ${n1(H * 0.2 + 1)} ${n1(L - 2)} ${n1(H * 0.32)}" fill="none" stroke="#ffffff" stroke-width="2.5" opacity="0.7"/>` +
    `<path d="M8 ${n1(H * 0.55)} L${n1(L * 0.5)} ${n1(H * 0.6)} Q${n1(L * 0.85)} ${n1(H * 0.55)} ${n1(L - 2)} ${n1(H * 0.33)}" fill="none" stroke="${darken('#9aa1a8', 0.3)}" stroke-width="1.5" opacity="0.45"/>` +
    `<path d="M10 ${n1(H - 2.5)} L${n1(L * 0.35)} ${n1(H - 2.5)} C${n1(L * 0.58)} ${n1(H - 2.5)} ${n1(L * 0.83)} ${n1(H * 0.8)} ${n1(L - 3)} ${n1(H * 0.34)}" fill="none" stroke="#ffffff" stroke-width="2.5" opacity="0.75"/>` +
    `<path d="${handle}" fill="${scaleFill}" stroke="${liner}" stroke-width="4"/>` +
    `<g clip-path="url(#handleClip)">${texture}</g>` +
    rivet(-6, 24, 11, clipMetal) +
    `<path d="M-11 24 L-1 24 M-6 19 L-6 29" stroke="${darken('#9aa1a8', 0.5)}" stroke-width="1.5"/>` +
    rivet(n1(-HL * 0.55), 26, 5, clipMetal) +
    rivet(n1(-HL + 14), 26, 5, clipMetal) +
    clip;
  return {
    body,
    silhouette: `<path d="${handle}"/><path d="${blade}" fill-rule="evenodd"/>`,
    pivot: [-10, -2],
    scale: 1.42,
  };
}

/**
 * Places the knife so the frame centre falls on the backdrop just above the spine: the SPA
 * samples the centre pixel for the card background, and a plain palette colour reads better
 * there than a random spot of polished steel.
 */
function knifeScene(ctx: Ctx, parts: KnifeParts): string {
  const rng = ctx.shot;
  const detail = isDetail(ctx);
  const angle = n1(between(rng, -27, -13));
  const mirror = rng() < 0.3;
  const scale = n1(parts.scale * (detail ? 1.4 : between(rng, 0.95, 1.04)) * 100) / 100;
  const gap = detail ? 56 : between(rng, 22, 36);
  const [px, py] = parts.pivot;
  // A detail shot slides the knife towards the handle so the tip stays in frame.
  const shift = detail ? (mirror ? 120 : -120) : 0;
  const placement =
    `translate(${CENTRE + shift} ${n1(CENTRE + gap)}) rotate(${mirror ? -angle : angle}) ` +
    `scale(${mirror ? -scale : scale} ${scale}) translate(${-px} ${-py})`;
  return (
    softShadow(parts.silhouette, `translate(12 20) ${placement}`, 9 / scale) +
    `<g transform="${placement}">${parts.body}</g>`
  );
}

// ---------------------------------------------------------------------------------------
// Painting (hung on a wall in the palette's background colour)
// ---------------------------------------------------------------------------------------

type Scene = 'water' | 'mountains' | 'forest' | 'fields';

/** The painting's subject follows its title where the title names one. */
function paintingScene(ctx: Ctx): Scene {
  if (/\b(harbou?r|sea|coast|loch|lake|pond|marsh|tide|river|estuary|bay)\b/i.test(ctx.alt))
    return 'water';
  if (/\b(ridge|mountains?|peaks?|winter|snow)\b/i.test(ctx.alt)) return 'mountains';
  if (/\b(wood|woods|forest|larch|pines?|trees)\b/i.test(ctx.alt)) return 'forest';
  if (/\b(pasture|meadow|fields?|farm)\b/i.test(ctx.alt)) return 'fields';
  const scenes: Scene[] = ['water', 'mountains', 'forest', 'fields'];
  return scenes[Math.floor(ctx.rng() * scenes.length)] ?? 'fields';
}

function painting(ctx: Ctx): string {
  const { rng, main, accent, bg } = ctx;
  const orientation = rng();
  const [W, H] = orientation < 0.5 ? [560, 420] : orientation < 0.8 ? [440, 560] : [500, 500];
  const fw = n1(between(rng, 30, 44));
  const matted = /\b(watercolou?r|ink|print|etching|gouache)\b/i.test(ctx.alt);
  const mat = matted ? 34 : 0;
  const x = CENTRE - W / 2;
  const y = CENTRE - H / 2 - 20;
  const cx = x + fw + mat;
  const cy = y + fw + mat;
  const cw = W - 2 * (fw + mat);
  const ch = H - 2 * (fw + mat);

  ctx.defs.push(
    `<linearGradient id="frame" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${lighten(accent, 0.35)}"/><stop offset="0.45" stop-color="${accent}"/>` +
      `<stop offset="1" stop-color="${darken(accent, 0.4)}"/></linearGradient>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${mix(main, '#2b3a55', 0.25)}"/>` +
      `<stop offset="0.6" stop-color="${lighten(main, 0.35)}"/>` +
      `<stop offset="1" stop-color="${lighten(mix(accent, '#ffd9a0', 0.4), 0.3)}"/></linearGradient>`,
    `<clipPath id="canvas"><rect x="${cx}" y="${cy}" width="${cw}" height="${ch}"/></clipPath>`,
  );
  const horizon = cy + ch * between(rng, 0.5, 0.62);
  const sunX = cx + cw * between(rng, 0.2, 0.8);
  const sunY = cy + ch * between(rng, 0.22, 0.4);
  const sunGlow = highlightGradient(ctx, 'sunGlow', 0.7);
  let scene =
    `<rect x="${cx}" y="${cy}" width="${cw}" height="${ch}" fill="url(#sky)"/>` +
    `<circle cx="${n1(sunX)}" cy="${n1(sunY)}" r="${n1(ch * 0.28)}" fill="${sunGlow}"/>` +
    `<circle cx="${n1(sunX)}" cy="${n1(sunY)}" r="${n1(ch * 0.07)}" fill="${lighten(accent, 0.6)}"/>`;

  // Layered ridges from far (pale, bluish) to near (dark, saturated).
  const ridge = (baseY: number, amp: number, colour: string) => {
    let d = `M${cx - 10} ${n1(baseY)}`;
    const steps = 6;
    for (let i = 1; i <= steps; i++) {
      const px = cx - 10 + ((cw + 20) * i) / steps;
      const py = baseY - between(rng, -amp, amp);
      d += ` Q${n1(px - (cw + 20) / steps / 2)} ${n1(baseY - between(rng, 0, amp * 1.6))} ${n1(px)} ${n1(py)}`;
    }
    d += ` L${cx + cw + 10} ${cy + ch + 10} L${cx - 10} ${cy + ch + 10} Z`;
    return `<path d="${d}" fill="${colour}"/>`;
  };
  const kind = paintingScene(ctx);
  scene += ridge(horizon - ch * 0.08, ch * 0.08, mix(lighten(main, 0.15), '#8aa0b8', 0.35));
  const tree = (tx: number, ty: number, th: number, colour: string) =>
    `<path d="M${n1(tx)} ${n1(ty - th)} L${n1(tx + th * 0.3)} ${n1(ty)} L${n1(tx - th * 0.3)} ${n1(ty)} Z" fill="${colour}"/>`;
  if (kind === 'water') {
    ctx.defs.push(
      `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1">` +
        `<stop offset="0" stop-color="${lighten(main, 0.2)}"/>` +
        `<stop offset="1" stop-color="${darken(main, 0.35)}"/></linearGradient>`,
    );
    scene += `<rect x="${cx}" y="${n1(horizon)}" width="${cw}" height="${n1(cy + ch - horizon)}" fill="url(#water)"/>`;
    for (let i = 0; i < 14; i++) {
      const wy = horizon + 6 + i * ((cy + ch - horizon) / 14);
      const wx = sunX + between(rng, -cw * 0.18, cw * 0.18);
      scene += `<rect x="${n1(wx - 30)}" y="${n1(wy)}" width="${n1(between(rng, 20, 70))}" height="3" rx="1.5" fill="${lighten(accent, 0.5)}" opacity="0.55"/>`;
    }
    if (/\b(harbou?r|sea|coast|loch|estuary|bay)\b/i.test(ctx.alt)) {
      const boats = 1 + Math.floor(rng() * 3);
      for (let b = 0; b < boats; b++) {
        const bx = cx + cw * (0.2 + (0.6 * (b + rng() * 0.6)) / boats);
        const by = horizon + (cy + ch - horizon) * between(rng, 0.25, 0.55);
        const k = between(rng, 0.7, 1.1);
        scene +=
          `<path d="M${n1(bx - 26 * k)} ${n1(by)} L${n1(bx + 26 * k)} ${n1(by)} L${n1(bx + 18 * k)} ${n1(by + 9 * k)} L${n1(bx - 18 * k)} ${n1(by + 9 * k)} Z" fill="${darken(main, 0.65)}"/>` +
          `<path d="M${n1(bx)} ${n1(by - 2)} L${n1(bx)} ${n1(by - 46 * k)} L${n1(bx + 24 * k)} ${n1(by - 6)} Z" fill="${lighten(bg, 0.5)}"/>`;
      }
    } else {
      // Reeds along the near bank instead of boats: marshes and ponds.
      for (let i = 0; i < 40; i++) {
        const rx = cx + cw * rng();
        const ry = cy + ch - between(rng, 0, ch * 0.08);
        scene += `<path d="M${n1(rx)} ${n1(ry)} q${n1(between(rng, -6, 6))} ${n1(-between(rng, 20, 40))} ${n1(between(rng, -10, 10))} ${n1(-between(rng, 40, 80))}" stroke="${darken(mix(main, accent, 0.5), 0.45)}" stroke-width="2.5" fill="none" opacity="0.8"/>`;
      }
    }
    scene += ridge(cy + ch - 8, 10, darken(main, 0.55));
  } else if (kind === 'mountains') {
    // Jagged peaks with snow caps, then a dark wooded foreground.
    const peaks = 3 + Math.floor(rng() * 2);
    for (let i = 0; i < peaks; i++) {
      const px = cx + (cw * (i + 0.5)) / peaks + between(rng, -30, 30);
      const top = cy + ch * between(rng, 0.18, 0.32);
      const half = cw * between(rng, 0.22, 0.32);
      const rock = mix(darken(main, 0.2 + i * 0.08), '#6b7585', 0.3);
      scene +=
        `<path d="M${n1(px - half)} ${n1(horizon + 10)} L${n1(px - half * 0.35)} ${n1(top + (horizon - top) * 0.45)} L${n1(px)} ${n1(top)} L${n1(px + half * 0.4)} ${n1(top + (horizon - top) * 0.5)} L${n1(px + half)} ${n1(horizon + 10)} Z" fill="${rock}"/>` +
        `<path d="M${n1(px - half * 0.28)} ${n1(top + (horizon - top) * 0.36)} L${n1(px)} ${n1(top)} L${n1(px + half * 0.3)} ${n1(top + (horizon - top) * 0.38)} L${n1(px + half * 0.1)} ${n1(top + (horizon - top) * 0.3)} L${n1(px - half * 0.08)} ${n1(top + (horizon - top) * 0.42)} Z" fill="#f4f6f8"/>`;
    }
    scene += ridge(horizon + ch * 0.12, ch * 0.05, lighten(mix(main, '#ffffff', 0.5), 0.2));
    scene += ridge(horizon + ch * 0.26, ch * 0.05, darken(mix(main, accent, 0.3), 0.45));
    for (let i = 0; i < 9; i++) {
      scene += tree(
        cx + cw * between(rng, 0.02, 0.98),
        horizon + ch * between(rng, 0.3, 0.4),
        between(rng, 26, 50),
        darken(main, 0.7),
      );
    }
  } else if (kind === 'forest') {
    // A hillside of trees painted in the main colour (golden larch, green pine, ...).
    scene += ridge(horizon + ch * 0.02, ch * 0.06, darken(mix(main, accent, 0.6), 0.2));
    for (let row = 0; row < 3; row++) {
      for (let i = 0; i < 12; i++) {
        const tx = cx + cw * ((i + rng() * 0.8) / 12);
        const ty = horizon + ch * (0.08 + row * 0.12) + between(rng, -6, 6);
        const th = between(rng, 40, 70) * (1 + row * 0.35);
        const colour = [lighten(main, 0.2), main, darken(main, 0.25)][(i + row) % 3] ?? main;
        scene += tree(tx, ty, th, colour);
      }
    }
    scene += ridge(cy + ch - 12, 10, darken(accent, 0.2));
  } else {
    // Fields: rolling hills striped by hedgerows, with a few trees.
    scene += ridge(horizon + ch * 0.06, ch * 0.07, mix(main, accent, 0.25));
    for (let i = 0; i < 5; i++) {
      const hy = horizon + ch * (0.1 + i * 0.07);
      scene += `<path d="${wave(cx - 10, cx + cw + 10, hy, between(rng, -8, 8), between(rng, 120, 220))}" stroke="${darken(main, 0.45)}" stroke-width="${n1(3 + i)}" fill="none" opacity="0.55"/>`;
    }
    scene += ridge(horizon + ch * 0.3, ch * 0.05, darken(mix(main, accent, 0.4), 0.3));
    for (let i = 0; i < 4; i++) {
      scene += tree(
        cx + cw * between(rng, 0.05, 0.95),
        horizon + ch * between(rng, 0.12, 0.3),
        between(rng, 24, 44),
        darken(main, 0.6),
      );
    }
  }
  if (/\b(fog|mist|haze)\b/i.test(ctx.alt)) {
    ctx.defs.push(
      `<linearGradient id="fog" x1="0" y1="0" x2="0" y2="1">` +
        `<stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0.55"/>` +
        `<stop offset="1" stop-color="#ffffff" stop-opacity="0.1"/></linearGradient>`,
    );
    scene += `<rect x="${cx}" y="${n1(horizon - ch * 0.3)}" width="${cw}" height="${n1(ch * 0.5)}" fill="url(#fog)"/>`;
  }
  // Loose brush marks, coloured by where they land (sky or ground), so the surface reads
  // as paint rather than flat vector art.
  for (let i = 0; i < 70; i++) {
    const bx = cx + cw * rng();
    const by = cy + ch * rng();
    const inSky = by < horizon;
    const tones = inSky
      ? [lighten(main, 0.55), lighten(accent, 0.45), lighten(main, 0.25)]
      : [darken(main, 0.35), mix(main, accent, 0.5), lighten(main, 0.15)];
    const colour = tones[i % 3] ?? main;
    const len = between(rng, 14, 46);
    const tilt = inSky ? between(rng, -3, 3) : between(rng, -10, 10);
    scene += `<path d="M${n1(bx)} ${n1(by)} q${n1(len / 2)} ${n1(between(rng, -6, 6))} ${n1(len)} ${n1(tilt)}" stroke="${colour}" stroke-width="${n1(between(rng, 3, 9))}" stroke-linecap="round" fill="none" opacity="${inSky ? 0.2 : 0.26}"/>`;
  }

  const frame =
    `<rect x="${x}" y="${y}" width="${W}" height="${H}" fill="url(#frame)"/>` +
    `<rect x="${x + 4}" y="${y + 4}" width="${W - 8}" height="${H - 8}" fill="none" stroke="${lighten(accent, 0.45)}" stroke-width="2" opacity="0.7"/>` +
    `<rect x="${n1(x + fw - 6)}" y="${n1(y + fw - 6)}" width="${n1(W - 2 * fw + 12)}" height="${n1(H - 2 * fw + 12)}" fill="none" stroke="${darken(accent, 0.45)}" stroke-width="6"/>` +
    (matted
      ? `<rect x="${x + fw}" y="${y + fw}" width="${W - 2 * fw}" height="${H - 2 * fw}" fill="${lighten(bg, 0.75)}"/>` +
        `<rect x="${cx - 2}" y="${cy - 2}" width="${cw + 4}" height="${ch + 4}" fill="${darken(bg, 0.2)}"/>`
      : '');
  // Each shot of the same painting hangs it a little nearer or further from the camera.
  const zoom = n1(between(ctx.shot, 0.9, 1.05) * 100) / 100;
  const dx = n1(between(ctx.shot, -18, 18));
  return (
    `<g transform="translate(${CENTRE + dx} ${CENTRE}) scale(${zoom}) translate(${-CENTRE} ${-CENTRE})">` +
    softShadow(
      `<rect x="${x}" y="${y}" width="${W}" height="${H}"/>`,
      'translate(12 22)',
      16,
      0.42,
    ) +
    frame +
    `<g clip-path="url(#canvas)">${scene}</g>` +
    `<rect x="${cx}" y="${cy}" width="${cw}" height="${ch}" fill="none" stroke="#000000" stroke-width="3" opacity="0.25"/>` +
    `</g>`
  );
}

// ---------------------------------------------------------------------------------------
// Ceramics
// ---------------------------------------------------------------------------------------

/** Symmetric lathe profile: [y, half width] pairs from foot to lip, joined by Catmull-Rom curves. */
function latheOutline(profile: [number, number][]): string {
  const right = profile.map(([y, w]) => [CENTRE + w, y] as [number, number]);
  const left = [...profile].reverse().map(([y, w]) => [CENTRE - w, y] as [number, number]);
  const curve = (pts: [number, number][]) => {
    let d = '';
    for (let i = 0; i < pts.length - 1; i++) {
      const p0 = pts[Math.max(0, i - 1)]!;
      const p1 = pts[i]!;
      const p2 = pts[i + 1]!;
      const p3 = pts[Math.min(pts.length - 1, i + 2)]!;
      const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
      const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
      d += ` C${n1(c1[0]!)} ${n1(c1[1]!)} ${n1(c2[0]!)} ${n1(c2[1]!)} ${n1(p2[0])} ${n1(p2[1])}`;
    }
    return d;
  };
  const first = right[0]!;
  const lip = left[0]!;
  return `M${n1(first[0])} ${n1(first[1])}${curve(right)} L${n1(lip[0])} ${n1(lip[1])}${curve(left)} Z`;
}

function clayColour(ctx: Ctx): string {
  return mix('#b98d66', ctx.bg, 0.2);
}

/** Glaze drips running down from the lip, in the accent colour. */
function dripBand(ctx: Ctx, top: number, depth: number, width: number): string {
  let d = `M${CENTRE - width} ${top - 20} L${CENTRE + width} ${top - 20} L${CENTRE + width} ${n1(top + depth)}`;
  const drips = 9;
  for (let i = drips; i > 0; i--) {
    const x = CENTRE - width + (2 * width * (i - 0.5)) / drips;
    const long = depth + between(ctx.rng, 10, 60);
    d += ` Q${n1(x + 12)} ${n1(top + depth)} ${n1(x + 8)} ${n1(top + long)} Q${n1(x)} ${n1(top + long + 12)} ${n1(x - 8)} ${n1(top + long)} Q${n1(x - 12)} ${n1(top + depth)} ${n1(x - width / drips + 4)} ${n1(top + depth)}`;
  }
  d += ` L${CENTRE - width} ${n1(top + depth)} Z`;
  return d;
}

function vase(ctx: Ctx): string {
  const { rng, main, accent } = ctx;
  const foot = 640;
  // Title words pick the form; otherwise it follows the object's own seed.
  type Form = 'bottle' | 'jar' | 'moon' | 'tall';
  const forms: Form[] = ['bottle', 'jar', 'tall'];
  const form: Form = /\bmoon\b/i.test(ctx.alt)
    ? 'moon'
    : /\b(jar|urn)\b/i.test(ctx.alt)
      ? 'jar'
      : /\b(bottle|bud|ewer)\b/i.test(ctx.alt)
        ? 'bottle'
        : /\b(tall|cylinder)\b/i.test(ctx.alt)
          ? 'tall'
          : (forms[Math.floor(rng() * forms.length)] ?? 'jar');
  const profiles: Record<Form, [number, number][]> = {
    // round belly, long narrow neck
    bottle: [
      [foot, 62],
      [foot - 80, between(rng, 135, 158)],
      [foot - 190, between(rng, 120, 140)],
      [foot - 290, 42],
      [foot - 380, 36],
      [foot - 410, 48],
    ],
    // shouldered jar
    jar: [
      [foot, 78],
      [foot - 150, between(rng, 120, 135)],
      [foot - 300, between(rng, 150, 168)],
      [foot - 370, 96],
      [foot - 395, 82],
      [foot - 410, 92],
    ],
    // near-spherical moon jar with a short lip
    moon: [
      [foot, 70],
      [foot - 50, 150],
      [foot - 170, between(rng, 198, 210)],
      [foot - 300, 160],
      [foot - 360, 84],
      [foot - 380, 80],
      [foot - 392, 86],
    ],
    // tall cylinder with a flared lip
    tall: [
      [foot, 92],
      [foot - 160, between(rng, 100, 108)],
      [foot - 330, 96],
      [foot - 400, 84],
      [foot - 430, 104],
    ],
  };
  const profile = profiles[form];
  const lipY = profile[profile.length - 1]![0];
  const lipW = profile[profile.length - 1]![1];
  const outline = latheOutline(profile);
  const glaze = cylinderGradient(ctx, 'glaze', main);
  const drip = cylinderGradient(ctx, 'drip', accent);
  const hl = highlightGradient(ctx, 'hl', 0.55);
  ctx.defs.push(`<clipPath id="pot"><path d="${outline}"/></clipPath>`);
  const maxW = Math.max(...profile.map(([, w]) => w));
  const bellyY = profile.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return (
    contactShadow(ctx, CENTRE, foot, profile[0]![1] * 1.6, 20) +
    `<path d="${outline}" fill="${glaze}"/>` +
    `<g clip-path="url(#pot)">` +
    `<path d="${dripBand(ctx, lipY, between(rng, 60, 110), maxW + 10)}" fill="${drip}" opacity="0.95"/>` +
    `<rect x="${CENTRE - maxW}" y="${foot - 22}" width="${2 * maxW}" height="30" fill="${clayColour(ctx)}"/>` +
    `<ellipse cx="${n1(CENTRE - maxW * 0.5)}" cy="${n1(bellyY)}" rx="${n1(maxW * 0.16)}" ry="${n1((foot - lipY) * 0.3)}" fill="${hl}"/>` +
    `<ellipse cx="${n1(CENTRE - maxW * 0.5)}" cy="${n1(bellyY - 20)}" rx="${n1(maxW * 0.04)}" ry="${n1((foot - lipY) * 0.12)}" fill="#ffffff" opacity="0.55"/>` +
    `</g>` +
    `<ellipse cx="${CENTRE}" cy="${lipY}" rx="${lipW}" ry="${n1(lipW * 0.2)}" fill="${darken(accent, 0.6)}" stroke="${lighten(accent, 0.3)}" stroke-width="4"/>`
  );
}

const isWood = (ctx: Ctx) =>
  /\b(wood|walnut|oak|maple|cherry|burl|ash|olive|elm|beech|sycamore)\b/i.test(ctx.alt);

function bowl(ctx: Ctx): string {
  const { rng, main, accent } = ctx;
  const rx = n1(between(rng, 230, 265));
  const overhead = /\b(from above|overhead)\b/i.test(ctx.alt);
  const ry = n1(rx * (overhead ? 0.5 : between(rng, 0.26, 0.32)));
  const rimY = overhead ? 360 : 382;
  const depth = between(rng, 170, 200);
  const footW = rx * 0.38;
  const bottom = rimY + depth;
  const body =
    `M${CENTRE - rx} ${rimY} C${n1(CENTRE - rx + 8)} ${n1(rimY + depth * 0.7)} ${n1(CENTRE - footW * 1.6)} ${n1(bottom)} ${CENTRE} ${n1(bottom)} ` +
    `C${n1(CENTRE + footW * 1.6)} ${n1(bottom)} ${n1(CENTRE + rx - 8)} ${n1(rimY + depth * 0.7)} ${CENTRE + rx} ${rimY} Z`;
  const outside = cylinderGradient(ctx, 'outside', main);
  const inner = isWood(ctx) ? main : accent;
  ctx.defs.push(
    `<radialGradient id="inside" cx="0.5" cy="0.7" r="0.75">` +
      `<stop offset="0" stop-color="${darken(inner, 0.3)}"/><stop offset="0.6" stop-color="${inner}"/>` +
      `<stop offset="1" stop-color="${lighten(inner, 0.2)}"/></radialGradient>`,
    `<clipPath id="bowlBody"><path d="${body}"/></clipPath>`,
    `<clipPath id="bowlInside"><ellipse cx="${CENTRE}" cy="${rimY}" rx="${rx - 6}" ry="${ry - 5}"/></clipPath>`,
  );
  const hl = highlightGradient(ctx, 'hl', 0.5);
  let rings = '';
  if (isWood(ctx)) {
    for (let i = 1; i <= 6; i++) {
      const t = i / 7;
      rings += `<ellipse cx="${n1(CENTRE + between(rng, -8, 8))}" cy="${n1(rimY + ry * 0.25)}" rx="${n1(rx * t)}" ry="${n1(ry * t * 0.9)}" fill="none" stroke="${darken(main, 0.4)}" stroke-width="${n1(between(rng, 1, 2.5))}" opacity="0.35"/>`;
    }
    rings = `<g clip-path="url(#bowlInside)">${rings}</g>`;
  }
  const outerGrain = isWood(ctx)
    ? `<g clip-path="url(#bowlBody)">${grainLines(ctx, { x0: CENTRE - rx, x1: CENTRE + rx, y0: rimY, y1: bottom, count: 9, colour: darken(main, 0.4), width: 1.6, opacity: 0.3 })}</g>`
    : `<g clip-path="url(#bowlBody)"><path d="${wave(CENTRE - rx, CENTRE + rx, rimY + depth * 0.35, 8, 60)} L${CENTRE + rx} ${rimY} L${CENTRE - rx} ${rimY} Z" fill="${accent}" opacity="0.9"/></g>`;
  return (
    contactShadow(ctx, CENTRE, bottom, rx * 0.6, 22) +
    `<path d="${body}" fill="${outside}"/>` +
    outerGrain +
    `<g clip-path="url(#bowlBody)"><ellipse cx="${n1(CENTRE - rx * 0.55)}" cy="${n1(rimY + depth * 0.42)}" rx="${n1(rx * 0.1)}" ry="${n1(depth * 0.28)}" fill="${hl}"/></g>` +
    `<ellipse cx="${CENTRE}" cy="${rimY}" rx="${rx}" ry="${ry}" fill="${lighten(isWood(ctx) ? main : accent, 0.25)}"/>` +
    `<ellipse cx="${CENTRE}" cy="${rimY}" rx="${rx - 6}" ry="${ry - 5}" fill="url(#inside)"/>` +
    rings +
    `<ellipse cx="${n1(CENTRE - rx * 0.3)}" cy="${n1(rimY - ry * 0.45)}" rx="${n1(rx * 0.22)}" ry="${n1(ry * 0.14)}" fill="#ffffff" opacity="0.35"/>`
  );
}

function mug(ctx: Ctx): string {
  const { rng, main, accent } = ctx;
  const hw = n1(between(rng, 100, 120));
  const top = n1(between(rng, 270, 300));
  const bottom = 610;
  const ry = n1(hw * 0.22);
  const body = `M${CENTRE - hw} ${top} L${CENTRE - hw} ${bottom - 16} Q${CENTRE - hw} ${bottom} ${CENTRE - hw + 22} ${bottom + 6} Q${CENTRE} ${bottom + 14} ${CENTRE + hw - 22} ${bottom + 6} Q${CENTRE + hw} ${bottom} ${CENTRE + hw} ${bottom - 16} L${CENTRE + hw} ${top} Z`;
  const glaze = cylinderGradient(ctx, 'glaze', main);
  const lower = cylinderGradient(ctx, 'lower', rng() < 0.5 ? accent : clayColour(ctx));
  const hl = highlightGradient(ctx, 'hl', 0.55);
  ctx.defs.push(`<clipPath id="mugBody"><path d="${body}"/></clipPath>`);
  const mirror = ctx.shot() < 0.3;
  const hx = CENTRE + hw - 6;
  const handle = `M${hx} ${n1(top + 50)} C${n1(hx + 120)} ${n1(top + 30)} ${n1(hx + 120)} ${n1(top + 230)} ${hx} ${n1(top + 220)}`;
  const dipY = top + (bottom - top) * between(rng, 0.62, 0.74);
  const handleGroup =
    `<path d="${handle}" fill="none" stroke="${darken(main, 0.35)}" stroke-width="36" stroke-linecap="round"/>` +
    `<path d="${handle}" fill="none" stroke="${main}" stroke-width="26" stroke-linecap="round"/>` +
    `<path d="${handle}" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.3" transform="translate(-4 -5)"/>`;
  return (
    contactShadow(ctx, CENTRE + 20, bottom + 8, hw * 1.3, 20) +
    (mirror
      ? `<g transform="translate(${CANVAS} 0) scale(-1 1)">${handleGroup}</g>`
      : handleGroup) +
    `<path d="${body}" fill="${glaze}"/>` +
    `<g clip-path="url(#mugBody)">` +
    `<path d="${wave(CENTRE - hw - 20, CENTRE + hw + 20, dipY, 10, 55)} L${CENTRE + hw + 20} ${bottom + 30} L${CENTRE - hw - 20} ${bottom + 30} Z" fill="${lower}"/>` +
    `<ellipse cx="${n1(CENTRE - hw * 0.55)}" cy="${n1((top + bottom) / 2 - 20)}" rx="${n1(hw * 0.14)}" ry="${n1((bottom - top) * 0.36)}" fill="${hl}"/>` +
    `</g>` +
    `<ellipse cx="${CENTRE}" cy="${top}" rx="${hw}" ry="${ry}" fill="${lighten(main, 0.3)}"/>` +
    `<ellipse cx="${CENTRE}" cy="${n1(top + 2)}" rx="${hw - 9}" ry="${n1(ry - 6)}" fill="${darken(main, 0.55)}"/>`
  );
}

// ---------------------------------------------------------------------------------------
// Wood carvings: a spoon lying on the table, a board, or a whittled bird on a plinth
// ---------------------------------------------------------------------------------------

function spoon(ctx: Ctx): KnifeParts {
  const { rng, main } = ctx;
  const bowlRx = between(rng, 82, 98);
  const bowlRy = bowlRx * 0.68;
  const len = between(rng, 360, 400);
  const outline =
    `M${n1(-bowlRx * 0.9)} ${n1(-bowlRy * 0.45)} C${n1(-bowlRx * 1.5)} -12 ${n1(-len * 0.6)} -14 ${n1(-len)} -20 ` +
    `Q${n1(-len - 22)} 0 ${n1(-len)} 20 C${n1(-len * 0.6)} 14 ${n1(-bowlRx * 1.5)} 12 ${n1(-bowlRx * 0.9)} ${n1(bowlRy * 0.45)} ` +
    `A${n1(bowlRx)} ${n1(bowlRy)} 0 1 0 ${n1(-bowlRx * 0.9)} ${n1(-bowlRy * 0.45)} Z`;
  const woodFill = verticalGradient(ctx, 'wood', main, 0.2);
  ctx.defs.push(
    `<clipPath id="spoon"><path d="${outline}"/></clipPath>`,
    `<radialGradient id="hollow" cx="0.58" cy="0.6" r="0.6">` +
      `<stop offset="0" stop-color="${darken(main, 0.25)}"/><stop offset="0.8" stop-color="${main}"/>` +
      `<stop offset="1" stop-color="${lighten(main, 0.2)}"/></radialGradient>`,
  );
  const grain = grainLines(ctx, {
    x0: -len - 30,
    x1: bowlRx + 20,
    y0: -bowlRy,
    y1: bowlRy,
    count: 12,
    colour: darken(main, 0.45),
    width: 1.5,
    opacity: 0.3,
  });
  const body =
    `<path d="${outline}" fill="${woodFill}"/>` +
    `<g clip-path="url(#spoon)">${grain}</g>` +
    `<ellipse cx="2" cy="0" rx="${n1(bowlRx * 0.84)}" ry="${n1(bowlRy * 0.8)}" fill="url(#hollow)" opacity="0.9"/>` +
    `<ellipse cx="${n1(-bowlRx * 0.3)}" cy="${n1(-bowlRy * 0.35)}" rx="${n1(bowlRx * 0.25)}" ry="${n1(bowlRy * 0.12)}" fill="#ffffff" opacity="0.3"/>` +
    `<path d="M${n1(-bowlRx * 1.4)} -8 C${n1(-len * 0.6)} -10 ${n1(-len * 0.8)} -12 ${n1(-len + 6)} -14" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.25"/>`;
  // The pivot sits on the handle's upper edge, so the frame centre falls on the backdrop
  // above the handle and left of the bowl.
  return { body, silhouette: `<path d="${outline}"/>`, pivot: [n1(-len * 0.42), -17], scale: 1.25 };
}

function board(ctx: Ctx): string {
  const { rng, main, accent } = ctx;
  const w = between(rng, 470, 520);
  const h = between(rng, 250, 290);
  const outline =
    `M${n1(-w / 2)} ${n1(-h / 2 + 30)} Q${n1(-w / 2)} ${n1(-h / 2)} ${n1(-w / 2 + 30)} ${n1(-h / 2)} L${n1(w / 2 - 30)} ${n1(-h / 2)} ` +
    `Q${n1(w / 2)} ${n1(-h / 2)} ${n1(w / 2)} ${n1(-h / 2 + 30)} L${n1(w / 2)} -34 Q${n1(w / 2 + 10)} -34 ${n1(w / 2 + 30)} -30 ` +
    `L${n1(w / 2 + 110)} -26 Q${n1(w / 2 + 140)} 0 ${n1(w / 2 + 110)} 26 L${n1(w / 2 + 30)} 30 Q${n1(w / 2 + 10)} 34 ${n1(w / 2)} 34 ` +
    `L${n1(w / 2)} ${n1(h / 2 - 30)} Q${n1(w / 2)} ${n1(h / 2)} ${n1(w / 2 - 30)} ${n1(h / 2)} L${n1(-w / 2 + 30)} ${n1(h / 2)} ` +
    `Q${n1(-w / 2)} ${n1(h / 2)} ${n1(-w / 2)} ${n1(h / 2 - 30)} Z M${n1(w / 2 + 100)} 0 a12 12 0 1 0 -24 0 a12 12 0 1 0 24 0 Z`;
  const woodFill = verticalGradient(ctx, 'wood', main, 0.18);
  ctx.defs.push(`<clipPath id="board"><path d="${outline}" clip-rule="evenodd"/></clipPath>`);
  const angle = n1(between(ctx.shot, -12, -4));
  // The handle adds ~140 units on the right, so shift left to centre the whole board.
  const placement = `translate(${CENTRE - 65} ${CENTRE + 20}) rotate(${angle})`;
  const grain = grainLines(ctx, {
    x0: -w / 2 - 20,
    x1: w / 2 + 150,
    y0: -h / 2,
    y1: h / 2,
    count: 16,
    colour: darken(main, 0.45),
    width: 1.6,
    opacity: 0.3,
  });
  return (
    softShadow(`<path d="${outline}" fill-rule="evenodd"/>`, `translate(12 20) ${placement}`, 10) +
    `<g transform="${placement}"><path d="${outline}" fill="${woodFill}" fill-rule="evenodd"/>` +
    `<g clip-path="url(#board)">${grain}` +
    `<rect x="${n1(-w * 0.18)}" y="${n1(-h / 2 - 10)}" width="${n1(w * 0.07)}" height="${n1(h + 20)}" fill="${accent}" opacity="0.55"/>` +
    `<path d="M${n1(-w / 2 + 12)} ${n1(-h / 2 + 8)} L${n1(w / 2 - 12)} ${n1(-h / 2 + 8)}" stroke="#ffffff" stroke-width="4" opacity="0.3"/></g>` +
    `</g>`
  );
}

function bird(ctx: Ctx): string {
  const { rng, main, accent } = ctx;
  const lean = n1(between(ctx.shot, -14, -4));
  const bodyRx = between(rng, 140, 160);
  const bodyRy = between(rng, 95, 110);
  const headR = between(rng, 56, 66);
  const hx = 400 + bodyRx * 0.8;
  const hy = 420 - bodyRy * 0.85;
  const wood = verticalGradient(ctx, 'wood', main, 0.2);
  const base = verticalGradient(ctx, 'base', darken(accent, 0.1), 0.25);
  const bodyPath =
    `M${n1(400 - bodyRx)} 430 C${n1(400 - bodyRx)} ${n1(430 - bodyRy * 1.1)} ${n1(400 + bodyRx * 0.5)} ${n1(430 - bodyRy * 1.2)} ${n1(400 + bodyRx * 0.85)} ${n1(430 - bodyRy * 0.5)} ` +
    `C${n1(400 + bodyRx * 1.1)} ${n1(430 + bodyRy * 0.2)} ${n1(400 + bodyRx * 0.6)} ${n1(430 + bodyRy)} ${n1(400)} ${n1(430 + bodyRy * 0.95)} ` +
    `C${n1(400 - bodyRx * 0.6)} ${n1(430 + bodyRy * 0.9)} ${n1(400 - bodyRx * 1.2)} 470 ${n1(400 - bodyRx * 1.75)} 395 ` +
    `L${n1(400 - bodyRx * 1.55)} 420 Z`;
  ctx.defs.push(
    `<clipPath id="bird"><path d="${bodyPath}"/><circle cx="${n1(hx)}" cy="${n1(hy)}" r="${n1(headR)}"/></clipPath>`,
  );
  // Knife facets: random chords, each shading one side, as a whittled surface catches light.
  let facets = '';
  for (let i = 0; i < 14; i++) {
    const a = between(rng, 0, Math.PI);
    const px = between(rng, 230, 620);
    const py = between(rng, 260, 540);
    const dx = Math.cos(a) * 600;
    const dy = Math.sin(a) * 600;
    const nx = -Math.sin(a) * 600;
    const ny = Math.cos(a) * 600;
    facets += `<path d="M${n1(px - dx)} ${n1(py - dy)} L${n1(px + dx)} ${n1(py + dy)} L${n1(px + dx + nx)} ${n1(py + dy + ny)} L${n1(px - dx + nx)} ${n1(py - dy + ny)} Z" fill="${i % 2 ? lighten(main, 0.5) : darken(main, 0.5)}" opacity="${n1(between(rng, 0.06, 0.12) * 100) / 100}"/>`;
  }
  const wing = `M${n1(400 - bodyRx * 0.6)} ${n1(420)} C${n1(400 - bodyRx * 0.1)} ${n1(370)} ${n1(400 + bodyRx * 0.45)} ${n1(390)} ${n1(400 + bodyRx * 0.35)} ${n1(450)} C${n1(400)} ${n1(480)} ${n1(400 - bodyRx * 0.6)} ${n1(470)} ${n1(400 - bodyRx * 1.2)} ${n1(430)} Z`;
  const plinthY = 600;
  const plinth =
    `<path d="M230 ${plinthY} L230 ${plinthY + 44} A170 30 0 0 0 570 ${plinthY + 44} L570 ${plinthY} Z" fill="${base}"/>` +
    `<ellipse cx="400" cy="${plinthY}" rx="170" ry="30" fill="${lighten(accent, 0.2)}"/>` +
    [0.3, 0.55, 0.8]
      .map(
        (t) =>
          `<ellipse cx="400" cy="${plinthY}" rx="${n1(170 * t)}" ry="${n1(30 * t)}" fill="none" stroke="${darken(accent, 0.3)}" stroke-width="1.5" opacity="0.5"/>`,
      )
      .join('');
  return (
    contactShadow(ctx, CENTRE, plinthY + 50, 200, 22) +
    plinth +
    `<rect x="372" y="${n1(430 + bodyRy * 0.8)}" width="12" height="${n1(plinthY - 430 - bodyRy * 0.8 + 4)}" fill="${darken(main, 0.4)}"/>` +
    `<rect x="418" y="${n1(430 + bodyRy * 0.8)}" width="12" height="${n1(plinthY - 430 - bodyRy * 0.8 + 4)}" fill="${darken(main, 0.4)}"/>` +
    `<g transform="rotate(${lean} 400 430)">` +
    `<path d="${bodyPath}" fill="${wood}"/>` +
    `<circle cx="${n1(hx)}" cy="${n1(hy)}" r="${n1(headR)}" fill="${wood}"/>` +
    `<g clip-path="url(#bird)">${facets}${grainLines(ctx, { x0: 200, x1: 660, y0: 260, y1: 560, count: 10, colour: darken(main, 0.4), width: 1.4, opacity: 0.25 })}</g>` +
    `<path d="${wing}" fill="${darken(main, 0.15)}" stroke="${darken(main, 0.4)}" stroke-width="2"/>` +
    `<path d="M${n1(hx + headR * 0.85)} ${n1(hy - 10)} L${n1(hx + headR + 42)} ${n1(hy + 4)} L${n1(hx + headR * 0.85)} ${n1(hy + 16)} Z" fill="${darken(accent, 0.2)}"/>` +
    `<circle cx="${n1(hx + headR * 0.35)}" cy="${n1(hy - headR * 0.15)}" r="7" fill="${darken(main, 0.75)}"/>` +
    `<circle cx="${n1(hx + headR * 0.32)}" cy="${n1(hy - headR * 0.2)}" r="2.2" fill="#ffffff" opacity="0.8"/>` +
    `</g>`
  );
}

/**
 * Frames one shot of an object standing in the middle of the set: a little nearer or
 * further and off-centre per shot, or a close-up for "detail" shots. The zoom is about the
 * frame centre, so the centre pixel stays on the object.
 */
function framedShot(ctx: Ctx, object: string): string {
  const zoom = isDetail(ctx) ? between(ctx.shot, 1.45, 1.6) : between(ctx.shot, 0.9, 1.06);
  const dx = isDetail(ctx) ? between(ctx.shot, -40, 40) : between(ctx.shot, -24, 24);
  const dy = isDetail(ctx) ? 60 : between(ctx.shot, -10, 10);
  return `<g transform="translate(${n1(CENTRE + dx)} ${n1(CENTRE + dy)}) scale(${n1(zoom * 100) / 100}) translate(${-CENTRE} ${-CENTRE})">${object}</g>`;
}

function carving(ctx: Ctx): string {
  if (/\b(spoons?|ladle|scoop|spatula)\b/i.test(ctx.alt)) return knifeScene(ctx, spoon(ctx));
  if (/\b(board|platter|tray)\b/i.test(ctx.alt)) return framedShot(ctx, board(ctx));
  return framedShot(ctx, bird(ctx));
}

// ---------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------

/** Builds the SVG document for one product image (800 x 800 user units, scaled to size). */
export function productSvg(image: SeedImage, size: number): string {
  const [bg, main, accent] = image.palette;
  const ctx: Ctx = {
    rng: rngFor(`${image.shape}|${image.palette.join(',')}`),
    shot: rngFor(`${image.alt_text}|${image.palette.join(',')}`),
    bg,
    main,
    accent,
    alt: image.alt_text,
    defs: [],
  };
  const back = backdrop(ctx);
  let subject: string;
  switch (image.shape) {
    case 'chef-knife':
      subject = knifeScene(ctx, chefKnife(ctx));
      break;
    case 'hunting-knife':
      subject = knifeScene(ctx, huntingKnife(ctx));
      break;
    case 'folding-knife':
      subject = knifeScene(ctx, foldingKnife(ctx));
      break;
    case 'painting':
      subject = painting(ctx);
      break;
    case 'vase':
      subject = framedShot(ctx, vase(ctx));
      break;
    case 'bowl':
      subject = framedShot(ctx, bowl(ctx));
      break;
    case 'mug':
      subject = framedShot(ctx, mug(ctx));
      break;
    case 'carving':
      subject = carving(ctx);
      break;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${CANVAS} ${CANVAS}">` +
    `<defs>${ctx.defs.join('')}</defs>${back}${subject}${vignette}</svg>`
  );
}

function checkSize(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 16 || value > 4096) {
    throw new RangeError(`${name} must be an integer between 16 and 4096, got ${value}`);
  }
}

/**
 * Renders a product illustration (an SVG drawn in code, rasterised by sharp) as a square
 * image of `size` x `size` pixels. Returns the encoded bytes (WebP quality 80 or JPEG
 * quality 82), without an alpha channel. Throws RangeError for a size outside 16-4096 and
 * Error for a palette colour that is not #rrggbb.
 */
export async function renderProductImage(
  image: SeedImage,
  size: number,
  format: 'webp' | 'jpeg',
): Promise<Buffer> {
  checkSize('size', size);
  const pipeline = sharp(Buffer.from(productSvg(image, size))).removeAlpha();
  return format === 'webp'
    ? pipeline.webp({ quality: 80, effort: 3 }).toBuffer()
    : pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * Renders the shop's text logo as a transparent PNG of `width` x `height` pixels: a round
 * emblem with the initials (accent colour, letters in the background colour) followed by the
 * text in the main colour, sized to fit. Palette order is [bg, main, accent].
 */
export async function renderLogo(
  logo: SeedTenant['logo'],
  width: number,
  height: number,
): Promise<Buffer> {
  checkSize('width', width);
  checkSize('height', height);
  const [bg, main, accent] = logo.palette;
  const initials = logo.text
    .split(/[\s&]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  const r = height * 0.42;
  const emblemX = height / 2;
  const textX = height + height * 0.12;
  // Bold serif glyphs average about 0.68 em (fallback fonts run wide); shrink the font rather than let the text clip.
  const fontSize = Math.min(height * 0.5, (width - textX - 4) / (logo.text.length * 0.68));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<circle cx="${n1(emblemX)}" cy="${n1(height / 2)}" r="${n1(r)}" fill="${accent}"/>` +
    `<circle cx="${n1(emblemX)}" cy="${n1(height / 2)}" r="${n1(r * 0.86)}" fill="none" stroke="${bg}" stroke-width="${n1(Math.max(1, height * 0.02))}" opacity="0.7"/>` +
    `<text x="${n1(emblemX)}" y="${n1(height / 2)}" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="${n1(r * 0.8)}" fill="${bg}">${escapeXml(initials)}</text>` +
    `<text x="${n1(textX)}" y="${n1(height / 2)}" dy="0.35em" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="${n1(fontSize)}" fill="${main}">${escapeXml(logo.text)}</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A 64 x 64 favicon as SVG text: a rounded square in the main colour with a flame-like
 * leaf in the background colour and an accent core. Palette order is [bg, main, accent].
 */
export function faviconSvg(palette: [string, string, string]): string {
  const [bg, main, accent] = palette.map((c) => toHex(parseHex(c))) as [string, string, string];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${main}"/>` +
    `<path d="M32 9C43 20 49 30 46 41C44 49 38 55 32 55C26 55 20 49 18 41C15 30 21 20 32 9Z" fill="${bg}"/>` +
    `<path d="M32 25C38 32 40 38 38 44C37 48 35 50 32 50C29 50 27 48 26 44C24 38 26 32 32 25Z" fill="${accent}"/>` +
    `</svg>`
  );
}
