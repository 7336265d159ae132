/** What `npm run check:html` decides without a server (scripts/lib/html-check.ts). */
import {
  checkerErrors,
  fileNameFor,
  formsWithoutMethod,
  isServerRendered,
  pagesToCheck,
  UNKNOWN_PAGE,
} from './html-check.ts';
import { parseSitemap } from './sitemap-urls.ts';

const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://shop.example/</loc></url>
  <url><loc>https://shop.example/contact</loc></url>
  <url><loc>https://shop.example/products/damascus-gyuto-210mm</loc></url>
  <url><loc>https://shop.example/products/tenmoku-tea-mug</loc></url>
  <url><loc>https://shop.example/blog/caring-for-carbon-steel</loc></url>
  <url><loc>https://shop.example/blog/a-second-post</loc></url>
  <url><loc>https://shop.example/products?category=ceramics&amp;page=2</loc></url>
</urlset>`;
const urls = parseSitemap(sitemap).locs;

// dist/index.html as the server serves it when a render cannot be made (settings inlined).
const shell = `<!doctype html>
<html lang="en">
  <head>
    <title>Forge &amp; Kiln</title>
    <script type="module" crossorigin src="/assets/index-DVMs6Zw4.js"></script>
    <script id="site-settings" type="application/json">{"site_title":"Forge"}</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// The shape of a rendered page: the root holds the page, then the router's data and the boot.
const rendered =
  '<!DOCTYPE html><html lang="en"><head><title>Shop</title></head><body><div id="root">' +
  '<div class="site-frame"><header>Forge</header><main><h1>Our Products</h1></main></div></div>' +
  '<script class="$tsr" nonce="n">self.$_TSR={}</script>' +
  '<script nonce="n">addEventListener("load",function(){})</script></body></html>';

describe('the html check', () => {
  it('tells a server-rendered page from the SPA shell', () => {
    expect(isServerRendered(rendered)).toBe(true);
    expect(isServerRendered(shell)).toBe(false);
    // A root with content but no hydration data is not a page the server rendered either.
    expect(isServerRendered(rendered.replace('self.$_TSR={}', ''))).toBe(false);
    expect(isServerRendered('')).toBe(false);
  });

  it('finds the forms that name no method (a native submit would be a GET)', () => {
    const page =
      '<form role="search" method="get" action="/products"></form>' +
      '<form method="post" class="auth-form"></form>' +
      '<form class="content-form" aria-labelledby="t"><input name="password"></form>' +
      '<FORM METHOD=POST></FORM><form data-method="post"></form>';
    expect(formsWithoutMethod(page)).toEqual([
      '<form class="content-form" aria-labelledby="t">',
      '<form data-method="post">',
    ]);
  });

  it('checks one page per route, the pages with forms, and an unknown path for its 404', () => {
    expect(pagesToCheck(urls)).toEqual([
      { label: '/', path: '/', status: 200 },
      { label: '/contact', path: '/contact', status: 200 },
      {
        label: '/products/:slug (/products/damascus-gyuto-210mm)',
        path: '/products/damascus-gyuto-210mm',
        status: 200,
      },
      {
        label: '/blog/:slug (/blog/caring-for-carbon-steel)',
        path: '/blog/caring-for-carbon-steel',
        status: 200,
      },
      {
        label: '/products?category=:value&page=:value (/products?category=ceramics&page=2)',
        path: '/products?category=ceramics&page=2',
        status: 200,
      },
      // /contact is in the sitemap already: checked once.
      { label: '/cart', path: '/cart', status: 200 },
      { label: '/login', path: '/login', status: 200 },
      { label: '/register', path: '/register', status: 200 },
      { label: '/forgot-password', path: '/forgot-password', status: 200 },
      { label: `${UNKNOWN_PAGE} (404)`, path: UNKNOWN_PAGE, status: 404 },
    ]);
  });

  it('names each saved file after its number and path', () => {
    expect(fileNameFor(0, '/')).toBe('01-home.html');
    expect(fileNameFor(3, '/products?category=ceramics&page=2')).toBe(
      '04-products-category-ceramics-page-2.html',
    );
    expect(fileNameFor(11, '/products/damascus-gyuto-210mm')).toBe(
      '12-products-damascus-gyuto-210mm.html',
    );
  });

  it("reads the Nu checker's errors (and unreadable files) from its JSON report", () => {
    const report = JSON.stringify({
      messages: [
        {
          type: 'error',
          url: 'file:/tmp/storefront-html-x/pages/06-contact.html',
          lastLine: 1,
          firstColumn: 10,
          lastColumn: 20,
          message: 'Bad value “combobox” for attribute “role” on element “input”.',
          extract: '<input\n  role="combobox">',
        },
        { type: 'info', url: 'file:/tmp/a.html', message: 'a warning' },
        { type: 'non-document-error', url: 'file:/tmp/b.html', message: 'File not found.' },
      ],
    });
    expect(checkerErrors(report)).toEqual([
      {
        file: '06-contact.html',
        line: 1,
        column: 10,
        message: 'Bad value “combobox” for attribute “role” on element “input”.',
        extract: '<input role="combobox">',
      },
      { file: 'b.html', line: 0, column: 0, message: 'File not found.', extract: '' },
    ]);
    expect(checkerErrors('{"messages":[]}')).toEqual([]);
    expect(() => checkerErrors('Exception in thread "main"')).toThrow('not JSON');
  });
});
