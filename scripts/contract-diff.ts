/**
 * `npm run contract:diff [REF] [--contract NAME] [--repo DIR]`: compares each hand-written
 * contract in the working tree with its last released copy, prints every change grouped
 * breaking / non-breaking / other with the operation it is in, and checks `info.version` against
 * them (the rules at the top of openapi/CHANGELOG.md; the logic is in
 * scripts/lib/contract-diff.ts).
 *
 * The contracts (CONTRACTS below), each versioned on its own with its own releases and
 * changelog:
 * - `storefront`: `openapi/storefront.yaml`, released to `openapi/releases/X.Y.Z.yaml`
 *   (openapi/CHANGELOG.md, tags `contract-vX.Y.Z`);
 * - `admin`: `openapi/admin.yaml`, released to `openapi/releases/admin/X.Y.Z.yaml`
 *   (openapi/ADMIN-CHANGELOG.md, tags `admin-contract-vX.Y.Z`).
 * Every contract is compared unless `--contract NAME` picks one. The storefront's is always
 * expected; another is skipped when the repository has neither its file nor its releases (an
 * older checkout, the tests' temporary repository).
 *
 * The last released contract is the highest version in its releases folder (`X.Y.Z.yaml`, a
 * copy of the contract as released), so the check needs no git history or tags: a CI checkout
 * made with `--no-tags` or `--depth 1` runs it as well. With REF, the comparison is with the
 * contract at that git revision instead (a tag such as `contract-vX.Y.Z`, a branch, a commit);
 * a contract that did not exist yet at REF is skipped with a note.
 *
 * Exit codes, the worst over the contracts compared: 0 when each version fits its changes; 1
 * when one does not (breaking changes under the same major version, a changed contract under
 * the same version, a version that went backwards); 2 when there is nothing to compare with (no
 * release in the releases folder, a release whose `info.version` is not its file name, an
 * unknown REF, a file git or YAML cannot read).
 *
 * `--repo DIR` runs against another repository's working tree (the tests use a temporary one);
 * by default the repository is the one holding the current directory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { compareContracts, formatReport } from './lib/contract-diff.ts';
import { checkVersion, compareSemver, parseSemver } from './lib/contract-diff-versions.ts';

/** A contract this command checks: its file, where its releases are copied, its changelog. */
interface Contract {
  name: string;
  file: string;
  releases: string;
  changelog: string;
  /** Always compared: missing, it is an error rather than a contract this checkout lacks. */
  primary: boolean;
}

const CONTRACTS: Contract[] = [
  {
    name: 'storefront',
    file: 'openapi/storefront.yaml',
    releases: 'openapi/releases',
    changelog: 'openapi/CHANGELOG.md',
    primary: true,
  },
  {
    name: 'admin',
    file: 'openapi/admin.yaml',
    releases: 'openapi/releases/admin',
    changelog: 'openapi/ADMIN-CHANGELOG.md',
    primary: false,
  },
];

/** Something that stops the comparison before it starts: printed, then exit 2. */
class SetupError extends Error {}

function git(args: string[], cwd: string): { ok: boolean; out: string; err: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new SetupError(`cannot run git: ${result.error.message}`);
  return { ok: result.status === 0, out: result.stdout.trim(), err: result.stderr.trim() };
}

const USAGE = 'contract-diff [REF] [--contract storefront|admin] [--repo DIR]';

function parseArgs(argv: readonly string[]): { ref?: string; repo: string; only?: Contract } {
  let ref: string | undefined;
  let repo = process.cwd();
  let only: Contract | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--repo') {
      const dir = argv[(i += 1)];
      if (!dir) throw new SetupError('--repo needs a directory.');
      repo = path.resolve(dir);
    } else if (arg === '--contract') {
      const name = argv[(i += 1)];
      only = CONTRACTS.find((contract) => contract.name === name);
      if (!only) {
        const names = CONTRACTS.map((contract) => contract.name).join(', ');
        throw new SetupError(`--contract needs one of ${names}, got ${name ?? 'nothing'}.`);
      }
    } else if (arg === '-h' || arg === '--help') {
      console.log(`usage: npm run contract:diff -- [REF] [--contract NAME] [--repo DIR]`);
      process.exit(0);
    } else if (arg.startsWith('-')) {
      throw new SetupError(`unknown option ${arg} (usage: ${USAGE}).`);
    } else if (ref === undefined) {
      ref = arg;
    } else {
      throw new SetupError(`one revision at most, got ${ref} and ${arg}.`);
    }
  }
  return { ref, repo, only };
}

