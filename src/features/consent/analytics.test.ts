/**
 * @vitest-environment jsdom
 * @vitest-environment-options {"url": "https://www.shop.example/products"}
 */
import {
  ANALYTICS_SCRIPT_BASE,
  analyticsLocation,
  applyAnalytics,
  removeAnalyticsCookies,
  type AnalyticsWindow,
} from './analytics';

/** The Google tag once the visitor agreed (spec section 1, after consent). */

function makeDocument(): Document {
  return document.implementation.createHTMLDocument('Storefront');
}

describe('applyAnalytics', () => {
  it('loads the script from the third-party host and configures it with the id', () => {
    const doc = makeDocument();
    const win: AnalyticsWindow = {};
    applyAnalytics(doc, win, 'G-TEST123');

    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    );
    expect(scripts[0]?.async).toBe(true);
    const calls = (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', 'G-TEST123']);
  });

  it.each([[null], [''], ['   '], [undefined]])('loads nothing when the id is %j', (id) => {
    const doc = makeDocument();
    const win: AnalyticsWindow = {};
    applyAnalytics(doc, win, id);
    expect(doc.querySelector('script')).toBeNull();
    expect(win.dataLayer).toBeUndefined();
    expect(win.gtag).toBeUndefined();
  });

  it('never tells analytics the query string of a private page, such as a reset token', () => {
    const configOf = (pathname: string, search: string) => {
      const win: AnalyticsWindow = {
        location: { origin: 'https://shop.example', pathname, search },
      };
      applyAnalytics(makeDocument(), win, 'G-TEST123');
      const calls = (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
      return calls.find((call) => call[0] === 'config');
    };
    expect(configOf('/reset-password', '?token=secret-token')).toEqual([
      'config',
      'G-TEST123',
      { page_location: 'https://shop.example/reset-password' },
    ]);
    expect(configOf('/payment/return', '?paymentId=9b2f')?.[2]).toEqual({
      page_location: 'https://shop.example/payment/return',
    });
    expect(configOf('/account/orders', '?page=2')?.[2]).toEqual({
      page_location: 'https://shop.example/account/orders',
    });
    // A public page keeps its search: it says what the shopper looked for.
    expect(
      analyticsLocation({
        origin: 'https://shop.example',
        pathname: '/products',
        search: '?search=gyuto',
      }),
    ).toBe('https://shop.example/products?search=gyuto');
  });

  it('loads the script only once', () => {
    const doc = makeDocument();
    const win: AnalyticsWindow = {};
    applyAnalytics(doc, win, 'G-ONE');
    applyAnalytics(doc, win, 'G-ONE');
    expect(doc.querySelectorAll(`script[src^="${ANALYTICS_SCRIPT_BASE}"]`)).toHaveLength(1);
  });
});

describe('removeAnalyticsCookies', () => {
  it("deletes the Google tag's cookies on the host and on its parent domains, and no others", () => {
    // This file's jsdom is at https://www.shop.example/ (the comment at the top).
    const doc = document;
    doc.cookie = '_ga=GA1.1.1.2; path=/; domain=.shop.example';
    doc.cookie = '_ga_ABC123=GS1.1.3; path=/; domain=.shop.example';
    doc.cookie = '_gid=GA1.1.4; path=/';
    doc.cookie = 'gallery_view=grid; path=/';
    doc.cookie = '_gallery=kept; path=/';

    expect(removeAnalyticsCookies(doc, 'www.shop.example').sort()).toEqual([
      '_ga',
      '_ga_ABC123',
      '_gid',
    ]);
    expect(doc.cookie.split('; ').sort()).toEqual(['_gallery=kept', 'gallery_view=grid']);
  });
});
