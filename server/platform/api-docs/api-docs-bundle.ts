/**
 * Scalar's standalone bundle (the API reference's page script, about 4.9 MB) as a file on disk.
 *
 * The bundle ships only inside `@scalar/fastify-api-reference`, as one string literal of its
 * module. Importing that module keeps about 20 MB of the API process's heap for good (the
 * module's source and the literal, both two-byte strings; an ES module is never unloaded), on
 * every start, though most processes never serve the reference. So the process never imports
 * it: the first request for the bundle runs a short child process that imports the package,
 * asks its Fastify plugin for the bundle and writes it to a cache file, which is then streamed
 * from disk. Later requests, and later processes of the same install, reuse the file.
 *
 * The cache file lives in `node_modules/.cache/storefront-api-docs/`, named after the package's
 * version (a new version writes a new file); where that folder cannot be written, in a private
 * temporary folder of this process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PACKAGE = '@scalar/fastify-api-reference';

/** How long the child process may take (ms) before the request fails. */
const EXTRACT_TIMEOUT_MS = 60_000;

/**
 * The child process: imports the plugin and Fastify (file URLs in argv[1] and argv[2]), asks
 * the plugin for its bundle, and writes it to argv[3] through a temporary file, so a reader
 * never sees half a bundle.
 */
const EXTRACT_SCRIPT = `
const [pluginUrl, fastifyUrl, target] = process.argv.slice(1);
const { default: plugin } = await import(pluginUrl);
const { default: Fastify } = await import(fastifyUrl);
const { renameSync, writeFileSync } = await import('node:fs');
const app = Fastify({ logger: false });
await app.register(plugin, { routePrefix: '/r', configuration: { url: 'x' } });
const response = await app.inject({ method: 'GET', url: '/r/js/scalar.js' });
if (response.statusCode !== 200) throw new Error('the plugin answered ' + response.statusCode);
const temporary = target + '.' + process.pid + '.tmp';
writeFileSync(temporary, response.rawPayload);
renameSync(temporary, target);
`;

let extraction: Promise<string> | null = null;
/** The file the last extraction gave, once it has. */
let extracted: string | null = null;

/**
 * The path of the cached bundle, written first when it is missing (also when it was deleted
 * since, by a cleaned cache). Concurrent callers share one extraction; a failed one is tried
 * again by the next call.
 * @throws Error (rejects) when the child process fails or takes over a minute.
 */
export function scalarBundleFile(): Promise<string> {
  if (extracted !== null && !existsSync(extracted)) extraction = extracted = null;
  extraction ??= extract().then(
    (file) => (extracted = file),
    (error: unknown) => {
      extraction = null;
      throw error;
    },
  );
  return extraction;
}

async function extract(): Promise<string> {
  const require = createRequire(import.meta.url);
  const pluginEntry = require.resolve(PACKAGE);
  const packageDir = path.resolve(path.dirname(pluginEntry), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const target = path.join(cacheDir(packageDir), `scalar-standalone-${version}.js`);
  if (existsSync(target)) return target;
  const fastifyEntry = createRequire(pluginEntry).resolve('fastify');
  await runChild([pluginEntry, fastifyEntry, target]);
  return target;
}

/** `node_modules/.cache/storefront-api-docs` of the install, else a private temporary folder. */
function cacheDir(packageDir: string): string {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = packageDir.lastIndexOf(marker);
  if (at >= 0) {
    const dir = path.join(packageDir.slice(0, at + marker.length), '.cache', 'storefront-api-docs');
    try {
      mkdirSync(dir, { recursive: true });
      return dir;
    } catch {
      // A read-only install: fall through to a folder of this process's own.
    }
  }
  return mkdtempSync(path.join(os.tmpdir(), 'storefront-api-docs-'));
}

function runChild([pluginEntry, fastifyEntry, target]: [string, string, string]): Promise<void> {
  const toUrl = (file: string) => pathToFileURL(file).href;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        EXTRACT_SCRIPT,
        toUrl(pluginEntry),
        toUrl(fastifyEntry),
        target,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: EXTRACT_TIMEOUT_MS },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `extracting Scalar's bundle failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(-500)}`,
          ),
        );
    });
  });
}
