/**
 * What the app shell calls of the consent feature (consent.ts says what it does): two
 * functions that load it on demand, so a page carries only these few bytes, and a shop
 * without an analytics id loads nothing more at all.
 */

/**
 * After hydration, for a shop whose analytics id is `id`: loads the consent code, which runs
 * the Google tag if the visitor accepted it before or shows the banner if they never chose.
 * Does nothing when `id` is null or blank (no analytics, no banner).
 */
export function startConsent(id: string | null | undefined): void {
  const trimmed = id?.trim();
  if (trimmed) void import('./consent').then((m) => m.startAnalyticsConsent(trimmed));
}

/** The footer's "Cookie settings" control: shows the banner again for analytics id `id`. */
export function openCookieSettings(id: string, returnFocus?: HTMLElement | null): void {
  void import('./consent').then((m) => m.openConsentSettings(id.trim(), returnFocus));
}
