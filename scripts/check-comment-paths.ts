/// <reference types="node" />
/**
 * `npm run lint`'s check that no comment names a file that does not exist (issue 37): a comment
 * that sends a reader to a file after it moved costs them a search, and says the code was moved
 * without reading what it said.
 *
 * Read: every comment (`// …` and `/* … *\/`) of the hand-written source files under server/,
 * src/, admin/, common/, scripts/ and tests/. A path is a relative one (`./<file>`, `../<dir>/`)
 * or one from the repository's root (`server/…`, `src/…`, `admin/…`, `common/…`, `scripts/…`,
 * `tests/…`, `docs/…`, `openapi/…`). It exists when the file or folder does, or with a module
 * extension (a specifier without `.ts`), or as the start of a name there (`staff-` for the orders'
 * files, `docs/decisions/021` for its record), or when git ignores it (a folder a run makes,
 * such as the screenshots). A pattern (`*`, `{…}`, `<…>`, `X.Y.Z`), a path outside the
 * repository and text inside strings are not checked.
 *
 *     npx tsx scripts/check-comment-paths.ts   prints each missing path as file:line: path; exit 1
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose source files are read. */
const SOURCE_DIRS = ['server', 'src', 'admin', 'common', 'scripts', 'tests'];

const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'screenshots', 'test-results', 'dist']);
const PATH =
  /(?<![\w/.@:-])((?:\.{1,2}\/)+[\w.\-/]*[\w/]|(?:server|src|admin|common|scripts|tests|docs|openapi)\/[\w.\-/]*[\w/])/g;
const PATTERN = /[*{}<>…]|X\.Y\.Z/;
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** A comment's path that names nothing: where it is, and the path as written. */
export interface MissingPath {
  file: string;
  line: number;
  path: string;
}

/**
 * The comments of a source text, each with its offset: `// …` to the line's end and `/* … *\/`,
 * outside strings and template literals (a test's text of a comment is not a comment).
 */
export function commentsOf(text: string): { text: string; index: number }[] {
  const comments: { text: string; index: number }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      comments.push({ text: text.slice(i, stop), index: i });
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      comments.push({ text: text.slice(i, stop), index: i });
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      // A string: to its closing quote, past escaped characters (a template's `${…}` is read
      // as text, which is enough for comments and paths).
      i += 1;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      i += 1;
    } else {
      i += 1;
    }
  }
  return comments;
}

/** True when git ignores `target` (absolute, in `repo`): made by a run, absent from a clone. */
function ignored(repo: string, target: string): boolean {
  // As a folder's child too: a pattern such as `screenshots/` matches only what git knows is a
  // folder, and a folder a run makes does not exist yet.
  const relative = path.relative(repo, target);
  return [relative, path.join(relative, 'file')].some(
    (candidate) => spawnSync('git', ['check-ignore', '-q', candidate], { cwd: repo }).status === 0,
  );
}

/** True when `target` (absolute) names a file or folder, or starts the name of one. */
function exists(target: string): boolean {
  if (existsSync(target)) return true;
  if (EXTENSIONS.some((extension) => existsSync(`${target.replace(/\/$/, '')}${extension}`)))
    return true;
  const dir = path.dirname(target);
  const start = path.basename(target);
  try {
    return readdirSync(dir).some((name) => name.startsWith(start));
  } catch {
    return false;
  }
}

/**
 * The paths the comments of `text` (the file at `file`, absolute) name that do not exist.
 * `repo` is the repository's root the root-relative paths are read from.
 */
export function missingPaths(file: string, text: string, repo: string = root): MissingPath[] {
  const missing: MissingPath[] = [];
  for (const comment of commentsOf(text)) {
    for (const found of comment.text.matchAll(PATH)) {
      const written = found[1]!.replace(/[.,;:]+$/, '');
      if (PATTERN.test(written)) continue;
      const target = written.startsWith('.')
        ? path.resolve(path.dirname(file), written)
        : path.join(repo, written);
      if (!target.startsWith(repo + path.sep)) continue;
      if (exists(target) || ignored(repo, target)) continue;
      const offset = comment.index + found.index;
      missing.push({
        file: path.relative(repo, file),
        line: text.slice(0, offset).split('\n').length,
        path: written,
      });
    }
  }
  return missing;
}

/** Every hand-written source file under `dir` (absolute), generated type files left out. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const missing = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) =>
    missingPaths(file, readFileSync(file, 'utf8')),
  );
  for (const { file, line, path: written } of missing)
    console.error(`${file}:${line}: a comment names ${written}, which does not exist`);
  if (missing.length > 0) {
    console.error(`check-comment-paths: ${missing.length} comment paths name nothing.`);
    process.exitCode = 1;
  } else {
    console.log('check-comment-paths: every path a comment names exists.');
  }
}
