#!/usr/bin/env node
/**
 * `npm run mock`: the storefront against Prism's mock of `openapi/storefront.yaml` (no
 * database, no reference API). Prism listens on 127.0.0.1:4010; Vite proxies `/api` to it and
 * strips the prefix, since the contract's paths have none. Both stop together.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const mockPort = process.env.MOCK_PORT ?? '4010';

const children = [];
let stopping = false;

function start(name, cmd, args, env) {
  // Prism is started directly (not through npx) in its own process group, so stopping it
  // cannot leave an orphaned server holding the port.
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`mock: ${name} exited (${signal ?? code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

function alive(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM to every group, then exit once all are gone (SIGKILL after 3 s). */
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.filter(alive)) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 3000;
  const timer = setInterval(() => {
    if (children.some(alive) && Date.now() < deadline) return;
    clearInterval(timer);
    process.exit(code);
  }, 100);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  // Also reaches grandchildren left behind by a leader that already exited.
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

start(
  'prism',
  bin('prism'),
  ['mock', '-h', '127.0.0.1', '-p', mockPort, 'openapi/storefront.yaml'],
  {},
);
start('vite', bin('vite'), [], {
  API_PROXY_TARGET: `http://127.0.0.1:${mockPort}`,
  API_PROXY_STRIP_PREFIX: '1',
});
