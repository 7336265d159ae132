/**
 * Runs several long-lived commands side by side (the dev and mock scripts) and stops them
 * together: Ctrl+C, SIGTERM, or any one of them exiting stops the rest. Each child gets its
 * own process group, so stopping it also stops what it spawned (tsx watch runs node under
 * it; prism is started directly, never through npx, so no orphan keeps the port).
 *
 * @param {string} label prefix of the messages this prints
 * @param {{ name: string, cmd: string, args: string[], env?: Record<string, string> }[]} commands
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A binary installed in node_modules/.bin. */
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

export function runTogether(label, commands) {
  const children = [];
  let stopping = false;

  const alive = (child) => child.exitCode === null && child.signalCode === null;

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

  for (const { name, cmd, args, env } of commands) {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        console.error(`${label}: ${name} exited (${signal ?? code}); stopping the rest.`);
        stop(code ?? 1);
      }
    });
    children.push(child);
  }
}
