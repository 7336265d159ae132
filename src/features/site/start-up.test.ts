import {
  DEFAULT_META_DESCRIPTION,
  applyFavicon,
  applyStartUp,
  applyTitle,
  faviconHref,
  faviconType,
  metaDescriptionFor,
} from './start-up';

/** A document shaped like index.html: default title, description and icon. */
function makeDocument(): Document {
  const doc = document.implementation.createHTMLDocument('Storefront');
  doc.head.innerHTML =
    '<title>Storefront</title>' +
    '<meta name="description" content="A description for my site." />' +
    '<link rel="icon" href="/favicon.ico" type="image/x-icon" />';
  return doc;
}

const settings = {
  site_title: 'Ember & Oak Workshop',
  site_description: 'Hand-forged knives and art.',
  favicon: '/media/demo/favicon.svg',
};

describe('page title (spec section 1)', () => {
  it('is set to the site title', () => {
    const doc = makeDocument();
    applyTitle(doc, { site_title: 'Ember & Oak Workshop' });
    expect(doc.title).toBe('Ember & Oak Workshop');
  });

  it('stays as it is when there is no site title', () => {
    const doc = makeDocument();
    applyTitle(doc, { site_title: '   ' });
    applyTitle(doc, undefined);
    expect(doc.title).toBe('Storefront');
  });
});

describe('meta description (spec section 1)', () => {
  it('is the site description', () => {
    const doc = makeDocument();
    applyStartUp(doc, settings, '/api');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Hand-forged knives and art.',
    );
  });

  it.each([[''], ['  ']])(
    'falls back to the default text for a blank description %j',
    (description) => {
      expect(metaDescriptionFor({ site_description: description })).toBe(
        'A description for my site.',
      );
    },
  );

  it('falls back when the settings could not be loaded, creating the tag if missing', () => {
    const doc = document.implementation.createHTMLDocument('x');
    applyStartUp(doc, undefined, '/api');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      DEFAULT_META_DESCRIPTION,
    );
    expect(DEFAULT_META_DESCRIPTION).toBe('A description for my site.');
  });
});

describe('favicon (spec section 1)', () => {
  it.each([
    ['/media/demo/favicon.svg', 'image/svg+xml'],
    ['/media/demo/favicon.PNG', 'image/png'],
    ['/media/demo/favicon.ico?v=3', 'image/x-icon'],
    ['/media/demo/uploads/ab12.webp', 'image/webp'],
    ['/media/demo/favicon.gif', undefined],
    ['/media/demo/favicon', undefined],
  ])('type of %s is %s', (path, type) => {
    expect(faviconType(path)).toBe(type);
  });

  it('is the API base plus the favicon value', () => {
    expect(faviconHref('/api', '/media/demo/favicon.svg')).toBe('/api/media/demo/favicon.svg');
    expect(faviconHref('https://shop.example/api/', 'media/x.png')).toBe(
      'https://shop.example/api/media/x.png',
    );
  });

  it.each([
    ['/media/demo/favicon.svg', 'image/svg+xml'],
    ['/media/demo/favicon.png', 'image/png'],
    ['/media/demo/favicon.ico', 'image/x-icon'],
    ['/media/demo/uploads/ab12.webp', 'image/webp'],
  ])('points the icon link at %s with type %s', (favicon, type) => {
    const doc = makeDocument();
    applyFavicon(doc, favicon, '/api');
    const link = doc.querySelector('link[rel="icon"]');
    expect(link?.getAttribute('href')).toBe(`/api${favicon}`);
    expect(link?.getAttribute('type')).toBe(type);
    expect(doc.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });

  it('keeps the default icon when the favicon is null (recorded deviation)', () => {
    const doc = makeDocument();
    applyStartUp(doc, { ...settings, favicon: null }, '/api');
    const link = doc.querySelector('link[rel="icon"]');
    expect(link?.getAttribute('href')).toBe('/favicon.ico');
    expect(link?.getAttribute('type')).toBe('image/x-icon');
  });

  it('drops a stale type for an extension it does not know', () => {
    const doc = makeDocument();
    applyFavicon(doc, '/media/icon.gif', '/api');
    expect(doc.querySelector('link[rel="icon"]')?.hasAttribute('type')).toBe(false);
  });
});
