/**
 * The e-mails' colours: the shop's, where they keep text readable, else the storefront's own
 * palette (src/styles/tokens.css: warm off-white paper, dark ink, copper accent, and the dark
 * header band the shop's logo is drawn for). Colours go
 * into style attributes, so only `#rgb` / `#rrggbb` is accepted: anything else could carry
 * more CSS (a `url(...)` that loads a tracking image, for one).
 */
import type { EmailThemeInput } from './email-shop.ts';

/** Every colour the templates use, as `#rrggbb`. */
export interface EmailTheme {
  accent: string;
  accentContrast: string;
  ink: string;
  inkMuted: string;
  background: string;
  surface: string;
  surfaceMuted: string;
  border: string;
  header: string;
  headerInk: string;
  /** Links in running text: the accent when it reads on the card, else the ink. */
  link: string;
}

/** The storefront's palette (src/styles/tokens.css), which meets WCAG AA on every text pair. */
export const DEFAULT_EMAIL_THEME: Readonly<EmailTheme> = Object.freeze({
  accent: '#9a4a1c',
  accentContrast: '#ffffff',
  ink: '#1f1b16',
  inkMuted: '#5c534a',
  background: '#faf7f2',
  surface: '#ffffff',
  surfaceMuted: '#f1ece4',
  border: '#e2d9cc',
  header: '#1f1b16',
  headerInk: '#f5efe6',
  link: '#9a4a1c',
});

/** WCAG AA for body text. */
const AA = 4.5;

/** `#abc` or `#aabbcc` as lower-case `#aabbcc`; null for anything else. */
export function normalizeHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  return hex.length === 3 ? `#${[...hex].map((c) => c + c).join('')}` : `#${hex}`;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colours for one e-mail. Each of the shop's colours is used when it is a hex colour and
 * its text keeps AA contrast against what it sits on; otherwise the storefront's colour (or,
 * for button text, whichever of white and the ink reads better on the accent).
 */
export function resolveTheme(input: EmailThemeInput | undefined): EmailTheme {
  const pick = (key: keyof EmailThemeInput) =>
    normalizeHexColor(input?.[key]) ?? DEFAULT_EMAIL_THEME[key];
  let surface = pick('surface');
  let ink = pick('ink');
  let background = pick('background');
  // Body text on the card and the footer on the page: if either fails, the shop's paper and ink
  // do not work together, so both fall back as a pair.
  if (contrastRatio(ink, surface) < AA || contrastRatio(ink, background) < AA) {
    ({ ink, surface, background } = DEFAULT_EMAIL_THEME);
  }
  let inkMuted = pick('inkMuted');
  if (contrastRatio(inkMuted, surface) < AA || contrastRatio(inkMuted, background) < AA) {
    inkMuted =
      contrastRatio(DEFAULT_EMAIL_THEME.inkMuted, surface) >= AA
        ? DEFAULT_EMAIL_THEME.inkMuted
        : ink;
  }
  let surfaceMuted = pick('surfaceMuted');
  if (contrastRatio(ink, surfaceMuted) < AA) surfaceMuted = surface;
  const accent = pick('accent');
  const given = normalizeHexColor(input?.accentContrast);
  const accentContrast =
    given && contrastRatio(given, accent) >= AA
      ? given
      : contrastRatio('#ffffff', accent) >= contrastRatio(ink, accent)
        ? '#ffffff'
        : ink;
  const link = contrastRatio(accent, surface) >= AA ? accent : ink;
  const header = pick('header');
  let headerInk = pick('headerInk');
  if (contrastRatio(headerInk, header) < AA) {
    headerInk = contrastRatio('#ffffff', header) >= contrastRatio(ink, header) ? '#ffffff' : ink;
  }
  return {
    accent,
    accentContrast,
    ink,
    inkMuted,
    background,
    surface,
    surfaceMuted,
    border: pick('border'),
    header,
    headerInk,
    link,
  };
}
