/**
 * Painting pictures: a framed landscape (water, mountains, forest or fields, as its title names
 * one) hung on a wall in the palette's background colour, with brush marks so it reads as paint;
 * "watercolour", "print", "etching", "ink" or "gouache" in the alt text mounts it behind a mat,
 * "fog", "mist" or "haze" veils the horizon.
 */
import {
  between,
  CENTRE,
  type Ctx,
  darken,
  highlightGradient,
  lighten,
  mix,
  n1,
  softShadow,
  wave,
} from './image-drawing.ts';

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

/** A framed landscape hung on the wall, a little nearer or further in each shot. */
export function painting(ctx: Ctx): string {
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
  /**
   * `count` trees of `colour` scattered over the ground: each one's place across the canvas (a
   * fraction of its width), below the horizon (a fraction of its height) and its height (px)
   * drawn from `across`, `below` and `tall`, in that order.
   */
  const scatteredTrees = (
    count: number,
    across: readonly [number, number],
    below: readonly [number, number],
    tall: readonly [number, number],
    colour: string,
  ) => {
    let trees = '';
    for (let i = 0; i < count; i++) {
      trees += tree(
        cx + cw * between(rng, ...across),
        horizon + ch * between(rng, ...below),
        between(rng, ...tall),
        colour,
      );
    }
    return trees;
  };
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
    scene += scatteredTrees(9, [0.02, 0.98], [0.3, 0.4], [26, 50], darken(main, 0.7));
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
    scene += scatteredTrees(4, [0.05, 0.95], [0.12, 0.3], [24, 44], darken(main, 0.6));
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
