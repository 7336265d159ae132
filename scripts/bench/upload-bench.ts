/// <reference types="node" />
/**
 * `npm run bench -- --upload [--iterations N] [--api-from DIR]`: the back office's image upload,
 * as the issues ask for their closing notes: the API process's peak memory (and the upload's
 * time and answer) while it takes
 *
 * - a PNG of 7000 x 7000 at 16 bits per channel with transparency (49 megapixels, within the
 *   pixel limit), of a few flat colour bands so it is a few hundred KB on disk: an image small
 *   to send and huge to decode;
 * - a phone's 12-megapixel photo: a JPEG of 4000 x 3000, a gradient under random noise so it
 *   compresses as a camera's does (several MB at quality 90), with a phone's EXIF;
 *
 * each one at a time (N uploads after one another) and two at once (N pairs sent together); then,
 * two at once, the costliest a phone photo gets (the same JPEG saved progressive) and a cutout
 * with transparency at a phone's size (a PNG of 4000 x 3000, 8 bits per channel), which the
 * bound must still take; all made with sharp in this process before the API starts.
 *
 * The API: `npm start`'s process (its environment and Node flags, the compiled
 * `dist/api/main.mjs`, which the bench compiles first with scripts/build-server.mjs) with
 * `SERVE_SPA=0`, on a temp SQLite file, seeded by a first start that is then stopped (the seed
 * draws its images with sharp in-process). `--api-from DIR` runs the API of another checkout of
 * the project (DIR must have its node_modules): to measure the code before a change with the
 * same bench, interleaved with this checkout's runs.
 *
 * Each case gets a fresh API process, so one case's memory never carries into the next: started,
 * one owner signed in, the phone photo uploaded twice to warm up (sharp is loaded on the first
 * upload), idle 2 s, then the case. Measured from this process: the API's resident set (VmRSS)
 * sampled every 5 ms, and its high-water mark (VmHWM, reset through /proc/<pid>/clear_refs at
 * the case's start, so it covers the case alone): the peak is the larger. Printed per case: the
 * answers' statuses, the upload time p50 / max in ms (a pair's time is the slower one), the
 * resident set idle before the case (sharp loaded), the peak during it, and the difference, in
 * MB (1 MB = 1024 KB).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bandedPng, testPhoto } from '../../server/test/images.ts';
import { freePort, waitForHttp } from '../lib/local-servers';
import { apiEnv, killGroup, productionStartCommand, projectRoot, stop } from './api-process';
import { residentMb } from './memory';
import { type BenchTable, printTable } from './table';

/** The upload mode's options, from the command line. */
export interface UploadBenchOptions {
  /** Uploads (one at a time) or pairs (two at once) measured per image. */
  iterations: number;
  /** The checkout whose API is measured (default: this one). */
  apiFrom: string;
}

const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };
/** The seeded owner (server/seed/back-office-seed.ts, docs/back-office.md). */
const OWNER = { email: 'owner@emberandoak.example', password: 'demo-owner-2026' };
const WARM_UP = 2;
const DEADLINE_MS = 20 * 60_000;

/**
 * The upload mode's options when `argv` asks for it (`--upload`), or null.
 * @throws Error on an unknown option, a malformed number or a `--api-from` that is no checkout
 */
export function parseUploadBenchArgs(argv: readonly string[]): UploadBenchOptions | null {
  if (!argv.some((arg) => arg === '--upload')) return null;
  const options: UploadBenchOptions = { iterations: 3, apiFrom: projectRoot };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    if (name === '--upload') continue;
    if (name === '--iterations') {
      const raw = inline ?? argv[++i];
      if (!raw || !/^\d+$/.test(raw) || Number(raw) < 1) {
        throw new Error(`--iterations needs a whole number above 0, got ${raw}`);
      }
      options.iterations = Number(raw);
      continue;
    }
    if (name === '--api-from') {
      const raw = inline ?? argv[++i];
      if (!raw || !existsSync(path.join(raw, 'server', 'main.ts'))) {
        throw new Error(`--api-from needs a checkout of the project, got ${raw}`);
      }
      options.apiFrom = path.resolve(raw);
      continue;
    }
    throw new Error(
      `unknown option ${argv[i]} (the upload bench takes --iterations N and --api-from DIR)`,
    );
  }
  return options;
}

