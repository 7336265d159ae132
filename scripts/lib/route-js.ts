/**
 * The JavaScript each route of the storefront loads first, gzipped (zlib level 9), read from
 * the Vite manifest of `dist/`: the entry chunk and its static imports, plus the route file's
 * own chunks (TanStack Router's code-split parts) and their static imports. Lazy imports
 * (a review form opened on demand) are not counted: the page does not wait for them.
 *
 * Budgets (1 KB = 1024 B): 130 KB on `/`, 140 KB on every other route. Used by
 * `scripts/check-js-budget.ts` (part of `npm test`) and by `npm run bench`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const HOME_BUDGET_KB = 130;
export const ROUTE_BUDGET_KB = 140;

export interface RouteSize {
  /** The route's path as the router names it (`/products/$slug`). */
  route: string;
  files: number;
  /** KB (1024 B) of gzipped JavaScript. */
  kb: number;
  budgetKb: number;
}

/** `products.$slug.tsx` -> `/products/$slug`; `index.tsx` -> `/`; `blog.index.tsx` -> `/blog`. */
export function routePathOf(file: string): string {
  const parts = file
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((part) => part !== 'index');
  return `/${parts.join('/')}`;
}

/**
 * One row per route file of `src/routes` (not the root, not `-` files, not the `/test` demo
 * page), measured in the build under `root/dist`.
 * @throws Error when the build or its manifest is missing.
 */
export function routeJsSizes(root: string): RouteSize[] {
  const manifestPath = path.join(root, 'dist', '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error('dist/.vite/manifest.json is missing: run `npm run build` first');
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  const gzipped = new Map<string, number>();
  const gz = (file: string) => {
    if (!gzipped.has(file)) {
      gzipped.set(file, gzipSync(readFileSync(path.join(root, 'dist', file)), { level: 9 }).length);
    }
    return gzipped.get(file)!;
  };
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };

  const routeFiles = readdirSync(path.join(root, 'src', 'routes')).filter(
    (file) =>
      file.endsWith('.tsx') &&
      !file.startsWith('-') &&
      file !== '__root.tsx' &&
      file !== 'test.tsx',
  );
  return routeFiles
    .map((file) => {
      const source = `src/routes/${file}`;
      const files = new Set<string>();
      collect(entryKey, files);
      // Split route parts are keys of their own: `src/routes/gallery.tsx?tsr-split=component`.
      for (const key of Object.keys(manifest)) {
        if ((manifest[key]!.src ?? key).split('?')[0] === source) collect(key, files);
      }
      const js = [...files].filter((f) => f.endsWith('.js'));
      const route = routePathOf(file);
      return {
        route,
        files: js.length,
        kb: js.reduce((sum, f) => sum + gz(f), 0) / 1024,
        budgetKb: route === '/' ? HOME_BUDGET_KB : ROUTE_BUDGET_KB,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}
