/**
 * Ceramics pictures: a vase (bottle, jar, moon jar or tall cylinder, as the title says) turned
 * from a lathe profile with a drip glaze, a bowl (glazed, or turned wood when the alt text names a
 * wood such as "walnut" or "oak") and a mug with its handle, each standing on the studio floor.
 */
import {
  between,
  CANVAS,
  CENTRE,
  contactShadow,
  type Ctx,
  cylinderGradient,
  darken,
  grainLines,
  highlightGradient,
  lighten,
  mix,
  n1,
  wave,
} from './image-drawing.ts';

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

/** A vase whose form the title picks (moon jar, jar, bottle, tall), with a drip glaze. */
export function vase(ctx: Ctx): string {
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

/** A bowl seen from the side or from above: glazed, or turned wood with growth rings. */
export function bowl(ctx: Ctx): string {
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

/** A mug with its handle (mirrored in some shots) and a second glaze dipped on its lower part. */
export function mug(ctx: Ctx): string {
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
