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
});
