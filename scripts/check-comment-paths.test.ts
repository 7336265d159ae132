/**
 * The lint step that no comment names a missing file (scripts/check-comment-paths.ts), on a
 * small repository of its own: what it reports, and what it leaves alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingPaths } from './check-comment-paths.ts';

describe('comments that name files', () => {
  let repo: string;
  let file: string;
  beforeAll(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'comment-paths-'));
    mkdirSync(path.join(repo, 'server', 'orders'), { recursive: true });
    mkdirSync(path.join(repo, 'server', 'payments'), { recursive: true });
    writeFileSync(path.join(repo, 'server', 'payments', 'payment-start.ts'), '');
    writeFileSync(path.join(repo, 'server', 'orders', 'staff-actions.ts'), '');
    file = path.join(repo, 'server', 'orders', 'context.ts');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  const check = (text: string) => missingPaths(file, text, repo).map((m) => `${m.line}: ${m.path}`);

  it('reports a relative or a root path that names nothing, with its line', () => {
    expect(
      check(
        [
          '/**',
          ' * The deadline moves on (./payment-start.ts, cardPaymentDeadline).',
          ' */',
          'const x = 1; // see server/lib/site-origin.ts.',
        ].join('\n'),
      ),
    ).toEqual(['2: ./payment-start.ts', '4: server/lib/site-origin.ts']);
  });

  it('accepts a path that exists, without its extension, or as the start of names', () => {
    expect(
      check(
        [
          '// ../payments/payment-start.ts and ../payments/payment-start',
          '/* the back office: ./staff- files, server/orders/ and server/payments */',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('reads comments only, never a string that looks like one', () => {
    expect(
      check(
        [
          "const text = '// ./missing.ts and /* ./gone.ts */';",
          'const url = `http://x//server/none.ts`; // ./absent.ts',
        ].join('\n'),
      ),
    ).toEqual(['2: ./absent.ts']);
  });

  it('leaves patterns, addresses, code and paths outside the repository alone', () => {
    expect(
      check(
        [
          '// server/orders/*.ts, openapi/releases/X.Y.Z.yaml, ./<file>',
          '// https://example.com/server/none.ts',
          "import x from './missing.ts';",
          '// ../../../../elsewhere/notes.md',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
