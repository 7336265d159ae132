/// <reference types="node" />
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOperations } from './mock-contract.ts';
import { isDocsPath, mockApiDocs } from './mock-docs.ts';
import { switchPage } from './mock-switch-page.ts';
import { MockSwitches } from './mock-switches.ts';

const contractPath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'openapi',
  'storefront.yaml',
);

let server: http.Server;
let base: string;
beforeAll(async () => {
  const docs = await mockApiDocs(contractPath, 'demo-handcraft');
  // The gateway's own routing for the reference, without Prism behind it.
  server = http.createServer((req, res) => {
    if (isDocsPath(new URL(req.url ?? '/', 'http://mock.invalid').pathname)) docs(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the API reference under npm run mock', () => {
  it('redirects /docs relatively, so /api/docs through Vite lands on /api/docs/', async () => {
    const response = await fetch(`${base}/docs`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('docs/');
  });

  it('serves the same page as the reference API, with its CSP, calling the API at /api', async () => {
    const response = await fetch(`${base}/docs/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
    const html = await response.text();
    expect(html).toContain('<script src="js/scalar.js"');
    expect(html).toContain('"url": "/api"');
    expect(html).toContain('"value": "demo-handcraft"');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves Scalar’s bundle and the contract file itself', async () => {
    const bundle = await fetch(`${base}/docs/js/scalar.js`);
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toContain('createApiReference');
    const contract = await fetch(`${base}/docs/storefront.yaml`);
    expect(contract.status).toBe(200);
    expect(await contract.text()).toBe(readFileSync(contractPath, 'utf8'));
  });

  it('is linked from the switch page, relative to /api/__mock/', () => {
    const operations = loadOperations(contractPath);
    const page = switchPage(operations, new MockSwitches(operations, () => {}));
    expect(page).toContain('<a href="../docs/">API reference</a>');
  });
});

describe('the switches, after the gateway was split into modules', () => {
  const operations = loadOperations(contractPath);

  it('name the first example of a documented error and refuse what the contract lacks', () => {
    const switches = new MockSwitches(operations, () => {});
    switches.setAll('getProduct=code=404; listProducts=fail=503');
    expect(switches.get('getProduct')?.action).toEqual({
      kind: 'prefer',
      prefer: expect.stringMatching(/^code=404, example=\S+$/),
    });
    expect(switches.get('listProducts')?.action).toEqual({ kind: 'fail', status: 503 });
    expect(() => switches.set('getProduct', 'code=418')).toThrow(/documents no 418 response/);
    expect(() => switches.set('noSuchOperation', 'code=404')).toThrow(/no operation/);
    expect(() => switches.setAll('getProduct')).toThrow(/is not op=action/);
    switches.clear();
    expect(switches.entries()).toEqual([]);
  });
});
