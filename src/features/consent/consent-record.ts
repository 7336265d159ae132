/**
 * The visitor's analytics choice as the browser remembers it (PECR reg. 6 / ePrivacy Directive
 * art. 5(3)): one `localStorage` entry, which is strictly necessary (it only remembers the
 * choice) and so needs no consent itself. Pure functions over a `Storage`-like object, so the
 * end-to-end config can write the same record.
 *
 * The record is `{"version":1,"analytics":true,"decided_at":"2026-11-27T20:00:00.000Z"}`.
 * `CONSENT_VERSION` numbers what the visitor was asked: raise it when analytics starts doing
 * something new (another tool, another purpose), and every stored choice of an older version
 * counts as no choice, so the banner asks again.
 */

/** The `localStorage` key of the record. */
export const CONSENT_KEY = 'analyticsConsent';

/** The version of the question the visitor answered (see the module comment). */
export const CONSENT_VERSION = 1;

/** What is stored: whether analytics may run, and when the visitor said so (ISO 8601, UTC). */
export interface ConsentRecord {
  version: number;
  analytics: boolean;
  decided_at: string;
}

/** The minimal `Storage` this module needs (the browser's `localStorage` in the app). */
export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The stored choice: true (accepted), false (rejected), or null when there is none, it is of
 * an older `CONSENT_VERSION`, it cannot be read (malformed JSON) or storage is blocked (the
 * browser throws on access). Null means "ask".
 */
export function storedConsent(storage: ConsentStorage | null | undefined): boolean | null {
  try {
    const record = JSON.parse(storage?.getItem(CONSENT_KEY) ?? 'null') as Partial<ConsentRecord>;
    return record?.version === CONSENT_VERSION && typeof record.analytics === 'boolean'
      ? record.analytics
      : null;
  } catch {
    return null;
  }
}

/** The stored text of a choice made at `now`. */
export function consentRecordText(analytics: boolean, now: Date = new Date()): string {
  const record: ConsentRecord = {
    version: CONSENT_VERSION,
    analytics,
    decided_at: now.toISOString(),
  };
  return JSON.stringify(record);
}

/**
 * Remembers the choice. Returns false when storage refused it (blocked or full): the choice
 * still holds for this page, and the banner asks again on the next one.
 */
export function saveConsent(
  storage: ConsentStorage | null | undefined,
  analytics: boolean,
  now: Date = new Date(),
): boolean {
  try {
    storage?.setItem(CONSENT_KEY, consentRecordText(analytics, now));
    return Boolean(storage);
  } catch {
    return false;
  }
}
