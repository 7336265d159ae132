#!/usr/bin/env node
/**
 * `npm test`: every test, stopping after the first stage that fails.
 *
 * Stages run one after another; the lanes of a stage run at the same time (each lane's steps
 * in order), so a 2-core CI machine is kept busy without two browsers fighting for it:
 *
 *   1. lint | typecheck, then docs/mock.md's error catalogue table against the mock e2e's rows |
 *      generated-client check, then a hey-api client type-checked, then the contract's changes
 *      since its last release against its version (contract:diff)
 *   2. Vitest: web (jsdom) and server on SQLite, one worker per core and one more
 *   3. production build, then the first-load JavaScript budget of every route
 *   4. Playwright e2e, then the built pages through the W3C Nu HTML checker after a
 *      one-at-a-time crawl of the sitemap (npm run check:html), then the contract test (prism
 *      proxy --errors) | the shopper flows against the Prism mock (npm run test:e2e:mock), then
 *      the deployment behind Caddy (npm run test:deploy) and Vitest server on PostgreSQL (both
 *      only with TEST_DATABASE_URL)
 *
 * The first lane of a stage prints as it runs; the others print when they end, so their output
 * never interleaves. Ends with a table of step, result and seconds (and the wall time of the
 * whole run), then the ten slowest test files of each test runner's step (Vitest's JSON
 * reporter, Playwright's, and the contract test's per case file), so the time can be followed
 * to where it goes; exits with the first failing step's code.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const cores = String(availableParallelism());

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * @typedef {{ name: string, cmd: string, args: string[], env?: Record<string, string>,
 *   timings?: { kind: 'vitest' | 'playwright' | 'contract', file: string } }} Step
 */

/**
 * Where the runners write their per-file timings: TEST_TIMINGS_DIR when set (kept, to read each
 * test's time after the run), else a temporary folder removed at the end.
 */
const keptTimingsDir = process.env.TEST_TIMINGS_DIR;
if (keptTimingsDir) mkdirSync(keptTimingsDir, { recursive: true });
const timingsDir = keptTimingsDir ?? mkdtempSync(path.join(tmpdir(), 'npm-test-timings-'));
let timed = 0;

/**
 * `step`, made to write its test files' timings for the table at the end: Vitest through its
 * JSON reporter beside the default one, Playwright through the JSON reporter its config adds for
 * PLAYWRIGHT_JSON_OUTPUT_FILE, the contract test through CONTRACT_TIMINGS_FILE.
 * @param {Step} step
 * @param {'vitest' | 'playwright' | 'contract'} kind
 * @returns {Step}
 */
