/// <reference types="node" />
/**
 * `npm run check:html`: the server-rendered pages checked as a browser, a crawler and the W3C
 * Nu HTML checker see them. Starts the built API and storefront exactly as `npm start` does
 * (scripts/bench/api-process.ts: a free port, its own SQLite file and media folder in a temp
 * dir, seeded on start), reads its `/sitemap.xml` (an index: every file it names), then:
 *
 * 1. crawls every URL of the sitemap strictly one after another (Accept: text/html): each must
 *    answer 200 with a server-rendered page, not the SPA shell (scripts/lib/html-check.ts says
 *    which is which). One request at a time is what a crawler does, and a shop's one render
 *    slot must serve it whole;
 * 2. saves one page of each route of the sitemap (`/products/<slug>` once, `/blog/<slug>`
 *    once), `/cart`, `/login`, `/register`, `/forgot-password`, `/contact` and an unknown path
 *    (which must answer 404) into the temp dir, and runs the Nu checker over them:
 *    `java -jar node_modules/vnu-jar/build/dist/vnu.jar --errors-only --format json FILES`.
 *    Each of those pages must also be server-rendered, and every form on it must name its
 *    method (valid HTML without one, but a submit before the scripts run would be a GET that
 *    puts a password in the URL).
 *
 * Prints each error (page, file, line:column, message, the markup quoted), then one table of
 * page, status, rendered and errors. Exits 1 when a page of the crawl is not 200 or is the
 * shell, a checked page answers another status than expected, is the shell or has a form
 * without a method, or the checker reports an error; 1 too when Java is missing (Debian: `apt-get
 * install default-jre-headless`; .ci/run installs it) or the server does not start. Needs `npm run
 * build` first (stage 3 of `npm test` does it; run alone, it builds what is stale).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiEnv,
  buildIfNeeded,
  killGroup,
  productionStartCommand,
  projectRoot,
  startDetached,
  stop,
} from './bench/api-process.ts';
import { printTable } from './bench/table.ts';
import {
  checkerErrors,
  fileNameFor,
  formsWithoutMethod,
  isServerRendered,
  pagesToCheck,
  type CheckerError,
  type PageToCheck,
} from './lib/html-check.ts';
import { freePort, waitForHttp } from './lib/local-servers.ts';
import { fetchFrom, pathOfUrl, sitemapUrls } from './lib/sitemap-urls.ts';

/** The whole run gives up after this long (a fresh database is seeded with images first). */
const DEADLINE_MS = 10 * 60_000;
const VNU_JAR = path.join(projectRoot, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml' };

interface Fetched {
  status: number;
  html: string;
}

async function fetchPage(base: string, pagePath: string): Promise<Fetched> {
  const response = await fetch(`${base}${pagePath}`, {
    headers: PAGE_HEADERS,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, html: await response.text() };
}

/** @throws Error naming what to install when `java` does not run. */
function requireJava(): void {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error(
      'java is needed for the Nu HTML checker and did not run' +
        (java.error ? ` (${java.error.message})` : '') +
        ': install a Java 17+ runtime (Debian: apt-get install default-jre-headless; .ci/run does)',
    );
  }
}

/** Runs the Nu checker over `files` (absolute paths); its errors. */
function runChecker(files: string[]): CheckerError[] {
  const checked = spawnSync(
    'java',
    [
      '-jar',
      VNU_JAR,
      '--errors-only',
      '--format',
      'json',
      '--stdout',
      '--exit-zero-always',
      ...files,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (checked.error) throw new Error(`the Nu checker did not run: ${checked.error.message}`);
  if (checked.status !== 0) {
    throw new Error(`the Nu checker exited with ${checked.status}: ${checked.stderr}`);
  }
  return checkerErrors(checked.stdout);
}

/** The crawl of step 1: the pages that were not 200 or were the shell, each with why. */
async function crawl(base: string, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const [index, pagePath] of paths.entries()) {
    // Strictly sequential: the next request leaves only once this answer has been read.
    const page = await fetchPage(base, pagePath);
    if (page.status !== 200) failures.push(`${pagePath}: answered ${page.status}, not 200`);
    else if (!isServerRendered(page.html))
      failures.push(`${pagePath}: served the SPA shell, not a server-rendered page`);
    if ((index + 1) % 20 === 0) console.error(`check:html: crawled ${index + 1}/${paths.length}`);
  }
  return failures;
}

async function main(): Promise<number> {
  requireJava();
  buildIfNeeded();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'storefront-html-'));
  const children: ChildProcess[] = [];
  const cleanup = () => {
    for (const child of children) killGroup(child);
    rmSync(tmp, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    console.error(`check:html: still running after ${DEADLINE_MS / 1000} s; giving up.`);
    cleanup();
    process.exit(1);
  }, DEADLINE_MS);
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });

  try {
    const port = await freePort();
    const start = productionStartCommand();
    const [command, ...args] = start.argv;
    const api = startDetached(command!, args, { ...apiEnv(port, tmp), ...start.env });
    children.push(api);
    const base = `http://127.0.0.1:${port}`;
    console.error(`check:html: starting the built server on ${base} (data in ${tmp})`);
    await waitForHttp('the API', api, `${base}/readyz`, { timeoutMs: 180_000, requireOk: true });

    const urls = await sitemapUrls(fetchFrom(base));
    const listed = urls.map(pathOfUrl);
    if (listed.length === 0) throw new Error(`${base}/sitemap.xml lists no page`);

    console.error(`check:html: crawling the sitemap's ${listed.length} URLs, one at a time`);
    const crawlFailures = await crawl(base, listed);

    const pages = pagesToCheck(urls);
    const folder = path.join(tmp, 'pages');
    mkdirSync(folder);
    const pageFailures: string[] = [];
    const saved: (PageToCheck & { file: string; got: number; rendered: boolean })[] = [];
    for (const [index, page] of pages.entries()) {
      const fetched = await fetchPage(base, page.path);
      const rendered = isServerRendered(fetched.html);
      if (fetched.status !== page.status)
        pageFailures.push(`${page.path}: answered ${fetched.status}, not ${page.status}`);
      if (!rendered) pageFailures.push(`${page.path}: served the SPA shell`);
      for (const form of formsWithoutMethod(fetched.html))
        pageFailures.push(
          `${page.path}: a form names no method, so it would submit as a GET: ${form}`,
        );
      const file = fileNameFor(index, page.path);
      writeFileSync(path.join(folder, file), fetched.html);
      saved.push({ ...page, file, got: fetched.status, rendered });
    }
    await stop(api);

    console.error(`check:html: the Nu checker on ${saved.length} pages`);
    const errors = runChecker(saved.map((page) => path.join(folder, page.file)));
    const byFile = new Map<string, CheckerError[]>();
    for (const error of errors) byFile.set(error.file, [...(byFile.get(error.file) ?? []), error]);

    for (const page of saved) {
      for (const error of byFile.get(page.file) ?? []) {
        console.log(`${page.path} (${error.file}:${error.line}:${error.column}): ${error.message}`);
        if (error.extract) console.log(`    ${error.extract}`);
      }
    }
    const unmatched = errors.filter((error) => !saved.some((page) => page.file === error.file));
    for (const error of unmatched) console.log(`${error.file}: ${error.message}`);

    printTable({
      title: `W3C Nu HTML checker (vnu-jar, --errors-only), one page per route, ${base}`,
      header: ['page', 'status', 'server-rendered', 'errors'],
      rows: saved.map((page) => [
        page.label,
        page.got === page.status ? String(page.got) : `${page.got} (want ${page.status})`,
        page.rendered ? 'yes' : 'NO (shell)',
        String(byFile.get(page.file)?.length ?? 0),
      ]),
    });
    const shells = crawlFailures.length;
    console.log(
      `\nCrawl of the sitemap: ${listed.length} URLs one at a time, ` +
        (shells === 0 ? 'every one 200 and server-rendered.' : `${shells} failed:`),
    );
    for (const failure of crawlFailures) console.log(`  ${failure}`);
    for (const failure of pageFailures) console.log(`Checked page: ${failure}`);
    console.log(`Nu checker: ${errors.length} error(s) on ${saved.length} pages.`);
    const failed = errors.length > 0 || crawlFailures.length > 0 || pageFailures.length > 0;
    console.log(failed ? '\ncheck:html FAILED.' : '\ncheck:html passed.');
    return failed ? 1 : 0;
  } finally {
    clearTimeout(deadline);
    cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`check:html: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
