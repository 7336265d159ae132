/**
 * What reaches a page path that is not a page view: a form posted before the scripts ran (the
 * server-rendered forms post, so a password never lands in a URL), and the files beside the
 * storefront's build that are the server's own.
 */
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { HTML, useFakeDist } from '../test/pages.ts';

const dist = useFakeDist();
const logged: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    // Every request logged, as LOG_LEVEL=trace does.
    { serveSpa: true, distDir: dist.path, logLevel: 'trace' },
    {
      loadRenderer: null,
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logged.push(chunk.toString('utf8'));
            done();
          },
        }),
      },
    },
  );
}, 60_000);
afterAll(() => t?.close());

const FORM = { ...HTML, 'content-type': 'application/x-www-form-urlencoded' };
const post = (url: string, payload = 'login_id=ada%40example.com&password=hunter2-secret') =>
  t.app.inject({ method: 'POST', url, headers: FORM, payload });

describe('a form posted to a page before the scripts ran', () => {
  it('sends the browser back to the page with a GET, keeping its query, and stores nothing', async () => {
    const customersBefore = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await post('/login?redirect=%2Fcart');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/login?redirect=%2Fcart');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toBe('');
    const customersAfter = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(customersAfter).toEqual(customersBefore);
  });

  it('never logs what the form held', async () => {
    await post('/faq');
    expect(logged.join('')).toContain('/faq');
    expect(logged.join('')).not.toContain('hunter2-secret');
  });

  it('stays on this site for a path spelled with two slashes', async () => {
    const answer = await post('//faq');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/faq');
  });

  it('answers 404 at a path that is no page, and leaves the API’s answers alone', async () => {
    expect((await post('/no-such-page')).statusCode).toBe(404);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-operation/',
      headers: { ...FORM, accept: 'application/json' },
      payload: 'a=1',
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('the files beside the storefront’s build', () => {
  it('never serves the compiled API or its source map', async () => {
    for (const url of ['/api/main.mjs', '/api/main.mjs.map']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('secret');
    }
  });
});
