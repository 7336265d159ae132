#!/usr/bin/env node
/**
 * Runs both builds (`vite build`, then `vite build --ssr` for the server render, as
 * `npm run build` does) when `dist/index.html` or `dist/server/entry-server.js` is missing or
 * older than any input of the build (src/, index.html, vite.config.ts, public/, the contract's
 * generated types live in src/); otherwise says the build is fresh. Used by `npm start`, the
 * bench and the Playwright web server so a fresh clone serves the storefront without a
 * separate build step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = [
  path.join(root, 'dist', 'index.html'),
  path.join(root, 'dist', 'server', 'entry-server.js'),
];
const inputs = ['src', 'index.html', 'vite.config.ts', 'public', 'package-lock.json'];

/** Newest modification time (ms) under `target`, or 0 when it does not exist. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(target)) max = Math.max(max, newest(path.join(target, entry)));
  return max;
}

function stale() {
  for (const output of outputs)
    if (!existsSync(output)) return `${path.relative(root, output)} is missing`;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  for (const input of inputs) {
    if (newest(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

const reason = stale();
if (!reason) {
  console.log('build-if-needed: dist/ is fresh, skipping vite build.');
} else {
  console.log(`build-if-needed: ${reason}; running vite build (browser, then server render).`);
  for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
    const result = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), args, {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
