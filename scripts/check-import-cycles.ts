/// <reference types="node" />
/**
 * `npm run lint`'s check that no module imports itself through others (issue 37): a cycle
 * between files makes the order their top-level code runs in depend on which one is loaded
 * first, and between folders it means neither can be read, tested or changed without the other.
 * ESLint's ranked zones (eslint.config.js) keep the server's domains and the SPAs' features in
 * one direction; this check finds the cycles those zones cannot see, inside a folder.
 *
 * Read: every hand-written source file under server/, src/, admin/ and common/ except tests
 * (a test imports what it tests and is imported by nobody). Each import, re-export and dynamic
 * `import()` with a relative specifier is an edge, type-only ones included (`import type`
 * creates no runtime cycle, but a type cycle ties two modules' designs just the same). Strongly
 * connected components of two or more files, or a file importing itself, are cycles.
 *
 *     npx tsx scripts/check-import-cycles.ts   prints each cycle's files; exit 1 when any
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose modules are read. */
const SOURCE_DIRS = ['server', 'src', 'admin', 'common'];
const SOURCE_FILE = /\.(ts|tsx)$/;
const NOT_SOURCE = /\.(test|spec)\.tsx?$|\.d\.ts$|\.gen\.ts$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'screenshots']);
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The relative specifiers a module's text imports, re-exports or loads with `import()`. */
export function importsOf(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((file) => file.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/** The file a relative specifier names, from the importing file; null when none exists. */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The import cycles among `modules` (absolute path → its text): each a list of files, relative
 * to the repository's root, sorted. Tarjan's strongly connected components, iterative.
 */
export function cyclesOf(modules: Map<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, text] of modules) {
    const targets = importsOf(text)
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null && modules.has(target));
    edges.set(file, targets);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of modules.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.file)!;
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        const selfImport = component.length === 1 && targets.includes(frame.file);
        if (component.length > 1 || selfImport) {
          cycles.push(component.map((file) => path.relative(root, file)).sort());
        }
      }
    }
  }
  return cycles;
}

/** Every module the check reads: absolute path → text. */
function readModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (SOURCE_FILE.test(entry.name) && !NOT_SOURCE.test(entry.name)) {
        modules.set(full, readFileSync(full, 'utf8'));
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  return modules;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cycles = cyclesOf(readModules());
  for (const cycle of cycles) {
    console.error(`An import cycle among ${cycle.length} modules:\n  ${cycle.join('\n  ')}`);
  }
  if (cycles.length > 0) {
    console.error(
      '\nBreak it: move what both sides need into a module below them both, or hand the lower one a callback (issue 37).',
    );
    process.exit(1);
  }
}
