/**
 * The render worker (decision 008): the compiled worker (built here with esbuild, as
 * scripts/build-server.mjs builds it) runs a stand-in render module whose API requests come
 * back to the main thread's fetchApi.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { WorkerRenderer } from './render-worker-host.ts';
import type { ApiFetch, RenderResult } from '../../../common/render-contract.ts';

let dir: string;
let workerFile: string;
let rendererFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shop-render-worker-'));
  workerFile = join(dir, 'render-worker.mjs');
  await build({
    entryPoints: [resolve(__dirname, 'render-worker.ts')],
    outfile: workerFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
  });
  rendererFile = join(dir, 'entry-server.js');
  // A render module like src/entry-server.tsx: asks the API, renders, may throw or die.
  await writeFile(
    rendererFile,
    `export async function render(input) {
      if (input.url === '/throw') throw new Error('route component threw');
      if (input.url === '/die') process.exit(3);
      const answer = await input.fetchApi(new Request(input.origin + '/api/products/products/?page=2', {
        method: 'POST', headers: { 'x-render': input.nonce }, body: 'ping',
      }));
      const body = await answer.text();
      return { kind: 'html', status: answer.status, html: '<p>' + body + '</p>', routeIds: ['__root__'] };
    }`,
  );
}, 30_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const echo: ApiFetch = async (request) =>
  new Response(
    `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search} ` +
      `${request.headers.get('x-render')} ${await request.text()}`,
    { status: 201, headers: { 'x-answer': 'yes' } },
  );

const input = (url: string, fetchApi: ApiFetch = echo) => ({
  url,
  origin: 'http://shop.test',
  nonce: 'n0nce',
  fetchApi,
});

describe('WorkerRenderer', () => {
  it('renders in the worker, answering its API requests through the main thread', async () => {
    const renderer = new WorkerRenderer(workerFile, rendererFile);
    const result: RenderResult = await renderer.render(input('/products'));
    expect(result).toEqual({
      kind: 'html',
      status: 201,
      html: '<p>POST /api/products/products/?page=2 n0nce ping</p>',
      routeIds: ['__root__'],
    });
  });

  it('renders several pages at once, each with its own answers', async () => {
    const renderer = new WorkerRenderer(workerFile, rendererFile);
    const results = await Promise.all(
      ['a', 'b', 'c'].map((nonce) =>
        renderer.render({
          ...input('/products'),
          fetchApi: async (request) =>
            new Response(`${request.headers.get('x-render')}-${nonce}`, { status: 200 }),
          nonce,
        }),
      ),
    );
    expect(results.map((r) => (r.kind === 'html' ? r.html : r.kind))).toEqual([
      '<p>a-a</p>',
      '<p>b-b</p>',
      '<p>c-c</p>',
    ]);
  });

  it('rejects with the error the render threw, and goes on rendering', async () => {
    const renderer = new WorkerRenderer(workerFile, rendererFile);
    await expect(renderer.render(input('/throw'))).rejects.toThrow('route component threw');
    await expect(renderer.render(input('/products'))).resolves.toMatchObject({ status: 201 });
  });

  it('rejects when an API request of the render fails in the main thread', async () => {
    const renderer = new WorkerRenderer(workerFile, rendererFile);
    const failing: ApiFetch = () => Promise.reject(new Error('database unavailable'));
    await expect(renderer.render(input('/products', failing))).rejects.toThrow(
      'database unavailable',
    );
  });

  it.runIf(process.platform === 'linux')(
    'renders in a thread of lower priority than the main thread (nice 10), which it leaves alone',
    async () => {
      // The nice value of a thread: field 19 of its /proc stat file.
      const niceOf = (statFile: string) => {
        const stat = readFileSync(statFile, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      };
      const niceValues = () =>
        readdirSync('/proc/self/task').map((task) => niceOf(`/proc/self/task/${task}/stat`));
      const mainNice = niceOf('/proc/self/stat');
      const before = niceValues().filter((nice) => nice === 10).length;
      const renderer = new WorkerRenderer(workerFile, rendererFile);
      await renderer.render(input('/products'));
      expect(niceValues().filter((nice) => nice === 10).length).toBe(before + 1);
      expect(niceOf('/proc/self/stat')).toBe(mainNice);
    },
  );

  it('collects its garbage when asked (a quiet spell), and goes on rendering', async () => {
    const renderer = new WorkerRenderer(workerFile, rendererFile);
    renderer.collectGarbage();
    await renderer.render(input('/products'));
    renderer.collectGarbage();
    await expect(renderer.render(input('/products'))).resolves.toMatchObject({ status: 201 });
  });

  it('rejects the renders of a worker that dies, and starts a new one for the next', async () => {
    const renderer = new WorkerRenderer(workerFile, rendererFile);
    await expect(renderer.render(input('/die'))).rejects.toThrow(/render worker stopped/);
    await expect(renderer.render(input('/products'))).resolves.toMatchObject({ status: 201 });
  });
});
