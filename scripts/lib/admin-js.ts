/**
 * The JavaScript the back office (`dist/admin`) loads first, gzipped (zlib level 9): every
 * script its built `index.html` names, the entry and its `modulepreload`s, which is exactly
 * what a browser fetches before the first screen. Route chunks and lazy imports are not counted:
 * they load with their screen.
 *
 * Budget (1 KB = 1024 B): 150 KB. Also checked: code that must load only with its own screen
 * is in no first-load script: the rich-text editor (ProseMirror, only in the editors) and the
 * push notifications' device code (only in the Account screen). Used by
 * `scripts/check-js-budget.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const ADMIN_BUDGET_KB = 150;

/** Code that must stay out of the first load: a name, and a string only its chunk holds. */
const LAZY_ONLY: { name: string; marker: string }[] = [
  { name: 'rich-text editor', marker: 'ProseMirror' },
  { name: 'push notifications (with the Account screen)', marker: 'pushManager' },
];

export interface AdminJs {
  /** KB (1024 B) of gzipped JavaScript in the first load. */
  kb: number;
  files: number;
  budgetKb: number;
  /** Each lazy-only part: its chunks' gzipped KB, and whether any is in the first load. */
  lazy: { name: string; kb: number; inFirstLoad: boolean }[];
}

/**
 * Measures the back office's build under `root/dist/admin`.
 * @throws Error when it is not built.
 */
export function adminJs(root: string): AdminJs {
  const dir = path.join(root, 'dist', 'admin');
  const indexPath = path.join(dir, 'index.html');
  if (!existsSync(indexPath)) throw new Error('dist/admin is missing: run `npm run build` first');
  const html = readFileSync(indexPath, 'utf8');
  const first = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  const gz = (file: string) =>
    gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length / 1024;
  const all = readdirSync(path.join(dir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  return {
    kb: [...first].reduce((sum, file) => sum + gz(file), 0),
    files: first.size,
    budgetKb: ADMIN_BUDGET_KB,
    lazy: LAZY_ONLY.map(({ name, marker }) => {
      const holders = all.filter((file) =>
        readFileSync(path.join(dir, file), 'utf8').includes(marker),
      );
      return {
        name,
        kb: holders.reduce((sum, file) => sum + gz(file), 0),
        inFirstLoad: holders.some((file) => first.has(file)),
      };
    }),
  };
}
