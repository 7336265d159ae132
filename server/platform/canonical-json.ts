/**
 * Canonical JSON and the hashes built on it: the same data always gives the same
 * text, whatever order its keys arrived in, so equal requests and equal cart lines compare equal.
 */
import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys sorted (by UTF-16 code units, recursively) and no whitespace.
 * Only plain JSON values are expected; `undefined` members are dropped as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties, so even a key named "__proto__" stays a plain member.
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => [key, sortKeys(member)]),
  );
}

/** sha256 of the UTF-8 text, as 64 lowercase hex characters. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** True when the text holds a NUL character, which PostgreSQL cannot store in a text column. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}
