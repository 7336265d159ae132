#!/usr/bin/env node
/**
 * Compiles the reference API for `npm start`: esbuild bundles
 * server/main.ts and everything it imports from server/ into one ES module,
 * `dist/api/main.mjs` (with a source map, so stack traces name the TypeScript lines), and
 * leaves every npm package as an import. What the server imports only when it needs it (the
 * back office's API, on its first request: decision 045) is split into a chunk of its own
 * beside it (`admin-server-<hash>.mjs`, with the code the workers share in `chunk-<hash>.mjs`),
 * so the process neither parses nor keeps that code, nor loads the packages only it imports,
 * until then. Chunks are written beside main.mjs, so a module's paths relative to its own file
 * (the contracts, the workers) are the same wherever esbuild puts it; a chunk of an earlier
 * build is removed. The production process is then plain Node: nothing
 * compiles TypeScript at run time, which saves the loader's memory and start-up time.
 *
 * Exits non-zero when esbuild reports an error.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { asciiOnly } from './lib/ascii-only.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm start` finds the compiled server (scripts/build-if-needed.mjs checks it too). */
export const SERVER_OUTFILE = path.join(root, 'dist', 'api', 'main.mjs');

/**
 * Bundles the server as `npm start` runs it, without writing: esbuild's output files (the
 * entries, the chunks and their source maps, under `dist/api/`).
 * @returns esbuild's result (`outputFiles`)
 * @throws when esbuild reports an error
 */
export function bundleServer() {
  return build({
    // The render worker (server/platform/render/render-worker.ts) is its own entry: the server starts it
    // from the file beside itself, dist/api/render-worker.mjs (decision 008).
    entryPoints: {
      main: path.join(root, 'server', 'main.ts'),
      'render-worker': path.join(root, 'server', 'platform', 'render', 'render-worker.ts'),
      // The e-mail worker thread, started with the first e-mail by
      // server/platform/mail/email-worker-host.ts: its entry beside server/app.ts gives the
      // platform's worker every noun's e-mails (server/emails.ts), whose renderers esbuild puts
      // in chunks of their own, loaded with the first e-mail.
      'email-worker': path.join(root, 'server', 'email-worker.ts'),
    },
    outdir: path.dirname(SERVER_OUTFILE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
}

/** Writes the bundle to `dist/api/` (see the module comment). */
async function writeServer() {
  const result = await bundleServer();
  // In ASCII, comments included (scripts/lib/ascii-only.mjs says why; esbuild's `charset` leaves
  // comments as they are).
  await Promise.all(
    result.outputFiles.map(async (file) => {
      await mkdir(path.dirname(file.path), { recursive: true });
      await writeFile(file.path, file.path.endsWith('.mjs') ? asciiOnly(file.text) : file.contents);
    }),
  );
  // Chunks of an earlier build (their names hold a hash of their content) are not this one's.
  const written = new Set(result.outputFiles.map((file) => path.basename(file.path)));
  for (const name of await readdir(path.dirname(SERVER_OUTFILE))) {
    if (/\.mjs(\.map)?$/.test(name) && !written.has(name))
      await rm(path.join(path.dirname(SERVER_OUTFILE), name));
  }
  console.log(
    `build-server: ${path.relative(root, path.dirname(SERVER_OUTFILE))}/{main,render-worker,email-worker}.mjs written.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeServer();
}
