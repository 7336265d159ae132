/**
 * The server's bundle leaves the back office's API out of what `npm start` loads at start
 * (decision 045): main.mjs and the chunks it imports hold none of its handlers, routes or the
 * packages only they import (two-factor sign-in, the staff HTML sanitizer), and main.mjs loads
 * its chunk on demand.
 */
import path from 'node:path';
import { bundleServer } from './build-server.mjs';

/** The modules of the back office's API the start may hold: the hand-over, where its contract is, and the staff services the main app decorates. */
const AT_START = new Set([
  'server/http/admin/lazy-admin-api.ts',
  'server/http/admin/admin-spec.ts',
  'server/http/admin/staff-services.ts',
]);

describe('the server bundle', () => {
  it('loads the back office’s API only on demand', async () => {
    const { outputFiles } = await bundleServer();
    const files = new Map(
      outputFiles
        .filter((file) => file.path.endsWith('.mjs'))
        .map((file) => [path.basename(file.path), file.text]),
    );
    // main.mjs and what it imports statically, transitively.
    const atStart = new Set<string>();
    const queue = ['main.mjs'];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (atStart.has(name)) continue;
      atStart.add(name);
      for (const match of files.get(name)!.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"\.\/([^"]+)"/gm))
        queue.push(match[1]!);
    }
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
});
