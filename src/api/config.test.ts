import { parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults to the reference API and its demo tenant', () => {
    expect(parseConfig({})).toEqual({ apiBaseUrl: '/api', tenantToken: 'demo-handcraft' });
  });
  it('strips a trailing slash from the base', () => {
    expect(parseConfig({ VITE_API_BASE_URL: 'https://shop.example/api/' }).apiBaseUrl).toBe(
      'https://shop.example/api',
    );
  });
  it('rejects a base that is neither a URL nor a path', () => {
    expect(() => parseConfig({ VITE_API_BASE_URL: 'shop.example' })).toThrow(/VITE_API_BASE_URL/);
  });
  it("sends the shop the page names, before the build's token and the demo's", () => {
    const page = (token: string | null) => {
      const doc = document.implementation.createHTMLDocument('shop');
      if (token !== null) {
        const meta = doc.createElement('meta');
        meta.name = 'tenant-token';
        meta.content = token;
        doc.head.append(meta);
      }
      return doc;
    };
    expect(
      parseConfig({ VITE_TENANT_TOKEN: 'built-for' }, page(' demo-pottery ')).tenantToken,
    ).toBe('demo-pottery');
    expect(parseConfig({ VITE_TENANT_TOKEN: 'built-for' }, page(null)).tenantToken).toBe(
      'built-for',
    );
    expect(parseConfig({}, page('  ')).tenantToken).toBe('demo-handcraft');
  });
});
