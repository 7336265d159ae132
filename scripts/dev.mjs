#!/usr/bin/env node
/**
 * `npm run dev`: the reference API (`tsx watch server/main.ts`, API only, port 8080) and the
 * Vite dev server, whose proxy forwards `/api` to it. Both stop together: Ctrl+C, or either
 * one exiting, stops the other.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '8080';

const children = [];
let stopping = false;

function start(name, cmd, args, env) {
  // Own process group, so stopping it also stops what it spawned (tsx watch runs node under it).
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`dev: ${name} exited (${signal ?? code}); stopping the rest.`);
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

start('api', bin('tsx'), ['watch', 'server/main.ts'], {
  SERVE_SPA: '0',
  HOST: '127.0.0.1',
  PORT: apiPort,
});
start('vite', bin('vite'), [], {
  API_PROXY_TARGET: `http://127.0.0.1:${apiPort}`,
});
