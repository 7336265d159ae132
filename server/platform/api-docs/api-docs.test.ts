import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { parse } from 'yaml';
import { SPECIFICATION_PATH } from '../../app.ts';
import { handlers } from '../../http/operations.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(async () => {
  await t?.close();
});

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The operationIds of an OpenAPI document, in document order. */
function operationIds(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) =>
      typeof operation === 'object' && operation !== null && 'operationId' in operation
        ? [String(operation.operationId)]
        : [],
    ),
  );
}

describe('the API reference at /api/docs', () => {
  it('redirects the bare path to the page, relatively (it also works behind a prefix-stripping proxy)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs', headers: HTML });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('docs/');
  });

  it('answers the page without a tenant header, under a CSP whose scripts need this response’s nonce', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // Nothing names another host: no CDN, no font host, no proxy.
    expect(csp).not.toMatch(/https?:/);

    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(html).toContain('<script src="js/scalar.js"');
    expect(html).toContain(`<meta property="csp-nonce" content="${nonce}" />`);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('"url": "storefront.yaml"');
    expect(html).toContain('"withDefaultFonts": false');
    expect(html).toContain('"telemetry": false');
    expect(html).not.toContain('proxyUrl');

    // Each response gets its own nonce.
    const again = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: HTML });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('serves the contract itself, which lists every operation the API implements', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/storefront.yaml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(response.body).toBe(readFileSync(SPECIFICATION_PATH, 'utf8'));
    const served = operationIds(parse(response.body));
    expect(served.length).toBeGreaterThan(0);
    expect(new Set(served).size).toBe(served.length);
    expect(served).toEqual(operationIds(parse(readFileSync(SPECIFICATION_PATH, 'utf8'))));
    expect(served).toEqual(expect.arrayContaining(Object.keys(handlers)));
  });

  it('serves Scalar’s bundle from the installed package, compressed and cached', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/js/scalar.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const script = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(script).toContain('createApiReference');
  });

  it('leaves the API’s tenant rule alone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products/products/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Tenant token missing.' });
  });
});
