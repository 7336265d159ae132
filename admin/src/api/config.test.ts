import { describe, expect, it } from 'vitest';
import { parseAdminConfig } from './config';

const page = (token?: string, setup?: string) => {
  const doc = document.implementation.createHTMLDocument('t');
  for (const [name, content] of [
    ['tenant-token', token],
    ['shop-setup', setup],
  ] as const) {
    if (content === undefined) continue;
    const meta = doc.createElement('meta');
    meta.name = name;
    meta.content = content;
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
      setup: 'unknown',
    });
  });

  it('knows a deployment without a shop by the page, and a shop’s page as no set-up', () => {
    expect(parseAdminConfig({}, page(undefined, 'required')).setup).toBe('required');
    expect(parseAdminConfig({}, page('tidewater-example')).setup).toBe('none');
    expect(parseAdminConfig({}, page()).setup).toBe('unknown');
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
