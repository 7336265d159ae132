/**
 * A cart line's customization (spec section 3: a key/value map such as `engraving_text`),
 * reduced to one canonical form so that "the same product with the same customization" is
 * decided by comparing text.
 */
import { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from './errors.ts';
import { canonicalJson, hasNul, sha256Hex } from '../platform/canonical-json.ts';
import { NUL_MESSAGE } from '../platform/field-messages.ts';

/** The stored form of a customization. */
export interface CanonicalCustomization {
  /** Canonical JSON object text: keys sorted, keys and values trimmed, empty values dropped. */
  json: string;
  /** sha256 hex of `json`: the line's identity in the cart's unique index. */
  hash: string;
}

/**
 * Canonicalises a customization map: keys and values are trimmed, pairs whose key or value is
 * then empty are dropped, and keys are sorted; no map (or an empty one) gives `{}`.
 * @throws DomainError `null_in_customization` (field `customization`: "Null characters are not
 *   allowed.") when a key or a value holds a NUL character.
 */
export function canonicalCustomization(
  customization: Record<string, string> | undefined,
): CanonicalCustomization {
  const clean = new Map<string, string>();
  for (const [rawKey, rawValue] of Object.entries(customization ?? {})) {
    if (hasNul(rawKey) || hasNul(rawValue)) {
      throw new DomainError<CatalogErrorCode>('null_in_customization', NUL_MESSAGE, {
        field: 'customization',
      });
    }
    const key = rawKey.trim();
    const value = rawValue.trim();
    if (key && value) clean.set(key, value);
  }
  const json = canonicalJson(Object.fromEntries(clean));
  return { json, hash: sha256Hex(json) };
}

/** Reads a stored customization back as a map (`{}` for anything that is not a string map). */
export function parseCustomization(text: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
