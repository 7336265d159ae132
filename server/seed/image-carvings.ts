/**
 * Wood carving pictures: "spoon" (or ladle, scoop, spatula) in the alt text draws a spoon lying on
 * the table, "board", "platter" or "tray" a board with a handle, anything else a whittled bird on
 * a plinth.
 */
import {
  between,
  CENTRE,
  contactShadow,
  type Ctx,
  darken,
  framedShot,
  grainLines,
  lighten,
  n1,
  softShadow,
  verticalGradient,
} from './image-drawing.ts';
import { type KnifeParts, knifeScene } from './image-knives.ts';

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

/** The carving the alt text names: a spoon, a board, or else a bird on a plinth. */
export function carving(ctx: Ctx): string {
  if (/\b(spoons?|ladle|scoop|spatula)\b/i.test(ctx.alt)) return knifeScene(ctx, spoon(ctx));
  if (/\b(board|platter|tray)\b/i.test(ctx.alt)) return framedShot(ctx, board(ctx));
  return framedShot(ctx, bird(ctx));
}
