/**
 * `npm run contract:diff` itself, against a temporary git repository holding the contract:
 * the default comparison with the last release in `openapi/releases/` (no tags needed), a
 * comparison with a named revision, its exit codes and its messages.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { contractDiff as runContractDiff } from '../contract-diff.ts';
import { contractText } from './contract-diff-fixture.ts';

describe('npm run contract:diff against a git repository', () => {
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
  /**
   * Runs the command as `npx tsx scripts/contract-diff.ts --repo <repo>` would, in this process
   * (a tsx process per case took 16 s of the suite): its exit code and what it printed.
   */
  const contractDiff = (...args: string[]) => {
    const printed: string[] = [];
    const print = (...parts: unknown[]) => {
      printed.push(`${parts.join(' ')}\n`);
    };
    const log = vi.spyOn(console, 'log').mockImplementation(print);
    const error = vi.spyOn(console, 'error').mockImplementation(print);
    try {
      return { status: runContractDiff(['--repo', repo, ...args]), output: printed.join('') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  };
  /** Writes the working tree's contract: the released one after `edit`. */
  const writeContract = (edit: (doc: ReturnType<typeof parseDocument>) => void) => {
    const doc = parseDocument(contractText);
    edit(doc);
    writeFileSync(path.join(repo, 'openapi', 'storefront.yaml'), doc.toString());
  };

  /** Writes `openapi/releases/<version>.yaml`: the released contract, at `version`. */
  const writeRelease = (version: string) => {
    const doc = parseDocument(contractText);
    doc.setIn(['info', 'version'], version);
    writeFileSync(path.join(repo, 'openapi', 'releases', `${version}.yaml`), doc.toString());
  };

  beforeEach(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'contract-diff-'));
    mkdirSync(path.join(repo, 'openapi', 'releases'), { recursive: true });
    writeFileSync(path.join(repo, 'openapi', 'storefront.yaml'), contractText);
    git('init', '--quiet');
    git('add', 'openapi/storefront.yaml');
    git('commit', '--quiet', '-m', 'Contract 1.0.0');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('names a removed field as breaking and exits 1 until the major version moves', () => {
    writeRelease('1.0.0');
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
    expect(failed.output).toContain(
      'openapi/releases/1.0.0.yaml (1.0.0) -> openapi/storefront.yaml (1.1.0)',
    );
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

  it('compares with the highest released version, whatever the tags and file order', () => {
    writeRelease('0.9.0');
    writeRelease('1.0.0');
    writeRelease('0.10.0');
    writeContract((doc) => doc.setIn(['info', 'description'], 'Changed.'));
    const unmoved = contractDiff();
    expect(unmoved.output).toContain('openapi/releases/1.0.0.yaml (1.0.0)');
    expect(unmoved.status).toBe(1);
  });

  it('without a released contract, exits 2 and says how to release one', () => {
    const result = contractDiff();
    expect(result.status).toBe(2);
    expect(result.output).toContain('openapi/releases/ holds no released contract');
    expect(result.output).toContain('npm run contract:diff -- <REF>');
  });

  it('refuses a released copy whose info.version is not its file name', () => {
    writeFileSync(path.join(repo, 'openapi', 'releases', '1.2.0.yaml'), contractText);
    const result = contractDiff();
    expect(result.status).toBe(2);
    expect(result.output).toContain(
      'openapi/releases/1.2.0.yaml says info.version "1.0.0", not 1.2.0',
    );
  });

  it('checks the admin contract against its own releases, each contract with its own verdict', () => {
    writeRelease('1.0.0');
    mkdirSync(path.join(repo, 'openapi', 'releases', 'admin'), { recursive: true });
    writeFileSync(path.join(repo, 'openapi', 'releases', 'admin', '1.0.0.yaml'), contractText);
    const admin = parseDocument(contractText);
    admin.setIn(['info', 'description'], 'Changed.');
    writeFileSync(path.join(repo, 'openapi', 'admin.yaml'), admin.toString());

    const result = contractDiff();
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'openapi/releases/1.0.0.yaml (1.0.0) -> openapi/storefront.yaml',
    );
    expect(result.output).toContain(
      'openapi/releases/admin/1.0.0.yaml (1.0.0) -> openapi/admin.yaml (1.0.0)',
    );
    expect(result.output).toContain(
      'The versioning rules are at the top of openapi/ADMIN-CHANGELOG.md',
    );

    const storefrontOnly = contractDiff('--contract', 'storefront');
    expect(storefrontOnly.status).toBe(0);
    expect(storefrontOnly.output).not.toContain('admin.yaml');
  });

  it('compares with a tag when one is named', () => {
    git('tag', '-a', 'contract-v1.0.0', '-m', 'Contract 1.0.0');
    writeContract((doc) => {
      doc.setIn(['info', 'description'], 'Changed.');
      doc.setIn(['info', 'version'], '1.0.1');
    });
    const result = contractDiff('contract-v1.0.0');
    expect(result.output).toContain('openapi/storefront.yaml at contract-v1.0.0 (1.0.0)');
    expect(result.output).toContain('OK: info.version 1.0.0 -> 1.0.1 fits the changes.');
    expect(result.status).toBe(0);
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
