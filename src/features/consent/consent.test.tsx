import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import { SiteFooter } from '../../app/site-footer';
import { ANALYTICS_SCRIPT_BASE, type AnalyticsWindow } from './analytics';
import { startConsent } from './api';
import {
  chooseAnalytics,
  openConsentSettings,
  startAnalyticsConsent,
  type ConsentEnvironment,
} from './consent';
import { CONSENT_KEY, consentRecordText, storedConsent } from './consent-record';

/**
 * Consent before analytics (PECR reg. 6 / ePrivacy art. 5(3)): what a visitor of a shop with a
 * Google Analytics id sees and what runs, in jsdom (no request leaves: jsdom does not fetch
 * scripts, so "loaded" means the Google tag's <script> element is in the page).
 */

const ID = 'G-TEST123';

function analyticsScripts(): HTMLScriptElement[] {
  return [
    ...document.querySelectorAll<HTMLScriptElement>(`script[src^="${ANALYTICS_SCRIPT_BASE}"]`),
  ];
}

function environment(): ConsentEnvironment & {
  reload: ReturnType<typeof vi.fn<() => void>>;
  win: AnalyticsWindow;
} {
  return {
    doc: document,
    win: {},
    storage: localStorage,
    hostname: 'localhost',
    reload: vi.fn<() => void>(),
  };
}

function banner() {
  return screen.findByRole('region', { name: 'Analytics cookies' });
}

function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean);
}

afterEach(() => {
  for (const script of analyticsScripts()) script.remove();
  for (const host of document.querySelectorAll('.consent-banner-host')) host.remove();
  for (const name of cookieNames()) document.cookie = `${name}=; max-age=0; path=/`;
});

describe('without an analytics id', () => {
  it.each([[null], [undefined], [''], ['  ']])(
    'shows no banner and loads nothing (id %j)',
    async (id) => {
      startConsent(id);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
      expect(analyticsScripts()).toHaveLength(0);
    },
  );

  it('has no "Cookie settings" in the footer', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['site-settings'], { site_title: 'Shop', google_analytics_id: null });
    renderWithRouter(<SiteFooter />, { queryClient });
    return waitFor(() => {
      expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
    });
  });
});

describe('with an analytics id and no choice yet', () => {
  it('loads no script and sets no cookie or storage before the visitor agrees, and asks', async () => {
    startConsent(ID);
    const region = await banner();
    expect(analyticsScripts()).toHaveLength(0);
    expect(cookieNames()).toEqual([]);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
    // Plain words: what, who, where to read more; two equal buttons, no box to untick.
    expect(region).toHaveTextContent('Google Analytics');
    expect(within(region).getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    const accept = within(region).getByRole('button', { name: 'Accept analytics' });
    const reject = within(region).getByRole('button', { name: 'Reject analytics' });
    expect(accept.className).toBe(reject.className);
    expect(within(region).queryByRole('checkbox')).toBeNull();
    // Shown on its own, it does not take the focus from the page.
    expect(region).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('loads the Google tag with the id after "Accept analytics", and remembers it', async () => {
    const env = environment();
    await startAnalyticsConsent(ID, env);
    fireEvent.click(within(await banner()).getByRole('button', { name: 'Accept analytics' }));

    expect(analyticsScripts().map((script) => script.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    ]);
    const calls = (env.win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', ID]);
    expect(storedConsent(localStorage)).toBe(true);
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toMatchObject({
      version: 1,
      analytics: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull(),
    );
  });

  it('loads nothing after "Reject analytics", and remembers it', async () => {
    const env = environment();
    await startAnalyticsConsent(ID, env);
    fireEvent.click(within(await banner()).getByRole('button', { name: 'Reject analytics' }));

    expect(analyticsScripts()).toHaveLength(0);
    expect(env.win.dataLayer).toBeUndefined();
    expect(storedConsent(localStorage)).toBe(false);
    expect(env.reload).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull(),
    );
  });
});

describe('a remembered choice', () => {
  it('runs the Google tag at once after an earlier Accept, without asking', async () => {
    localStorage.setItem(CONSENT_KEY, consentRecordText(true));
    await startAnalyticsConsent(ID, environment());
    expect(analyticsScripts()).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
  });

  it('loads nothing and does not ask again after an earlier Reject', async () => {
    localStorage.setItem(CONSENT_KEY, consentRecordText(false));
    await startAnalyticsConsent(ID, environment());
    expect(analyticsScripts()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
  });

  it('asks again when the choice was made for an older version of the question', async () => {
    localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ version: 0, analytics: true, decided_at: '2026-01-01T00:00:00.000Z' }),
    );
    await startAnalyticsConsent(ID, environment());
    expect(await banner()).toBeInTheDocument();
    expect(analyticsScripts()).toHaveLength(0);
  });
});

describe('changing the choice from the footer', () => {
  it('"Cookie settings" reopens the banner, focused, with the current choice', async () => {
    localStorage.setItem(CONSENT_KEY, consentRecordText(false));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['site-settings'], { site_title: 'Shop', google_analytics_id: ID });
    renderWithRouter(<SiteFooter />, { queryClient });
    fireEvent.click(await screen.findByRole('button', { name: 'Cookie settings' }));

    const region = await banner();
    expect(region).toHaveTextContent('You have rejected analytics cookies.');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(region).getByRole('heading', { name: 'Analytics cookies' }),
      ),
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Accept analytics' }));
    expect(analyticsScripts()).toHaveLength(1);
    expect(storedConsent(localStorage)).toBe(true);
    // The focus goes back where the visitor was.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cookie settings' }));
  });

  it('withdrawing after accepting stops analytics, deletes the _ga cookies and reloads', async () => {
    localStorage.setItem(CONSENT_KEY, consentRecordText(true));
    const env = environment();
    await startAnalyticsConsent(ID, env);
    expect(analyticsScripts()).toHaveLength(1);
    // What the Google tag would have set, next to a cookie of the shop's own.
    document.cookie = '_ga=GA1.1.123.456; path=/';
    document.cookie = '_ga_TEST123=GS1.1.789; path=/';
    document.cookie = 'cart_hint=keep; path=/';

    await act(() => openConsentSettings(ID, null, env));
    const region = await banner();
    expect(region).toHaveTextContent('You have accepted analytics cookies.');
    fireEvent.click(within(region).getByRole('button', { name: 'Reject analytics' }));

    expect(cookieNames()).toEqual(['cart_hint']);
    expect(env.win[`ga-disable-${ID}`]).toBe(true);
    expect(storedConsent(localStorage)).toBe(false);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('a Reject with no script running deletes stray cookies without a reload', () => {
    document.cookie = '_gid=GA1.1.1; path=/';
    const env = environment();
    expect(chooseAnalytics(ID, false, env)).toBe('refused');
    expect(cookieNames()).toEqual([]);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('shows one banner however often it is asked for', async () => {
    const env = environment();
    await Promise.all([startAnalyticsConsent(ID, env), openConsentSettings(ID, null, env)]);
    await openConsentSettings(ID, null, env);
    expect(await screen.findAllByRole('region', { name: 'Analytics cookies' })).toHaveLength(1);
  });
});
