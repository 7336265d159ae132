import { useHydrated } from './use-hydrated';

/**
 * Dates in the shopper's locale and time zone (architecture: time travels as ISO UTC and is
 * shown locally), without breaking hydration (decision 008): the server cannot know the
 * shopper's locale, so a server render and the browser's hydration of it both format in
 * en-US and UTC; right after hydration the page re-renders them in the shopper's own.
 */

/** False on the server and while hydrating; true afterwards and in pages rendered in the browser. */
export function useLocalDates(): boolean {
  return useHydrated();
}

/**
 * `iso` as a date ('Oct 14, 2026' medium, 'October 14, 2026' long in en-US), or '' when it is
 * missing or does not parse. `local` false: en-US in UTC, the same on server and browser.
 */
export function formatDate(
  iso: string | number | null | undefined,
  dateStyle: 'medium' | 'long',
  local = true,
): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(dateStyle, local).format(date);
}

// Making an Intl.DateTimeFormat is costly (toLocaleDateString makes one per call): keep them.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(dateStyle: 'medium' | 'long', local: boolean): Intl.DateTimeFormat {
  const key = `${dateStyle}:${local}`;
  let format = formatters.get(key);
  if (!format) {
    format = local
      ? new Intl.DateTimeFormat(undefined, { dateStyle })
      : new Intl.DateTimeFormat('en-US', { dateStyle, timeZone: 'UTC' });
    formatters.set(key, format);
  }
  return format;
}