/** Starts the API of `root` (built) as `npm start` does, without the storefront. */
function startApi(root: string, env: NodeJS.ProcessEnv): ChildProcess {
  const start = productionStartCommand();
  return spawn(start.argv[0]!, start.argv.slice(1), {
    cwd: root,
    env: { ...env, ...start.env, SERVE_SPA: '0' },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Compiles the API of `root` (scripts/build-server.mjs, about a second). */
function buildApi(root: string): void {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`the API of ${root} did not build`);
}

/** The resident high-water mark of `pid` in MB, or null. */
function highWaterMb(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the high-water mark of `pid` to its current resident set; false when refused. */
function resetHighWater(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface UploadCase {
  name: string;
  bytes: Buffer;
  contentType: string;
  atOnce: 1 | 2;
}

interface CaseResult {
  statuses: number[];
  times: number[];
  idleMb: number | null;
  peakMb: number | null;
  note: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Runs one case in a fresh API process on the seeded database of `env`. */
async function runCase(
  options: UploadBenchOptions,
  env: NodeJS.ProcessEnv,
  port: number,
  warmUp: Buffer,
  uploadCase: UploadCase,
  children: ChildProcess[],
): Promise<CaseResult> {
  const api = startApi(options.apiFrom, env);
  children.push(api);
  const base = `http://127.0.0.1:${port}/api`;
  try {
    await waitForHttp('reference API', api, `http://127.0.0.1:${port}/readyz`, {
      timeoutMs: 120_000,
      requireOk: true,
    });
    const login = await fetch(`${base}/admin/auth/login/`, {
      method: 'POST',
      headers: { ...TENANT, 'Content-Type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    if (!login.ok)
      throw new Error(`the owner could not sign in: ${login.status} ${await login.text()}`);
    const { access } = (await login.json()) as { access: string };
    const upload = async (bytes: Buffer, contentType: string) => {
      const started = performance.now();
      const answer = await fetch(`${base}/admin/media/uploads/`, {
        method: 'POST',
        headers: { ...TENANT, Authorization: `Bearer ${access}`, 'Content-Type': contentType },
        body: new Uint8Array(bytes),
      });
      const text = await answer.text();
      if (answer.status >= 500) throw new Error(`upload: ${answer.status} ${text}`);
      return { status: answer.status, ms: performance.now() - started, text };
    };
    for (let i = 0; i < WARM_UP; i++) {
      const warm = await upload(warmUp, 'image/jpeg');
      if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const pid = api.pid!;
    const idleMb = residentMb(pid);
    const reset = resetHighWater(pid);
    let sampled = 0;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, residentMb(pid) ?? 0);
    }, 5);

    const statuses: number[] = [];
    const times: number[] = [];
    let detail = '';
    for (let i = 0; i < options.iterations; i++) {
      const answers = await Promise.all(
        Array.from({ length: uploadCase.atOnce }, () =>
          upload(uploadCase.bytes, uploadCase.contentType),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status !== 201) detail = answer.text;
      }
      times.push(Math.max(...answers.map((answer) => answer.ms)));
    }
    clearInterval(sampler);
    const hwm = reset ? highWaterMb(pid) : null;
    const peakMb = Math.max(sampled, hwm ?? 0) || null;
    if (detail) console.error(`bench: ${uploadCase.name}: ${detail}`);
    return {
      statuses,
      times,
      idleMb,
      peakMb,
      note: reset ? '' : ' (VmHWM could not be reset: sampled only)',
    };
  } finally {
    await stop(api);
  }
}

/** Runs the upload bench and prints its table; answers the exit code. */
export async function runUploadBench(options: UploadBenchOptions): Promise<number> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'upload-bench-'));
  const children: ChildProcess[] = [];
  const cleanup = () => {
    for (const child of children) killGroup(child);
    rmSync(tmp, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    console.error('bench: the upload bench ran past its deadline; giving up.');
    cleanup();
    process.exit(1);
  }, DEADLINE_MS);
  try {
    console.error('bench: making a 16-bit PNG of 7000 x 7000 and a 12-megapixel phone photo');
    const phone = {
      width: 4000,
      height: 3000,
      format: 'jpeg',
      phoneExif: { orientation: 1 },
    } as const;
    const [png, photo, progressive, cutout] = await Promise.all([
      bandedPng(7000, 7000, 16),
      testPhoto(phone),
      testPhoto({ ...phone, progressive: true }),
      bandedPng(4000, 3000, 8),
    ]);
    buildApi(options.apiFrom);

    const port = await freePort();
    const env = apiEnv(port, tmp);
    const seeding = startApi(options.apiFrom, env);
    children.push(seeding);
    await waitForHttp('reference API (seeding)', seeding, `http://127.0.0.1:${port}/readyz`, {
      timeoutMs: 240_000,
      requireOk: true,
    });
    await stop(seeding);

    const kb = (bytes: Buffer) => `${Math.round(bytes.length / 1024)} KB`;
    const mb = (bytes: Buffer) => `${(bytes.length / (1024 * 1024)).toFixed(1)} MB`;
    const pngName = `PNG 7000 x 7000, 16-bit RGBA, ${kb(png)}`;
    const jpegName = `JPEG 4000 x 3000 (12 MP), ${mb(photo)}`;
    const cases: UploadCase[] = [
      { name: pngName, bytes: png, contentType: 'image/png', atOnce: 1 },
      { name: jpegName, bytes: photo, contentType: 'image/jpeg', atOnce: 1 },
      { name: pngName, bytes: png, contentType: 'image/png', atOnce: 2 },
      { name: jpegName, bytes: photo, contentType: 'image/jpeg', atOnce: 2 },
      // The costliest a phone photo gets, and a cutout with transparency at a phone's size.
      {
        name: `JPEG 4000 x 3000 progressive, ${mb(progressive)}`,
        bytes: progressive,
        contentType: 'image/jpeg',
        atOnce: 2,
      },
      {
        name: `PNG 4000 x 3000, 8-bit RGBA, ${kb(cutout)}`,
        bytes: cutout,
        contentType: 'image/png',
        atOnce: 2,
      },
    ];
    const rows: string[][] = [];
    for (const uploadCase of cases) {
      console.error(`bench: ${uploadCase.name}, ${uploadCase.atOnce} at once`);
      const result = await runCase(options, env, port, photo, uploadCase, children);
      const sorted = [...result.times].sort((a, b) => a - b);
      const counts = new Map<number, number>();
      for (const status of result.statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
      const figure = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));
      rows.push([
        uploadCase.name,
        uploadCase.atOnce === 1 ? 'one at a time' : 'two at once',
        [...counts].map(([status, n]) => `${n}x ${status}`).join(', '),
        percentile(sorted, 50).toFixed(0),
        sorted.at(-1)!.toFixed(0),
        figure(result.idleMb),
        figure(result.peakMb) + result.note,
        result.idleMb !== null && result.peakMb !== null
          ? `+${(result.peakMb - result.idleMb).toFixed(0)}`
          : 'n/a',
      ]);
    }

    const start = productionStartCommand();
    const settings = Object.entries(start.env).map(([name, value]) => `${name}=${value} `);
    const table: BenchTable = {
      title:
        `Image upload: peak resident memory of the API process (${settings.join('')}node ` +
        `${start.argv.slice(1).join(' ')}, SERVE_SPA=0; API of ${options.apiFrom}), a fresh ` +
        `process per row warmed up by ${WARM_UP} uploads of the JPEG; ${options.iterations} ` +
        `uploads or pairs per row; VmRSS sampled every 5 ms and VmHWM reset at the row's start`,
      header: [
        'image',
        'uploads',
        'answers',
        'p50 ms',
        'max ms',
        'idle MB',
        'peak MB',
        'peak - idle MB',
      ],
      rows,
    };
    printTable(table);
    return 0;
  } finally {
    clearTimeout(deadline);
    cleanup();
  }
}
