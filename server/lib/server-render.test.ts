import { finishDocument, routeIdOfFile, type ClientAssets } from './server-render.ts';

describe('routeIdOfFile (flat file-route names)', () => {
  it.each([
    ['src/routes/__root.tsx', '__root__'],
    ['src/routes/index.tsx', '/'],
    ['src/routes/products.index.tsx', '/products/'],
    ['src/routes/products.$slug.tsx', '/products/$slug'],
    ['src/routes/account.orders.$orderId.tsx', '/account/orders/$orderId'],
    ['src/routes/payment.return.tsx', '/payment/return'],
  ])('%s -> %s', (file, id) => {
    expect(routeIdOfFile(file)).toBe(id);
  });
});

describe('finishDocument', () => {
  const assets: ClientAssets = {
    entry: '/assets/index-1.js',
    css: ['/assets/style-1.css'],
    routeChunks: new Map([['/products/$slug', ['/assets/product-1.js']]]),
  };
  const html = '<!DOCTYPE html><html><head><title>x</title></head><body><p>hi</p></body></html>';

  it('links the stylesheet and loads the entry and the route chunks only on load, with the nonce', () => {
    const out = finishDocument(html, assets, ['__root__', '/products/$slug'], 'abc+/=');
    expect(out).toContain('<link rel="stylesheet" href="/assets/style-1.css"></head>');
    expect(out).toMatch(
      /<script nonce="abc\+\/=">addEventListener\("load",function\(\)\{.*<\/script><\/body><\/html>$/,
    );
    expect(out).toContain('["/assets/product-1.js"]');
    expect(out).toContain('s.src="/assets/index-1.js"');
    // Nothing is requested up front.
    expect(out).not.toMatch(/<script[^>]+src=/);
    expect(out).not.toMatch(/<link[^>]+modulepreload/);
  });
});