function withTimings(step, kind) {
  const file = path.join(timingsDir, `${++timed}-${kind}.json`);
  if (kind === 'vitest') {
    return {
      ...step,
      args: [...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
      timings: { kind, file },
    };
  }
  const variable = kind === 'playwright' ? 'PLAYWRIGHT_JSON_OUTPUT_FILE' : 'CONTRACT_TIMINGS_FILE';
  return { ...step, env: { ...step.env, [variable]: file }, timings: { kind, file } };
}

const postgresLane = testDatabaseUrl
  ? [
      // The deployment (deploy/): Caddy in front of two built API processes on PostgreSQL
      // with S3 media, about 20 s; needs the build of stage 3 and caddy.
      {
        name: 'deployment (Caddy, two processes)',
        cmd: npm,
        args: ['run', 'test:deploy'],
        env: { DATABASE_URL: testDatabaseUrl },
      },
      withTimings(
        {
          name: 'vitest server on PostgreSQL',
          cmd: bin('vitest'),
          // Two workers, though the e2e lane's browsers share the cores: the machine is busy
          // through the whole stage either way (measured), and with one worker this lane ended
          // last, its last minute leaving a core idle.
          args: [
            'run',
            '--project',
            'server',
            '--project',
            'server-module-mocks',
            `--maxWorkers=${cores}`,
          ],
          env: { DATABASE_URL: testDatabaseUrl },
        },
        'vitest',
      ),
    ]
  : [];

/** @type {Step[][][]} stages, each a list of lanes, each a list of steps */
const stages = [
  [
    [{ name: 'lint', cmd: npm, args: ['run', 'lint'] }],
    [
      { name: 'typecheck', cmd: npm, args: ['run', 'typecheck'] },
      // docs/mock.md's table of the error catalogue is made from the mock e2e's rows.
      {
        name: 'error catalogue table',
        cmd: bin('tsx'),
        args: ['scripts/error-catalog-table.ts', '--check'],
      },
    ],
    [
      { name: 'generated client', cmd: npm, args: ['run', 'check:generated'] },
      { name: 'hey-api client', cmd: npm, args: ['run', 'check:other-client'] },
      { name: 'contract version', cmd: npm, args: ['run', 'contract:diff'] },
    ],
  ],
  [
    [
      withTimings(
        {
          name: 'vitest (web + server on SQLite)',
          cmd: bin('vitest'),
          // One worker more than the cores: the server's tests wait on processes they start and
          // on the database, and a third worker fills those waits (131 s against 153 s on two).
          args: ['run', `--maxWorkers=${Number(cores) + 1}`],
        },
        'vitest',
      ),
    ],
  ],
  [
    [
      { name: 'build', cmd: npm, args: ['run', 'build'] },
      { name: 'first-load JS budgets', cmd: npm, args: ['run', 'check:js-budget'] },
    ],
  ],
  [
    [
      withTimings(
        {
          name: 'e2e (playwright)',
          cmd: bin('playwright'),
          args: ['test'],
          // No screenshots for people to look at (tests/e2e/fixtures.ts `shot`): none is read.
          env: { E2E_SCREENSHOTS: '0' },
        },
        'playwright',
      ),
      // No browser: a server of its own, a sequential crawl and the Nu checker (Java), about
      // 20 s; then the contract test behind Prism, about 40 s. After the e2e, so the two lanes
      // end together: the machine is busy through this stage (measured), so a lane that ends
      // first leaves a core idle.
      { name: 'HTML (W3C Nu checker, crawl)', cmd: npm, args: ['run', 'check:html'] },
      withTimings(
        { name: 'contract (prism proxy --errors)', cmd: npm, args: ['run', 'test:contract'] },
        'contract',
      ),
    ],
    [
      // One browser and one worker, first, while the main e2e keeps the other core busy: at
      // the end of the lane it ran alone for a minute with a core idle.
      withTimings(
        {
          name: 'e2e against the mock (playwright)',
          cmd: npm,
          args: ['run', 'test:e2e:mock'],
          // The storefront built in stage 3, not Vite's dev server compiling it page by page.
          env: { MOCK_BUILT: '1', E2E_SCREENSHOTS: '0' },
        },
        'playwright',
      ),
      // Two workers: when the e2e lane ends first, the pass takes both cores.
      ...postgresLane,
    ],
  ],
];

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/**
 * Runs one step; resolves to its exit code. With `live` its output goes straight to ours,
 * otherwise it is collected and printed, under a header, when the step ends.
 */
function run(step, live) {
  return new Promise((resolve) => {
    const env = { ...process.env, ...step.env };
    // The SQLite passes must not pick up a PostgreSQL URL from the caller's shell
    // (server/test/test-app.ts reads TEST_DATABASE_URL too).
    if (!step.env?.DATABASE_URL) {
      delete env.DATABASE_URL;
      delete env.TEST_DATABASE_URL;
    }
    const title = `${step.name}: ${[path.basename(step.cmd), ...step.args].join(' ')}`;
    const banner = `\n${'='.repeat(78)}\n== ${title}\n${'='.repeat(78)}`;
    if (live) console.log(banner);
    else console.log(`\n== started alongside: ${title}`);
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: live ? env : { ...env, FORCE_COLOR: '0' },
    });
    children.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      children.delete(child);
      if (!live) {
        console.log(banner);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      finish(1);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** One row per step, in the order the stages declare them, filled in as steps end. */
const rows = new Map(
  stages.flat(2).map((step) => [step, { name: step.name, result: 'skipped', seconds: '' }]),
);
let exitCode = 0;
const startedAll = Date.now();

async function runLane(lane, live) {
  for (const step of lane) {
    if (exitCode !== 0) return;
    const started = Date.now();
    const code = await run(step, live);
    const row = rows.get(step);
    row.seconds = ((Date.now() - started) / 1000).toFixed(1);
    row.result = code === 0 ? 'passed' : `FAILED (${code})`;
    if (code !== 0 && exitCode === 0) exitCode = code;
  }
}

for (const stage of stages) {
  if (exitCode !== 0) break;
  await Promise.all(stage.map((lane, index) => runLane(lane, index === 0)));
}
const table = [...rows.values()];
if (!testDatabaseUrl) {
  for (const name of ['deployment (Caddy, two processes)', 'vitest server on PostgreSQL']) {
    table.push({ name, result: 'not run (no TEST_DATABASE_URL)', seconds: '' });
  }
}
table.push({
  name: 'npm test (wall time)',
  result: exitCode === 0 ? 'passed' : 'FAILED',
  seconds: ((Date.now() - startedAll) / 1000).toFixed(1),
});

const width = Math.max(...table.map((r) => r.name.length), 4);
const resultWidth = Math.max(...table.map((r) => r.result.length), 6);
console.log(`\n${'step'.padEnd(width)}  ${'result'.padEnd(resultWidth)}  seconds`);
console.log(`${'-'.repeat(width)}  ${'-'.repeat(resultWidth)}  -------`);
for (const r of table)
  console.log(`${r.name.padEnd(width)}  ${r.result.padEnd(resultWidth)}  ${r.seconds.padStart(7)}`);

/** Seconds by test file of a runner's report; an empty map when the step wrote none. */
function fileSeconds(timings) {
  if (!existsSync(timings.file)) return new Map();
  const report = JSON.parse(readFileSync(timings.file, 'utf8'));
  const seconds = new Map();
  const add = (file, ms) => seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);
  if (timings.kind === 'vitest') {
    for (const result of report.testResults ?? []) {
      add(path.relative(root, result.name), result.endTime - result.startTime);
    }
  } else if (timings.kind === 'playwright') {
    // A spec file's tests' run times (retries included), added up across the workers; file
    // names are relative to the config's test folder (tests/e2e or tests/e2e-mock).
    const rootDir = report.config?.rootDir ?? path.join(root, 'tests/e2e');
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          for (const r of t.results ?? [])
            add(path.relative(root, path.join(rootDir, spec.file ?? suite.file)), r.duration);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  } else {
    for (const [file, ms] of Object.entries(report)) add(`tests/contract/${file}`, ms);
  }
  return seconds;
}

for (const step of stages.flat(2)) {
  if (!step.timings) continue;
  let slowest;
  try {
    slowest = [...fileSeconds(step.timings)].sort((a, b) => b[1] - a[1]).slice(0, 10);
  } catch (error) {
    console.log(`\n(${step.name}: its timings could not be read: ${error.message})`);
    continue;
  }
  if (slowest.length === 0) continue;
  console.log(`\nThe ten slowest test files of ${step.name} (seconds):`);
  for (const [file, seconds] of slowest) console.log(`${seconds.toFixed(1).padStart(8)}  ${file}`);
}
if (!keptTimingsDir) rmSync(timingsDir, { recursive: true, force: true });

console.log(exitCode === 0 ? '\nAll tests passed.' : '\nTests FAILED.');
process.exit(exitCode);
