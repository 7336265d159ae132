/**
 * `npm run contract:diff` itself, against a temporary git repository holding the contract:
 * the default comparison with the last `contract-v*` tag, its exit codes and its messages.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { contractText, root } from './contract-diff-fixture.ts';

describe('npm run contract:diff against a git repository', () => {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const script = path.join(root, 'scripts', 'contract-diff.ts');
  let repo: string;
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Contract Test',
    GIT_AUTHOR_EMAIL: 'contract-test@example.test',
    GIT_COMMITTER_NAME: 'Contract Test',
    GIT_COMMITTER_EMAIL: 'contract-test@example.test',
  };
  const git = (...args: string[]) => {
    const result = spawnSync(
      'git',
      ['-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args],
      {
        cwd: repo,
        env,
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  };
  /** Runs the command as `npx tsx scripts/contract-diff.ts --repo <repo>` would. */
  const contractDiff = (...args: string[]) => {
    const result = spawnSync(tsx, [script, '--repo', repo, ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    return { status: result.status, output: result.stdout + result.stderr };
  };
  /** Writes the working tree's contract: the released one after `edit`. */
  const writeContract = (edit: (doc: ReturnType<typeof parseDocument>) => void) => {
    const doc = parseDocument(contractText);
    edit(doc);
    writeFileSync(path.join(repo, 'openapi', 'storefront.yaml'), doc.toString());
  };

  beforeEach(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'contract-diff-'));
    mkdirSync(path.join(repo, 'openapi'));
    writeFileSync(path.join(repo, 'openapi', 'storefront.yaml'), contractText);
    git('init', '--quiet');
    git('add', 'openapi/storefront.yaml');
    git('commit', '--quiet', '-m', 'Contract 1.0.0');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('names a removed field as breaking and exits 1 until the major version moves', () => {
    git('tag', '-a', 'contract-v1.0.0', '-m', 'Contract 1.0.0');
    const removeSlug = (doc: ReturnType<typeof parseDocument>) => {
      doc.deleteIn(['components', 'schemas', 'Category', 'properties', 'slug']);
      doc.setIn(['components', 'schemas', 'Category', 'required'], ['id', 'name', 'description']);
    };
    writeContract((doc) => {
      removeSlug(doc);
      doc.setIn(['info', 'version'], '1.1.0');
    });
    const failed = contractDiff();
    expect(failed.status).toBe(1);
    expect(failed.output).toContain('at contract-v1.0.0 (1.0.0) -> working tree (1.1.0)');
    expect(failed.output).toMatch(/Breaking[^\n]*: 2\n/);
    expect(failed.output).toMatch(
      /GET \/products\/categories\/\{slug\}\/ +response 200: required field `slug` removed/,
    );
    expect(failed.output).toContain(
      'FAILED: 2 breaking changes but the major version did not increase',
    );

    writeContract((doc) => {
      removeSlug(doc);
      doc.setIn(['info', 'version'], '2.0.0');
    });
    const passed = contractDiff();
    expect(passed.output).toContain('OK: info.version 1.0.0 -> 2.0.0 fits the changes.');
    expect(passed.status).toBe(0);
  });

  it('without a contract-v* tag, exits 2 and says how to fetch the tags', () => {
    const result = contractDiff();
    expect(result.status).toBe(2);
    expect(result.output).toContain('no tag matching contract-v* is reachable from HEAD');
    expect(result.output).toContain('git fetch --tags');
  });

  it('compares with the revision named, and refuses one that does not exist', () => {
    writeContract((doc) => doc.setIn(['info', 'description'], 'Changed.'));
    const unmoved = contractDiff('HEAD');
    expect(unmoved.status).toBe(1);
    expect(unmoved.output).toContain(
      'FAILED: the contract changed but info.version did not move (still 1.0.0): set it to 1.0.1.',
    );
    const unknown = contractDiff('no-such-ref');
    expect(unknown.status).toBe(2);
    expect(unknown.output).toContain('cannot read openapi/storefront.yaml at no-such-ref');
  });
});
