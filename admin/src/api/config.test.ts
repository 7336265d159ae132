import { describe, expect, it } from 'vitest';
import { parseAdminConfig } from './config';

const page = (token?: string) => {
  const doc = document.implementation.createHTMLDocument('t');
  if (token !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'tenant-token';
    meta.content = token;
    doc.head.append(meta);
  }
  return doc;
};

describe('the back office config', () => {
  it('talks to /api/admin with the demo shop by default', () => {
    expect(parseAdminConfig({}, page())).toEqual({
      apiBaseUrl: '/api/admin',
      shopApiBaseUrl: '/api',
      tenantToken: 'demo-handcraft',
    });
  });

  it('takes the tenant token the server put in the page over the one in the build', () => {
    expect(parseAdminConfig({ VITE_TENANT_TOKEN: 'built' }, page('served')).tenantToken).toBe(
      'served',
    );
    expect(parseAdminConfig({ VITE_TENANT_TOKEN: 'built' }, page('')).tenantToken).toBe('built');
  });

  it('follows the storefront API base', () => {
    expect(
      parseAdminConfig({ VITE_API_BASE_URL: 'https://shop.example/api/' }, page()).apiBaseUrl,
    ).toBe('https://shop.example/api/admin');
    expect(() => parseAdminConfig({ VITE_API_BASE_URL: 'shop' }, page())).toThrow();
  });
});
