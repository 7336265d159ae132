/**
 * Gift card codes (decision 090): 20 characters of the platform's unambiguous alphabet
 * (../platform/random-code.ts, 30 symbols drawn with a CSPRNG: 20 x log2(30) = 98 bits), shown
 * as `GIFT-XXXX-XXXX-XXXX-XXXX-XXXX`. A code is kept only as its SHA-256 hash, bound to its
 * shop (`tenantId:CODE`), and its last four characters: at 98 bits a stolen hash cannot be
 * searched back to its code, so neither a slow hash nor a pepper would add anything, and a
 * plain hash can be looked up by an index. Typing is forgiving: case, spaces, dashes and the
 * `GIFT` prefix are ignored.
 */
import { sha256Hex } from '../platform/canonical-json.ts';
import { randomCode } from '../platform/random-code.ts';

/** Characters of a code, without its prefix and dashes. */
export const CODE_LENGTH = 20;

/** A new code, as printed: `GIFT-` and five groups of four characters. */
export function newGiftCardCode(): string {
  const chars = randomCode(CODE_LENGTH);
  const groups = chars.match(/.{4}/g)!;
  return `GIFT-${groups.join('-')}`;
}

/**
 * The code as typed, reduced to its 20 characters (upper case, no spaces, dashes or `GIFT`
 * prefix), or null when it cannot be a code (wrong length or characters; NUL bytes included).
 */
export function normalizeCode(typed: string): string | null {
  let chars = typed.toUpperCase().replace(/[\s-]/g, '');
  if (chars.startsWith('GIFT')) chars = chars.slice(4);
  return /^[2-9A-HJKMNP-TV-Z]{20}$/.test(chars) ? chars : null;
}

/** The stored hash of a normalized code in a shop: SHA-256 hex of `tenantId:CODE`. */
export function codeHash(tenantId: number, normalized: string): string {
  return sha256Hex(`${tenantId}:${normalized}`);
}

/** The only part of a code ever shown again: its last four characters. */
export function lastFour(normalized: string): string {
  return normalized.slice(-4);
}
