/// <reference types="node" />
/**
 * The child processes of a contract run (the reference API and the two Prism proxies): started
 * each in its own process group, their last output kept for the report when a run cannot start,
 * and all stopped at the end, SIGTERM first, then SIGKILL after 5 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { root } from './contract-document';

const children: ChildProcess[] = [];

/** The last 200 output lines of each started process, by the name it was started with. */
export const logs = new Map<string, string[]>();

/** A binary of the project's node_modules (never `npx`: killing its wrapper orphans Prism). */
export const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** Starts `cmd` in the repository root with `env`; stdout and stderr go to `logs`. */
export function startProcess(
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): ChildProcess {
  // Own process group, so stopping it also stops what it spawned (tsx runs node under it).
  const child = spawn(cmd, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  logs.set(name, lines);
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.push(child);
  return child;
}

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Stops every started process group: SIGTERM, up to 5 s of grace, then SIGKILL. */
export async function stopAll(): Promise<void> {
  for (const child of children) {
    if (!alive(child) || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 5_000;
  while (children.some(alive) && Date.now() < deadline) await sleep(100);
  for (const child of children) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
