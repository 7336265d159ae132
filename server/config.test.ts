import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to a local-only server with SQLite under data/ and the API under /api', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: null,
      sqlitePath: 'data/shop.sqlite',
      mediaDir: 'data/media',
      publicApiPath: '/api',
      serveSpa: true,
      tenantToken: 'demo-handcraft',
      logLevel: 'info',
      catalogCacheTtlMs: 1000,
    });
  });

  it('reads overrides and normalises the API path', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '3000',
      DATABASE_URL: 'postgres://shop@localhost/shop',
      PUBLIC_API_PATH: '/shop-api/',
      SERVE_SPA: 'false',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 3000,
      databaseUrl: 'postgres://shop@localhost/shop',
      publicApiPath: '/shop-api',
      serveSpa: false,
      logLevel: 'warn',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SERVE_SPA: 'maybe' }, /SERVE_SPA/],
    [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ PUBLIC_API_PATH: 'api' }, /PUBLIC_API_PATH/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ CATALOG_CACHE_TTL_MS: '-1' }, /CATALOG_CACHE_TTL_MS/],
  ])('rejects %o with an error naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
