/**
 * What the content screens show of stored rich text outside the editor (the editor itself is
 * components/rich-field.tsx).
 */
import { inert } from '../../components/rich-text-editor';

/** The first words of stored HTML as plain text (a list's line under each item). */
export function summaryOf(html: string, max = 160): string {
  // Made inert first: parsing stored HTML as is would compile its event handlers (the CSP
  // refuses them, loudly).
  // A space after each block, or the text of a list reads "daysEurope".
  const spaced = inert(html).replace(
    /<\/(p|li|h[1-6]|div|blockquote|dt|dd|tr)>|<br\s*\/?>/gi,
    '$& ',
  );
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
