/**
 * scripts/check-import-cycles.ts (in `npm run lint`) finds a cycle between modules, through
 * re-exports and type-only imports too, and passes a graph without one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cyclesOf, importsOf } from './check-import-cycles.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `files` (name → text) under the temp folder; answers them as the check reads them. */
function modules(files: Record<string, string>): Map<string, string> {
  const read = new Map<string, string>();
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    read.set(file, text);
  }
  return read;
}

const names = (cycles: string[][]) => cycles.map((cycle) => cycle.map((f) => path.basename(f)));

describe('the import cycle check', () => {
  it('reads imports, re-exports, type-only and dynamic imports, but not packages', () => {
    expect(
      importsOf(
        "import { a } from './a.ts';\nexport { b } from '../b';\nimport type { C } from './c.ts';\nconst d = import('./d.ts');\nimport x from 'kysely';",
      ),
    ).toEqual(['./a.ts', '../b', './c.ts', './d.ts']);
  });

  it('finds a cycle of three modules, through a type-only import and an extensionless one', () => {
    const cycles = cyclesOf(
      modules({
        'orders/a.ts': "import { b } from '../payments/b.ts';\nexport const a = b;",
        'payments/b.ts': "import type { C } from './c';\nexport const b = 1 as unknown as C;",
        'payments/c.ts': "export type { A as C } from '../orders/a.ts';",
        'payments/d.ts': "import { b } from './b.ts';\nexport const d = b;",
      }),
    );
    expect(names(cycles)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('finds a module that imports itself, and passes a graph that only goes one way', () => {
    expect(names(cyclesOf(modules({ 'self.ts': "export { x } from './self.ts';" })))).toEqual([
      ['self.ts'],
    ]);
    expect(
      cyclesOf(
        modules({
          'low.ts': 'export const low = 1;',
          'mid.ts': "import { low } from './low.ts';\nexport const mid = low;",
          'high.ts': "import { low } from './low.ts';\nimport { mid } from './mid.ts';",
        }),
      ),
    ).toEqual([]);
  });
});
