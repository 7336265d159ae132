#!/usr/bin/env node
/**
 * `npm test`: every test, in order, stopping at the first failure (issue 2, section 5).
 *
 * lint -> typecheck -> generated-client check -> Vitest (web + server on SQLite) ->
 * Vitest server tests on PostgreSQL (only when TEST_DATABASE_URL is set) -> contract test ->
 * build -> Playwright. Ends with a table of step, result and seconds; exits with the failing
 * step's code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** @type {{ name: string, cmd: string, args: string[], env?: Record<string, string> }[]} */
const steps = [
  { name: 'lint', cmd: npm, args: ['run', 'lint'] },
  { name: 'typecheck', cmd: npm, args: ['run', 'typecheck'] },
  { name: 'generated client', cmd: npm, args: ['run', 'check:generated'] },
  { name: 'vitest (web + server on SQLite)', cmd: bin('vitest'), args: ['run'] },
];
if (testDatabaseUrl) {
  steps.push({
    name: 'vitest server on PostgreSQL',
    cmd: bin('vitest'),
    args: ['run', '--project', 'server'],
    env: { DATABASE_URL: testDatabaseUrl },
  });
}
steps.push(
  { name: 'contract (prism proxy --errors)', cmd: npm, args: ['run', 'test:contract'] },
  { name: 'build', cmd: npm, args: ['run', 'build'] },
  { name: 'e2e (playwright)', cmd: bin('playwright'), args: ['test'] },
);

/** Runs one step with inherited stdio; resolves to its exit code. */
function run(step) {
  return new Promise((resolve) => {
    const env = { ...process.env, ...step.env };
    // The SQLite passes must not pick up a PostgreSQL URL from the caller's shell.
    // (server/test/test-app.ts reads TEST_DATABASE_URL too: without this the "SQLite" pass
    // would also run on PostgreSQL.)
    if (!step.env?.DATABASE_URL) {
      delete env.DATABASE_URL;
      delete env.TEST_DATABASE_URL;
    }
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const rows = [];
let exitCode = 0;
for (const step of steps) {
  if (exitCode !== 0) {
    rows.push({ name: step.name, result: 'skipped', seconds: '' });
    continue;
  }
  const title = `${step.name}: ${[path.basename(step.cmd), ...step.args].join(' ')}`;
  console.log(`\n${'='.repeat(78)}\n== ${title}\n${'='.repeat(78)}`);
  const started = Date.now();
  const code = await run(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  rows.push({ name: step.name, result: code === 0 ? 'passed' : `FAILED (${code})`, seconds });
  if (code !== 0) exitCode = code;
}
if (!testDatabaseUrl) {
  rows.splice(4, 0, {
    name: 'vitest server on PostgreSQL',
    result: 'not run (no TEST_DATABASE_URL)',
    seconds: '',
  });
}

const width = Math.max(...rows.map((r) => r.name.length), 4);
const resultWidth = Math.max(...rows.map((r) => r.result.length), 6);
console.log(`\n${'step'.padEnd(width)}  ${'result'.padEnd(resultWidth)}  seconds`);
console.log(`${'-'.repeat(width)}  ${'-'.repeat(resultWidth)}  -------`);
for (const r of rows)
  console.log(`${r.name.padEnd(width)}  ${r.result.padEnd(resultWidth)}  ${r.seconds.padStart(7)}`);
console.log(exitCode === 0 ? '\nAll tests passed.' : '\nTests FAILED.');
process.exit(exitCode);
