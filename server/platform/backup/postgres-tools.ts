/**
 * Running PostgreSQL's own tools for the backups (decision 080): `pg_dump --format=custom`
 * (./archive.ts) and `pg_restore` (./restore.ts), Debian's `/usr/bin/pg_dump` and
 * `/usr/bin/pg_restore` (package postgresql-client, whose wrapper picks the newest installed
 * version) or whichever the PATH finds first.
 *
 * The connection string's password is handed to the tool in its environment (PGPASSWORD), never
 * on its command line, which every user of the machine can read in the process list; the tool's
 * errors are reported by their last line, which names the server and the user, never the
 * password.
 */
import { spawn } from 'node:child_process';

/**
 * `databaseUrl` split for a libpq tool: the connection string without its password (for
 * `--dbname`), and the environment that carries the password.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

/** How long an error's detail may be in a message (characters). */
const DETAIL_LENGTH = 300;

/**
 * Runs `tool` (`pg_dump` or `pg_restore`) with `args` and the connection of `databaseUrl`.
 * @throws Error "pg_dump was not found ..." when the tool is not installed, or
 *   "pg_dump failed: <its last error line>" when it exits non-zero.
 */
export function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: string[],
): Promise<void> {
  const { dbname, env } = libpqConnection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the end matters: the last error line.
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} was not found: install PostgreSQL's client tools (Debian: apt install postgresql-client).`,
            )
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const lines = stderr
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const last = lines.findLast((line) => /error|fatal|failed/i.test(line)) ?? lines.at(-1);
      reject(
        new Error(
          `${tool} failed (${signal ?? `exit ${code}`}): ${(last ?? 'no message').slice(0, DETAIL_LENGTH)}`,
        ),
      );
    });
  });
}
