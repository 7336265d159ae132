/// <reference types="node" />
/**
 * Running the servers the bench measures: the reference API started exactly as `npm start`
 * starts it (the compiled server, on a free port, with the bench's own SQLite file and media
 * folder), the bare Fastify baseline, and stopping either. Each child gets its own process
 * group, so killing the group also reaches a node process started under tsx.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: where `npm start` runs and `dist/` is built. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Builds what `npm start` runs when it is stale (scripts/build-if-needed.mjs), its output on
 * this terminal.
 * @throws Error when the build fails
 */
export function buildIfNeeded(): void {
  const built = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'scripts', 'build-if-needed.mjs')],
    { cwd: projectRoot, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the build failed');
}

/**
 * The API's environment: this process's, listening on 127.0.0.1:`port`, with its database
 * (`shop.sqlite`) and media under `dir`, warnings only in the log; never a PostgreSQL URL
 * inherited from the shell.
 */
export function apiEnv(port: number, dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SQLITE_PATH: sqlitePathIn(dir),
    MEDIA_DIR: path.join(dir, 'media'),
    LOG_LEVEL: 'warn',
    // The write benchmarks register and log in hundreds of customers from one address,
    // quickly: cheap password hashes, and throttles out of the way.
    PASSWORD_HASH_COST: '10',
    REGISTER_MAX_PER_ADDRESS: '100000',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
  };
  delete env.DATABASE_URL;
  return env;
}

/** The SQLite file of the API started with `apiEnv(port, dir)`. */
export function sqlitePathIn(dir: string): string {
  return path.join(dir, 'shop.sqlite');
}

/** What `npm start` runs after its build step: the environment it sets, then the command. */
export interface StartCommand {
  /** Variables the script sets before `node` (`NAME=value` words), e.g. MALLOC_ARENA_MAX. */
  env: Record<string, string>;
  /** The executable (this Node), then its arguments. */
  argv: string[];
}

/**
 * The command `npm start` runs after its build step (package.json's `start`, after the last
 * `&&`), with `node` replaced by this Node: the bench measures the production start itself,
 * its environment variables included.
 * @throws Error when the script does not end in a `[NAME=value ...] node ...` command.
 */
export function productionStartCommand(): StartCommand {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return parseStartCommand(pkg.scripts.start, process.execPath);
}

/** `productionStartCommand` of the script `script`, `node` replaced by `nodePath`. */
export function parseStartCommand(script: string, nodePath: string): StartCommand {
  const words = script.split('&&').pop()!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let assignment: RegExpExecArray | null;
  while ((assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(words[0] ?? ''))) {
    env[assignment[1]!] = assignment[2]!;
    words.shift();
  }
  if (words[0] !== 'node') throw new Error(`npm start does not end in a node command: ${script}`);
  return { env, argv: [nodePath, ...words.slice(1)] };
}

/**
 * Starts `cmd args` from the project root in a process group of its own, its stderr on this
 * terminal; stop it with `stop`, or `killGroup` when the bench gives up.
 */
export function startDetached(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Own process group, so the cleanup reaches the node process under tsx too.
  return spawn(cmd, args, {
    cwd: projectRoot,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Starts the bare Fastify baseline (./baseline-server.ts) on 127.0.0.1:`port`. */
export function startBaseline(port: number): ChildProcess {
  return startDetached(
    path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
    [fileURLToPath(new URL('./baseline-server.ts', import.meta.url)), String(port)],
    process.env,
  );
}

/** SIGTERM to a child started by `startDetached`, then waits for it to exit (10 s, then SIGKILL). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** SIGKILL to the whole process group of a child started by `startDetached`; never throws. */
export function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
