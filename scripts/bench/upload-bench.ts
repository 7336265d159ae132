/// <reference types="node" />
/**
 * `npm run bench -- --upload [--iterations N]`: the back office's image upload with a phone's
 * photo, as the issue asks for the closing note: the time of one upload and the API process's
 * peak memory while it makes the storefront's sizes.
 *
 * The photo: 4000 x 3000 (12 megapixels), a gradient under random noise so it compresses as a
 * camera's does (a JPEG of several MB at quality 90), with a phone's EXIF (camera, GPS,
 * orientation), made with sharp in this process before the API starts.
 *
 * The API: started from the sources (`node --import tsx server/main.ts`, with `npm start`'s
 * environment and Node flags; the bench does not build), on a temp SQLite file, seeded by a
 * first start that is then stopped (the seed draws its images with sharp in-process), and
 * started again. One owner signs in; the photo is uploaded N times one after another (default
 * 20; the first two are a warm-up, not counted), as one member adding photos would, each the
 * whole request: the body sent, checked, decoded, made into the two WebP sizes, stored and
 * answered.
 *
 * Printed: the photo's size; the upload's time p50 / p99 / max in ms; the API process's
 * resident memory (VmRSS, sampled every 10 ms) idle before the uploads, its peak during them
 * and idle 5 s after, in MB (1 MB = 1024 KB).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testPhoto } from '../../server/test/images.ts';
import { freePort, waitForHttp } from '../lib/local-servers';
import { apiEnv, killGroup, productionStartCommand, projectRoot, stop } from './api-process';
import { residentMb } from './memory';
import { type BenchTable, printTable } from './table';

/** The upload mode's options, from the command line. */
export interface UploadBenchOptions {
  /** Measured uploads (after two for warm-up). */
  iterations: number;
}

const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };
/** The seeded owner (server/seed/desk-seed.ts, README "Back office"). */
const OWNER = { email: 'owner@emberandoak.example', password: 'demo-owner-2026' };
const WARM_UP = 2;
const DEADLINE_MS = 15 * 60_000;

/**
 * The upload mode's options when `argv` asks for it (`--upload`), or null.
 * @throws Error on an unknown option or a malformed number
 */
export function parseUploadBenchArgs(argv: readonly string[]): UploadBenchOptions | null {
  if (!argv.some((arg) => arg === '--upload')) return null;
  const options: UploadBenchOptions = { iterations: 20 };
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
    throw new Error(`unknown option ${argv[i]} (the upload bench takes --iterations N)`);
  }
  return options;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Starts the API from the sources with `npm start`'s flags and environment. */
function startApi(env: NodeJS.ProcessEnv): ChildProcess {
  const start = productionStartCommand();
  // `npm start`'s Node flags, without its built entry point.
  const flags = start.argv.slice(1).filter((arg) => arg.startsWith('--'));
  return spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...env, ...start.env, SERVE_SPA: '0' },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
    console.error('bench: making a 12-megapixel phone photo');
    const photo = await testPhoto({
      width: 4000,
      height: 3000,
      format: 'jpeg',
      phoneExif: { orientation: 1 },
    });

    const port = await freePort();
    const env = apiEnv(port, tmp);
    const base = `http://127.0.0.1:${port}/api`;
    const seeding = startApi(env);
    children.push(seeding);
    await waitForHttp('reference API (seeding)', seeding, `http://127.0.0.1:${port}/readyz`, {
      timeoutMs: 240_000,
      requireOk: true,
    });
    await stop(seeding);
    const api = startApi(env);
    children.push(api);
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

    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleBefore = residentMb(api.pid!);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(api.pid!) ?? 0);
    }, 10);

    const times: number[] = [];
    for (let i = 0; i < options.iterations + WARM_UP; i++) {
      const started = performance.now();
      const answer = await fetch(`${base}/admin/media/uploads/`, {
        method: 'POST',
        headers: { ...TENANT, Authorization: `Bearer ${access}`, 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(photo),
      });
      const text = await answer.text();
      const ms = performance.now() - started;
      if (answer.status !== 201) throw new Error(`upload ${i + 1}: ${answer.status} ${text}`);
      if (i >= WARM_UP) times.push(ms);
    }
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idleAfter = residentMb(api.pid!);
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'));
    await stop(api);

    const sorted = [...times].sort((a, b) => a - b);
    const mb = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));
    const table: BenchTable = {
      title: `Image upload: a ${(photo.length / (1024 * 1024)).toFixed(1)} MB JPEG of 4000 x 3000 (12 MP, noise, phone EXIF), ${options.iterations} uploads one after another after ${WARM_UP} to warm up; API from sources (node --import tsx server/main.ts, npm start's flags), SQLite, disk media store`,
      header: ['measure', 'value'],
      rows: [
        ['upload p50, ms', sorted.length ? percentile(sorted, 50).toFixed(0) : '-'],
        ['upload p99, ms', sorted.length ? percentile(sorted, 99).toFixed(0) : '-'],
        ['upload max, ms', sorted.length ? sorted.at(-1)!.toFixed(0) : '-'],
        ['API resident idle before, MB', mb(idleBefore)],
        ['API resident peak during uploads, MB', mb(peak || null)],
        ['API resident idle 5 s after, MB', mb(idleAfter)],
        [
          'API resident high-water mark since start (VmHWM), MB',
          hwm ? (Number(hwm[1]) / 1024).toFixed(0) : 'n/a',
        ],
      ],
    };
    printTable(table);
    return 0;
  } finally {
    clearTimeout(deadline);
    cleanup();
  }
}