/** A contract to compare with: its text and the name the report gives it. */
interface Baseline {
  text: string;
  name: string;
}

/**
 * The last released copy of `contract`: the file of its releases folder with the highest
 * semantic version in its name. Throws SetupError when there is none, or when its
 * `info.version` is not its name (a release copy edited after the fact).
 */
function lastRelease(root: string, contract: Contract): Baseline {
  let names: string[] = [];
  try {
    names = readdirSync(path.join(root, contract.releases));
  } catch {
    // No folder: handled below as no release.
  }
  const releases = names
    .map((name) => ({ name, version: parseSemver(name.replace(/\.yaml$/, '')) }))
    .filter((entry) => entry.name.endsWith('.yaml') && entry.version !== null)
    .sort((a, b) => compareSemver(b.version!, a.version!));
  const latest = releases[0];
  if (!latest) {
    throw new SetupError(
      [
        `${contract.releases}/ holds no released contract (X.Y.Z.yaml), so there is nothing to compare with.`,
        `Release the current contract by copying it there (see ${contract.changelog}),`,
        'or name a git revision: `npm run contract:diff -- <REF>`.',
      ].join('\n  '),
    );
  }
  const file = `${contract.releases}/${latest.name}`;
  const text = readFileSync(path.join(root, file), 'utf8');
  const released = readYaml(text, file) as { info?: { version?: unknown } } | null;
  const expected = latest.name.replace(/\.yaml$/, '');
  if (released?.info?.version !== expected) {
    throw new SetupError(
      `${file} says info.version ${JSON.stringify(released?.info?.version)}, not ${expected}: a released contract is never edited.`,
    );
  }
  return { text, name: file };
}

/**
 * `contract` at the git revision `ref`, or null when the revision exists but the contract did
 * not yet (only for a contract that is not the primary one). Throws SetupError when git cannot
 * show it.
 */
function atRevision(root: string, ref: string, contract: Contract): Baseline | null {
  const shown = git(['show', `${ref}:${contract.file}`], root);
  if (shown.ok) return { text: shown.out, name: `${contract.file} at ${ref}` };
  if (!contract.primary && git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root).ok) {
    return null;
  }
  throw new SetupError(`cannot read ${contract.file} at ${ref}: ${shown.err}`);
}

function readYaml(text: string, source: string): unknown {
  try {
    return parse(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new SetupError(`${source} is not valid YAML: ${(error as Error).message}`);
  }
}

/** Compares one contract and prints its report; returns its exit code (0, 1 or 2). */
function compareOne(root: string, contract: Contract, ref: string | undefined): number {
  try {
    const baseline =
      ref === undefined ? lastRelease(root, contract) : atRevision(root, ref, contract);
    if (baseline === null) {
      console.log(`contract-diff: ${contract.file} did not exist at ${ref}: nothing to compare.`);
      return 0;
    }
    let current: string;
    try {
      current = readFileSync(path.join(root, contract.file), 'utf8');
    } catch (error) {
      throw new SetupError(`cannot read ${contract.file}: ${(error as Error).message}`);
    }
    const comparison = compareContracts(
      readYaml(baseline.text, baseline.name),
      readYaml(current, contract.file),
    );
    const verdict = checkVersion(comparison);
    const report = formatReport(comparison, verdict, {
      before: baseline.name,
      after: contract.file,
      changelog: contract.changelog,
    });
    if (verdict.ok) console.log(report);
    else console.error(report);
    return verdict.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    console.error(`contract-diff: ${error.message}`);
    return 2;
  }
}

/** Whether the repository at `root` has `contract` at all (its file or a releases folder). */
function present(root: string, contract: Contract): boolean {
  return (
    contract.primary ||
    existsSync(path.join(root, contract.file)) ||
    existsSync(path.join(root, contract.releases))
  );
}

/**
 * The command with `argv` (the arguments after the script): prints its report and answers its
 * exit code (see the module comment); a problem of setup is printed and answered as 2.
 */
export function contractDiff(argv: readonly string[]): number {
  try {
    const { ref, repo, only } = parseArgs(argv);
    const top = git(['rev-parse', '--show-toplevel'], repo);
    if (!top.ok) throw new SetupError(`${repo} is not inside a git repository: ${top.err}`);
    const root = top.out;
    const contracts = only ? [only] : CONTRACTS.filter((contract) => present(root, contract));
    let worst = 0;
    contracts.forEach((contract, i) => {
      if (i > 0) console.log('');
      worst = Math.max(worst, compareOne(root, contract, ref));
    });
    return worst;
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    console.error(`contract-diff: ${error.message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = contractDiff(process.argv.slice(2));
}
