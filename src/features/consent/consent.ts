/**
 * Consent before analytics (PECR reg. 6 / ePrivacy Directive art. 5(3), ICO guidance on
 * storage and access technologies): when the shop has a Google Analytics id, the Google tag
 * runs only after the visitor accepted it, and the visitor can change their mind at any time
 * from the footer's "Cookie settings". Loaded lazily (src/features/consent/api.ts) only when
 * the shop has an id; the banner itself is a further lazy chunk, loaded only when there is a
 * question to ask. Nothing here runs on the server: the server-rendered page is the same for
 * every visitor, and the banner appears after hydration.
 *
 * The rules, each tested in consent.test.tsx:
 * - no stored choice: no script, no cookie; the banner asks (Accept and Reject side by side);
 * - accepted (now or remembered): the Google tag is loaded;
 * - rejected (now or remembered): nothing is loaded, and no analytics cookie is left;
 * - withdrawn after accepting: the tag is told to stop, its `_ga*` cookies are deleted and the
 *   page reloads, so the script already in memory is gone too.
 */
import {
  applyAnalytics,
  stopAnalytics,
  ANALYTICS_SCRIPT_BASE,
  type AnalyticsWindow,
} from './analytics';
import { saveConsent, storedConsent, type ConsentStorage } from './consent-record';

/** What the consent rules act on: the browser's own objects in the app, stand-ins in tests. */
export interface ConsentEnvironment {
  doc: Document;
  win: AnalyticsWindow;
  /** `localStorage`, or null when the browser blocks it (the banner then asks on each page). */
  storage: ConsentStorage | null;
  /** The page's host name, for the analytics cookies' domains. */
  hostname: string;
  /** Reloads the page (after a withdrawal). */
  reload: () => void;
}

/** The browser's environment. `localStorage` can throw (storage blocked): then it is null. */
export function browserEnvironment(): ConsentEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return {
    doc: document,
    win: window as unknown as AnalyticsWindow,
    storage,
    hostname: window.location.hostname,
    reload: () => window.location.reload(),
  };
}

/** The banner on screen, if any: it is never shown twice. */
let open: { focus: () => void; isOpen: () => boolean } | null = null;
let opening: Promise<void> | null = null;

/**
 * Applies a choice: remembers it; on Accept loads the Google tag for `id`; on Reject deletes
 * any analytics cookie, and when the tag was already running on this page (a withdrawal),
 * stops it and reloads the page. Returns what happened.
 */
export function chooseAnalytics(
  id: string,
  analytics: boolean,
  env: ConsentEnvironment = browserEnvironment(),
): 'loaded' | 'refused' | 'withdrawn' {
  saveConsent(env.storage, analytics);
  if (analytics) {
    applyAnalytics(env.doc, env.win, id);
    return 'loaded';
  }
  const running = env.doc.querySelector(`script[src^="${ANALYTICS_SCRIPT_BASE}"]`) !== null;
  stopAnalytics(env.doc, env.win, id, env.hostname);
  if (!running) return 'refused';
  env.reload();
  return 'withdrawn';
}

/**
 * Shows the banner (loading its chunk), unless it is already shown; `focus` moves the focus
 * to it (when the visitor asked for it from the footer), and after the choice focus goes back
 * to `returnFocus`.
 */
async function showBanner(
  id: string,
  env: ConsentEnvironment,
  options: { focus: boolean; returnFocus?: HTMLElement | null },
): Promise<void> {
  if (open?.isOpen()) {
    if (options.focus) open.focus();
    return;
  }
  if (opening) return opening;
  opening = import('./consent-banner').then(({ mountConsentBanner }) => {
    open = mountConsentBanner(env.doc, {
      current: storedConsent(env.storage),
      focus: options.focus,
      onChoose: (analytics) => {
        open = null;
        chooseAnalytics(id, analytics, env);
        if (options.returnFocus?.isConnected) options.returnFocus.focus();
      },
    });
  });
  try {
    await opening;
  } finally {
    opening = null;
  }
}

/**
 * Start-up for a shop with analytics id `id` (spec section 1 as changed by the consent rule):
 * a remembered Accept loads the Google tag, a remembered Reject loads nothing, and with no
 * (current-version) choice the banner asks. Resolves once the banner is shown, if it is.
 */
export async function startAnalyticsConsent(
  id: string,
  env: ConsentEnvironment = browserEnvironment(),
): Promise<void> {
  const choice = storedConsent(env.storage);
  if (choice === true) applyAnalytics(env.doc, env.win, id);
  else if (choice === null) await showBanner(id, env, { focus: false });
}

/**
 * The footer's "Cookie settings": shows the banner again, with the current choice stated,
 * and moves the focus to it; after a choice the focus returns to `returnFocus`.
 */
export function openConsentSettings(
  id: string,
  returnFocus?: HTMLElement | null,
  env: ConsentEnvironment = browserEnvironment(),
): Promise<void> {
  return showBanner(id, env, { focus: true, returnFocus });
}
