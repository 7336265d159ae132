#!/usr/bin/env node
/**
 * Compiles the reference API for `npm start`: esbuild bundles
 * server/main.ts and everything it imports from server/ into one ES module,
 * `dist/api/main.mjs` (with a source map, so stack traces name the TypeScript lines), and
 * leaves every npm package as an import. The production process is then plain Node: nothing
 * compiles TypeScript at run time, which saves the loader's memory and start-up time.
 *
 * Exits non-zero when esbuild reports an error.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { asciiOnly } from './lib/ascii-only.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm start` finds the compiled server (scripts/build-if-needed.mjs checks it too). */
export const SERVER_OUTFILE = path.join(root, 'dist', 'api', 'main.mjs');

const result = await build({
  // The render worker (server/platform/render/render-worker.ts) is its own entry: the server starts it
  // from the file beside itself, dist/api/render-worker.mjs (decision 008).
  entryPoints: {
    main: path.join(root, 'server', 'main.ts'),
    'render-worker': path.join(root, 'server', 'platform', 'render', 'render-worker.ts'),
    // The e-mail worker thread, started with the first e-mail (server/platform/mail/email-worker-host.ts).
    'email-worker': path.join(root, 'server', 'platform', 'mail', 'email-worker.ts'),
  },
  outdir: path.dirname(SERVER_OUTFILE),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});
// In ASCII, comments included (scripts/lib/ascii-only.mjs says why; esbuild's `charset` leaves
// comments as they are).
await Promise.all(
  result.outputFiles.map(async (file) => {
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, file.path.endsWith('.mjs') ? asciiOnly(file.text) : file.contents);
  }),
);
console.log(
  `build-server: ${path.relative(root, path.dirname(SERVER_OUTFILE))}/{main,render-worker,email-worker}.mjs written.`,
);
