/**
 * The back office's API reference: a second registration of the same plugin, rendering
 * openapi/admin.yaml at `/api/admin/docs/` beside the storefront's at `/api/docs/`, each page
 * loading its own contract under its own name.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { apiDocs } from './api-docs.ts';

const ADMIN_CONTRACT = fileURLToPath(new URL('../../../openapi/admin.yaml', import.meta.url));
const STOREFRONT_CONTRACT = fileURLToPath(
  new URL('../../../openapi/storefront.yaml', import.meta.url),
);
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(apiDocs, {
    routePrefix: '/api/docs',
    specificationPath: STOREFRONT_CONTRACT,
    apiUrl: '/api',
    tenantToken: 'demo-token',
  });
  await app.register(apiDocs, {
    routePrefix: '/api/admin/docs',
    specificationPath: ADMIN_CONTRACT,
    apiUrl: '/api/admin',
    tenantToken: 'demo-token',
    pageTitle: 'Handcraft back office API reference',
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('the back office API reference at /api/admin/docs', () => {
  it('redirects the bare path to the page, relatively', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/docs', headers: HTML });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('docs/');
  });

  it('renders the admin contract, titled as the back office’s, calling the admin API', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/docs/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    expect(response.body).toContain('"url": "admin.yaml"');
    expect(response.body).toContain('<title>Handcraft back office API reference</title>');
    expect(response.body).toContain('"url": "/api/admin"');
  });

  it('serves the admin contract byte for byte, and the storefront’s page still its own', async () => {
    const admin = await app.inject({ method: 'GET', url: '/api/admin/docs/admin.yaml' });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(admin.body).toBe(readFileSync(ADMIN_CONTRACT, 'utf8'));
    expect(parse(admin.body).info.title).toBe('Handcraft back office API');

    const storefront = await app.inject({ method: 'GET', url: '/api/docs/', headers: HTML });
    expect(storefront.body).toContain('"url": "storefront.yaml"');
    expect(storefront.body).toContain('<title>Handcraft storefront API reference</title>');
    const wrongFile = await app.inject({ method: 'GET', url: '/api/docs/admin.yaml' });
    expect(wrongFile.statusCode).toBe(404);
  });
});
