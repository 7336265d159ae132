/**
 * Knife pictures: a chef's knife (Western rivets or a Japanese ferrule), a hunting knife (drop or
 * clip point, stacked leather or pinned wood) and a folding knife, each lying flat and shot from
 * above at a slight angle, tip up-right or mirrored. "damascus" in the alt text etches layers on
 * the blade, "detail" or "close-up" zooms in. `knifeScene` places any flat object drawn this way
 * (the carvings' spoon too) so the frame centre falls on the backdrop.
 */
import {
  between,
  CENTRE,
  type Ctx,
  darken,
  grainLines,
  isDetail,
  lighten,
  mix,
  n1,
  softShadow,
  steelGradient,
  verticalGradient,
  wave,
} from './image-drawing.ts';

/** An object lying flat, drawn about its own origin, ready for `knifeScene` to place. */
export interface KnifeParts {
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

/** A chef's knife: a Western one with a bolster and three rivets, or a Japanese one with a ferrule. */
export function chefKnife(ctx: Ctx): KnifeParts {
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

/** A hunting knife with a guard and pommel: drop or clip point, stacked leather or pinned wood. */
export function huntingKnife(ctx: Ctx): KnifeParts {
  const { rng } = ctx;
  const L = between(rng, 250, 285);
  const H = between(rng, 56, 68);
  // Drop point (spine curves down to a centred tip) or clip point (a straight clip to a raised
  // tip).
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

/** A folding knife, open: a blade with a thumb hole, scales with a pocket clip and pivot. */
export function foldingKnife(ctx: Ctx): KnifeParts {
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
export function knifeScene(ctx: Ctx, parts: KnifeParts): string {
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
