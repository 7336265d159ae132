/**
 * Fixtures of the server-rendering tests (decision 008): a stand-in for the storefront's build,
 * the render module loaded from source (src/entry-server.tsx) rather than from a build, readers
 * of a page's head tags and JSON-LD, and `useRenderingApp`, which gives a test file one seeded
 * app that renders pages and keeps the errors it logs.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Renderer } from '../../common/render-contract.ts';
import { seedTenants } from '../seed/catalog-data.ts';
import { useTestApp } from './test-app.ts';

/** The demo shop, the storefront's tenant, as the seed describes it. */
export const demo = seedTenants[0]!;
/** The Accept header of a browser asking for a page. */
export const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const ENTRY_SERVER = pathToFileURL(resolve(__dirname, '../../src/entry-server.tsx')).href;
/** The storefront's render module, from source. */
export const loadSource = () => import(ENTRY_SERVER) as Promise<Renderer>;

/** A stand-in for `vite build` output: the shell, one script, one stylesheet, the manifest. */
export async function fakeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'shop-ssr-dist-'));
  await mkdir(join(dist, 'assets'), { recursive: true });
  await mkdir(join(dist, '.vite'), { recursive: true });
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Vite</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  // What `npm run build` puts beside the storefront and must never be served: the API itself.
  await mkdir(join(dist, 'api'), { recursive: true });
  await writeFile(join(dist, 'api', 'main.mjs'), 'export const secret = 1;');
  await writeFile(join(dist, 'api', 'main.mjs.map'), '{"sources":[]}');
  await writeFile(join(dist, 'assets', 'style-abc.css'), 'body{}');
  // The back office's own build (served at /admin/ by ../http/admin-app.ts).
  await mkdir(join(dist, 'admin', 'assets'), { recursive: true });
  await writeFile(
    join(dist, 'admin', 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="robots" content="noindex"><title>Back office</title><script type="module" src="/admin/assets/main-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'admin', 'assets', 'main-abc.js'), 'console.log(2);');
  await writeFile(join(dist, 'admin', 'assets', 'main-abc.js.map'), '{"sources":[]}');
  await writeFile(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', src: 'index.html', isEntry: true },
      'src/routes/products.$slug.tsx?tsr-split=component': {
        file: 'assets/products._slug-abc.js',
        src: 'src/routes/products.$slug.tsx?tsr-split=component',
        isDynamicEntry: true,
      },
      // The routes' pages tell what a shell may answer for a path
      // (../platform/render/page-routes.ts).
      ...Object.fromEntries(
        ['index', 'products.index', 'faq', 'login', 'blog.$slug'].map((name) => [
          `src/routes/${name}.tsx?tsr-split=component`,
          {
            file: `assets/${name.replace('$', '_')}-abc.js`,
            src: `src/routes/${name}.tsx?tsr-split=component`,
            isDynamicEntry: true,
          },
        ]),
      ),
      'style.css': { file: 'assets/style-abc.css', src: 'style.css' },
    }),
  );
  return dist;
}

/** The JSON-LD objects of a page, parsed (throws on invalid JSON). */
export function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The content of a page's `<meta>` tag with this name or property, if it has one. */
export function metaContent(html: string, attribute: 'name' | 'property', key: string) {
  const tag = new RegExp(`<meta [^>]*${attribute}="${key}"[^>]*>`).exec(html)?.[0];
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

/**
 * A stand-in build (`fakeDist`) for the calling test file, made in `beforeAll` and removed in
 * `afterAll`; `path` is its folder, readable inside tests and hooks.
 */
export function useFakeDist(): { readonly path: string } {
  let dist: string | undefined;
  beforeAll(async () => {
    dist = await fakeDist();
  });
  afterAll(async () => {
    if (dist) await rm(dist, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!dist) throw new Error('useFakeDist: the folder is made in beforeAll; read it in a test');
      return dist;
    },
  };
}

/**
 * One seeded app for the calling test file that serves the stand-in build and renders pages with
 * the storefront's render module, its canonical origin http://shop.example. `logs` collects the
 * error lines it logs (parsed JSON), and a test may push lines of its own apps' logs there too.
 */
export function useRenderingApp() {
  const dist = useFakeDist();
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const t = useTestApp(
    () => ({ serveSpa: true, distDir: dist.path, storefrontUrl: 'http://shop.example' }),
    { loadRenderer: loadSource, logger: { level: 'error', stream } },
  );
  return { t, dist, logs };
}
