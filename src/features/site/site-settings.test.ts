import { readInlinedSiteSettings, socialLinksOf } from './site-settings';

function docWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('x');
  doc.body.innerHTML = html;
  return doc;
}

describe('readInlinedSiteSettings', () => {
  it('reads the record the server inlined into index.html', () => {
    const doc = docWith(
      '<script id="site-settings" type="application/json">{"site_title":"Ember \\u0026 Oak","favicon":null}</script>',
    );
    expect(readInlinedSiteSettings(doc)).toEqual({ site_title: 'Ember & Oak', favicon: null });
  });

  it.each([
    ['no element', '<div></div>'],
    ['an empty element', '<script id="site-settings" type="application/json"> </script>'],
    ['broken JSON', '<script id="site-settings" type="application/json">{"site_title":</script>'],
    ['a JSON array', '<script id="site-settings" type="application/json">[1,2]</script>'],
    ['a JSON string', '<script id="site-settings" type="application/json">"x"</script>'],
    ['the wrong type', '<div id="site-settings" type="text/plain">{"site_title":"x"}</div>'],
  ])('gives undefined (so the API is asked) for %s', (_, html) => {
    expect(readInlinedSiteSettings(docWith(html))).toBeUndefined();
  });
});

describe('socialLinksOf', () => {
  it('keeps http(s) links with readable labels and drops anything else', () => {
    expect(
      socialLinksOf({
        instagram: 'https://instagram.com/emberoak',
        you_tube: 'http://youtube.com/@emberoak',
        evil: 'javascript:alert(1)',
        empty: '',
      }),
    ).toEqual([
      { label: 'Instagram', href: 'https://instagram.com/emberoak' },
      { label: 'You tube', href: 'http://youtube.com/@emberoak' },
    ]);
  });

  it('gives no links for null or a non-object', () => {
    expect(socialLinksOf(null)).toEqual([]);
    expect(socialLinksOf(['https://x.example'])).toEqual([]);
  });
});
