/**
 * The server's bundle leaves the back office's API out of what `npm start` loads at start
 * (decision 045): main.mjs and the chunks it imports hold none of its handlers, routes or the
 * packages only they import (two-factor sign-in, the staff HTML sanitizer), and main.mjs loads
 * its chunk on demand. Nor does it load React Email: each noun's e-mails are chunks of their own,
 * imported with the first e-mail (server/emails.ts), in the e-mail worker (email-worker.mjs). Nor
 * prom-client, which only a process with METRICS on imports (server/platform/metrics/metrics.ts).
 */
import path from 'node:path';
import { bundleServer } from './build-server.mjs';

/**
 * The modules of the back office's API the start may hold: the hand-over, where its contract
 * is, the staff services the main app decorates, and the first-run set-up's two routes, which a
 * deployment without a shop answers before any back office exists to load (decision 079).
 */
const AT_START = new Set([
  'server/http/admin/lazy-admin-api.ts',
  'server/http/admin/admin-spec.ts',
  'server/http/admin/staff-services.ts',
  'server/http/admin/first-run.ts',
]);

/** The bundle's modules by file name, and what `entry` imports statically, transitively. */
async function bundle(entry = 'main.mjs') {
  const { outputFiles } = await bundleServer();
  const files = new Map(
    outputFiles
      .filter((file) => file.path.endsWith('.mjs'))
      .map((file) => [path.basename(file.path), file.text]),
  );
  const atStart = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (atStart.has(name)) continue;
    atStart.add(name);
    for (const match of files.get(name)!.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"\.\/([^"]+)"/gm))
      queue.push(match[1]!);
  }
  return { files, atStart };
}

describe('the server bundle', () => {
  it('loads the back office’s API only on demand', async () => {
    const { files, atStart } = await bundle();
    const startText = [...atStart].map((name) => files.get(name)!).join('\n');
    // esbuild names each module it bundles in a comment before its code.
    const adminModules = [...startText.matchAll(/^\/\/ (server\/http\/admin\/\S+)$/gm)].map(
      (match) => match[1]!,
    );
    expect(adminModules.filter((module) => !AT_START.has(module))).toEqual([]);
    expect(startText).not.toMatch(/from "(otplib|sanitize-html)"/);

    const lazy = [...files.keys()].find((name) => name.startsWith('admin-server-'));
    expect(lazy).toBeDefined();
    expect(atStart.has(lazy!)).toBe(false);
    expect(files.get('main.mjs')).toContain(`import("./${lazy}")`);
    expect(files.get(lazy!)).toContain('// server/http/admin/admin-api.ts');
  }, 60_000);

  it('loads prom-client only with METRICS on, from a chunk of its own', async () => {
    const { files, atStart } = await bundle();
    const startText = [...atStart].map((name) => files.get(name)!).join('\n');
    expect(startText).not.toMatch(/from "prom-client"/);
    expect(startText).not.toMatch(/^\/\/ server\/platform\/metrics\/(prometheus|allow-list)\.ts$/m);
    const chunk = [...files.keys()].find((name) => name.startsWith('prometheus-'));
    expect(chunk).toBeDefined();
    expect(atStart.has(chunk!)).toBe(false);
    expect(startText).toContain(`import("./${chunk}")`);
    expect(files.get(chunk!)).toMatch(/from "prom-client"/);
  }, 60_000);

  it('loads React Email only with the first e-mail, whose renderers are chunks of their own', async () => {
    const { files, atStart } = await bundle();
    const startText = [...atStart].map((name) => files.get(name)!).join('\n');
    expect(startText).not.toMatch(/from "@react-email\//);
    // The e-mails' data and guards may load at start (the orders write theirs); no template.
    expect(startText).not.toMatch(/^\/\/ server\/\S+\.tsx$/m);
    expect(startText).not.toMatch(/^\/\/ server\/\S+\/render-(email|staff-email|component)\.ts$/m);
    for (const renderer of ['render-email-', 'render-staff-email-']) {
      const chunk = [...files.keys()].find((name) => name.startsWith(renderer));
      expect(chunk, renderer).toBeDefined();
      expect(atStart.has(chunk!)).toBe(false);
      expect(startText).toContain(`import("./${chunk}")`);
    }
    // The worker's entry, which the host starts from beside main.mjs, renders every noun's.
    expect(files.get('email-worker.mjs')).toContain('serveEmailWorker(renderOutboxEmail)');
  }, 60_000);
});
