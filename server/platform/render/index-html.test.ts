import type { components } from '../../../common/storefront-api';
import {
  contentSecurityPolicy,
  DESCRIPTION_FALLBACK,
  jsonForHtml,
  renderIndexHtml,
} from './index-html.ts';

type SiteSettings = components['schemas']['SiteSettings'];

const settings: SiteSettings = {
  id: 1,
  site_title: 'Ember & Oak Workshop',
  site_description: 'Hand-forged knives.',
  favicon: '/media/demo/favicon.svg',
  theme_name: 'ember',
  logo: '/api/media/demo/logo.png',
  google_analytics_id: null,
  contact_email: 'hello@example.com',
  social_media_links: { instagram: 'https://instagram.com/x' },
  tenant: 1,
  seller: {
    legal_name: 'Ember & Oak Workshop Ltd',
    address: 'The Old Boatyard\nTopsham EX3 0JB',
    email: 'hello@example.com',
    company_number: null,
    vat_number: null,
    vat_registered: false,
    vat_rate: null,
  },
  currency: 'USD',
  status: 'open',
  closed_message: null,
  card_aspect: 'square',
  hero_images: [],
};

const template =
  '<!doctype html><html><head><meta charset="UTF-8"><meta name="description" content="Built"><title>Vite</title>' +
  '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

function inlinedJson(html: string): string {
  const match = /<script id="site-settings" type="application\/json">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match?.[1]) throw new Error('no inlined settings');
  return match[1];
}

describe('jsonForHtml', () => {
  it('cannot close the script element or open a comment, yet parses back to the same value', () => {
    const value = { site_title: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('renderIndexHtml', () => {
  it('inlines the settings right before </head> so the SPA can read them without a request', () => {
    const html = renderIndexHtml(template, settings);
    expect(html).toMatch(
      /<script id="site-settings" type="application\/json">[^<]*<\/script><\/head>/,
    );
    expect(JSON.parse(inlinedJson(html))).toEqual(settings);
  });

  it("puts the cards' aspect on the document for the stylesheet, once", () => {
    expect(renderIndexHtml(template, settings)).toContain('<html data-card-aspect="square">');
    const portrait = renderIndexHtml(template, { ...settings, card_aspect: 'portrait' });
    expect(portrait).toContain('<html data-card-aspect="portrait">');
    expect(renderIndexHtml(portrait, settings).match(/data-card-aspect/g)).toHaveLength(1);
  });

  it('keeps a hostile title inside the JSON element and escapes it in <title>', () => {
    const hostile = { ...settings, site_title: 'Shop</script><script>alert(1)</script>' };
    const html = renderIndexHtml(template, hostile);
    expect(html.match(/<script/g)).toHaveLength(2); // the module script and the settings element
    expect(JSON.parse(inlinedJson(html)).site_title).toBe(hostile.site_title);
    expect(html).toContain(
      '<title>Shop&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>',
    );
  });

  it('sets the title and replaces the meta description for crawlers', () => {
    const html = renderIndexHtml(template, settings);
    expect(html).toContain('<title>Ember &#38; Oak Workshop</title>');
    expect(html).toContain('<meta name="description" content="Hand-forged knives.">');
    expect(html).not.toContain('content="Built"');
  });

  it('uses the spec fallback description when the site has none, adding the tag if missing', () => {
    const bare = '<html><head><title>x</title></head><body></body></html>';
    const html = renderIndexHtml(bare, { ...settings, site_description: '  ' });
    expect(html).toContain(`<meta name="description" content="${DESCRIPTION_FALLBACK}">`);
  });

  it('returns the template unchanged without settings', () => {
    expect(renderIndexHtml(template, null)).toBe(template);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows only same-origin scripts without an analytics id', () => {
    const csp = contentSecurityPolicy(settings);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('googletagmanager');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
  });

  it("allows frames from the contact page's map host only", () => {
    const directives = contentSecurityPolicy(settings).split('; ');
    expect(directives).toContain('frame-src https://www.openstreetmap.org');
    expect(directives.filter((d) => d.startsWith('frame-src'))).toHaveLength(1);
  });

  it('allows Google Tag Manager when an analytics id is set', () => {
    const csp = contentSecurityPolicy({ google_analytics_id: 'G-TEST123' });
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
  });
});
