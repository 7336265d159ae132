/**
 * Server rendering (decision 008) when a render fails: the server logs it and serves the SPA
 * shell, never a blank page or a bare 500; and the render module rejects when a route component
 * throws, which is what the server turns into the shell.
 */
import { Writable } from 'node:stream';
import { createTestApp } from '../test/test-app.ts';
import { HTML, demo, loadSource, useRenderingApp } from '../test/pages.ts';

const { t, dist, logs } = useRenderingApp();

describe('when a render fails', () => {
  it('logs it and serves the SPA shell, never a blank page or a bare 500', async () => {
    const failing = await createTestApp(
      { serveSpa: true, distDir: dist.path },
      {
        loadRenderer: async () => ({
          render: async () => {
            throw new Error('a route threw while rendering');
          },
        }),
        logger: {
          level: 'error',
          stream: new Writable({
            write(chunk: Buffer, _encoding, done) {
              logs.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
              done();
            },
          }),
        },
      },
    );
    try {
      const response = await failing.app.inject({ method: 'GET', url: '/products', headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('id="site-settings"');
      expect(String(response.headers['content-security-policy'])).not.toContain('nonce-');
      expect(
        logs.some(
          (line) =>
            line.msg === 'server render failed' &&
            (line.err as { message?: string })?.message === 'a route threw while rendering',
        ),
      ).toBe(true);
    } finally {
      await failing.close();
    }
  });

  it('rejects when a route component throws while rendering (which the server turns into the shell)', async () => {
    const { render } = await loadSource();
    const real = await t.app.inject({
      method: 'GET',
      url: '/api/products/products/damascus-gyuto-210mm/',
      headers: { 'x-tenant-token': demo.token },
    });
    // The product page maps over `reviews`: a number there makes the component throw.
    const broken = { ...real.json<Record<string, unknown>>(), reviews: 5 };
    const fetchApi = async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/products/products/damascus-gyuto-210mm/')
        return Response.json(broken);
      const answer = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { 'x-tenant-token': demo.token },
      });
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    };
    await expect(
      render({
        url: '/products/damascus-gyuto-210mm',
        origin: 'http://shop.example',
        nonce: 'n',
        fetchApi,
      }),
    ).rejects.toThrow();
    // The same page with good data renders.
    const good = await render({
      url: '/products/damascus-gyuto-210mm',
      origin: 'http://shop.example',
      nonce: 'n',
      fetchApi: async (request: Request) => {
        const url = new URL(request.url);
        const answer = await t.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          headers: { 'x-tenant-token': demo.token },
        });
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    expect(good).toMatchObject({ kind: 'html', status: 200 });
  });
});
