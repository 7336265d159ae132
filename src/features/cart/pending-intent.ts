/**
 * The pending add-to-cart intent (recorded in docs/spec-deviations.md): when Add to
 * Cart sends a logged-out shopper to /login, the chosen item and quantity wait in
 * sessionStorage (this tab only, gone with it) and are added once the shopper is back on the
 * product, logged in. An intent older than {@link PENDING_INTENT_TTL_MS} is dropped: a shopper
 * who wandered off and logged in much later did not ask for it then.
 *
 * Only event handlers and effects call these (architecture convention 13).
 */
export const PENDING_INTENT_KEY = 'pendingCartIntent';
export const PENDING_INTENT_TTL_MS = 30 * 60_000;

export interface PendingCartIntent {
  slug: string;
  productId: number;
  quantity: number;
  customization: Record<string, string>;
  /** The chosen variant of a piece with variants (issue 42). */
  variantId?: number;
  /** Epoch milliseconds when it was saved. */
  savedAt: number;
}

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage blocked: the shopper simply adds the item again after login
  }
}

/** Saves the intent, replacing any earlier one. */
export function savePendingCartIntent(
  intent: Omit<PendingCartIntent, 'savedAt'>,
  now: number = Date.now(),
): void {
  session()?.setItem(PENDING_INTENT_KEY, JSON.stringify({ ...intent, savedAt: now }));
}

function isIntent(value: unknown): value is PendingCartIntent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.slug === 'string' &&
    Number.isSafeInteger(v.productId) &&
    Number.isSafeInteger(v.quantity) &&
    (v.quantity as number) >= 1 &&
    typeof v.savedAt === 'number' &&
    typeof v.customization === 'object' &&
    v.customization !== null &&
    Object.values(v.customization).every((x) => typeof x === 'string')
  );
}

/**
 * The intent for the product `slug`, removed from storage so it is used once; null when there
 * is none for this product. A stale or unreadable intent is removed too.
 */
export function takePendingCartIntent(
  slug: string,
  now: number = Date.now(),
): PendingCartIntent | null {
  const storage = session();
  const raw = storage?.getItem(PENDING_INTENT_KEY);
  if (!storage || !raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isIntent(parsed) || now - parsed.savedAt > PENDING_INTENT_TTL_MS || parsed.savedAt > now) {
    storage.removeItem(PENDING_INTENT_KEY);
    return null;
  }
  if (parsed.slug !== slug) return null;
  storage.removeItem(PENDING_INTENT_KEY);
  return parsed;
}
