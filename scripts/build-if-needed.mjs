#!/usr/bin/env node
/**
 * Builds what `npm start` runs when it is missing or older than any of its inputs; otherwise
 * says the build is fresh. Used by `npm start`, the bench and the Playwright web server, so a
 * fresh clone serves the storefront without a separate build step. Two builds, each checked
 * on its own:
 * - the storefront: `vite build`, then `vite build --ssr` for the server render (as `npm run
 *   build` does), into `dist/index.html` and `dist/server/entry-server.js`;
 * - the API: scripts/build-server.mjs compiles server/ into `dist/api/main.mjs` (production
 *   runs plain Node, no TypeScript loader);
 * - the back office: `vite build -c vite.admin.config.ts` into `dist/admin/index.html` (served
 *   at /admin/).
 * `common/` is an input of each: all three import it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules', '.bin', 'vite');

const builds = [
  {
    name: 'storefront',
    outputs: ['dist/index.html', 'dist/server/entry-server.js'],
    inputs: [
      'src',
      'common',
      'index.html',
      'vite.config.ts',
      'scripts/lib/ascii-only.mjs',
      'public',
      'package-lock.json',
    ],
    steps: [
      [vite, ['build']],
      [vite, ['build', '--ssr', 'src/entry-server.tsx']],
    ],
  },
  {
    name: 'API',
    outputs: ['dist/api/main.mjs', 'dist/api/render-worker.mjs', 'dist/api/email-worker.mjs'],
    inputs: [
      'server',
      'common',
      'scripts/build-server.mjs',
      'scripts/lib/ascii-only.mjs',
      'package-lock.json',
    ],
    steps: [[process.execPath, [path.join(root, 'scripts', 'build-server.mjs')]]],
  },
  {
    name: 'back office',
    outputs: ['dist/admin/index.html'],
    inputs: ['admin', 'common', 'vite.admin.config.ts', 'package-lock.json'],
    steps: [[vite, ['build', '-c', 'vite.admin.config.ts']]],
  },
];

/** Newest modification time (ms) under `target`, or 0 when it does not exist. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(target)) max = Math.max(max, newest(path.join(target, entry)));
  return max;
}

/** Why `build` must run (a sentence), or null when its outputs are newer than its inputs. */
function stale(build) {
  const outputs = build.outputs.map((output) => path.join(root, output));
  for (const output of outputs)
    if (!existsSync(output)) return `${path.relative(root, output)} is missing`;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  for (const input of build.inputs) {
    if (newest(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

for (const build of builds) {
  const reason = stale(build);
  if (!reason) {
    console.log(`build-if-needed: the ${build.name} build is fresh, skipping it.`);
    continue;
  }
  console.log(`build-if-needed: ${reason}; building the ${build.name}.`);
  for (const [command, args] of build.steps) {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
