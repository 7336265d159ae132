/**
 * `npm run contract:diff [REF] [--repo DIR]`: compares `openapi/storefront.yaml` in the working
 * tree with the last released contract, prints every change grouped breaking / non-breaking /
 * other with the operation it is in, and checks `info.version` against them (the rules at the
 * top of openapi/CHANGELOG.md; the logic is in scripts/lib/contract-diff.ts).
 *
 * The last released contract is the highest version in `openapi/releases/` (`X.Y.Z.yaml`, a
 * copy of the contract as released), so the check needs no git history or tags: a CI checkout
 * made with `--no-tags` or `--depth 1` runs it as well. With REF, the comparison is with the
 * contract at that git revision instead (a tag `contract-vX.Y.Z`, a branch, a commit).
 *
 * Exit codes: 0 when the version fits the changes; 1 when it does not (breaking changes under
 * the same major version, a changed contract under the same version, a version that went
 * backwards); 2 when there is nothing to compare with (no release in `openapi/releases/`, a
 * release whose `info.version` is not its file name, an unknown REF, a file git or YAML cannot
 * read).
 *
 * `--repo DIR` runs against another repository's working tree (the tests use a temporary one);
 * by default the repository is the one holding the current directory.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { compareContracts, formatReport } from './lib/contract-diff.ts';
import { checkVersion, compareSemver, parseSemver } from './lib/contract-diff-versions.ts';

const CONTRACT = 'openapi/storefront.yaml';
const RELEASES = 'openapi/releases';

/** Something that stops the comparison before it starts: printed, then exit 2. */
class SetupError extends Error {}

function git(args: string[], cwd: string): { ok: boolean; out: string; err: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new SetupError(`cannot run git: ${result.error.message}`);
  return { ok: result.status === 0, out: result.stdout.trim(), err: result.stderr.trim() };
}

function parseArgs(argv: string[]): { ref?: string; repo: string } {
  let ref: string | undefined;
  let repo = process.cwd();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--repo') {
      const dir = argv[(i += 1)];
      if (!dir) throw new SetupError('--repo needs a directory.');
      repo = path.resolve(dir);
    } else if (arg === '-h' || arg === '--help') {
      console.log('usage: npm run contract:diff [-- REF] [--repo DIR]');
      process.exit(0);
    } else if (arg.startsWith('-')) {
      throw new SetupError(`unknown option ${arg} (usage: contract-diff [REF] [--repo DIR]).`);
    } else if (ref === undefined) {
      ref = arg;
    } else {
      throw new SetupError(`one revision at most, got ${ref} and ${arg}.`);
    }
  }
  return { ref, repo };
}

/** A contract to compare with: its text and the name the report gives it. */
interface Baseline {
  text: string;
  name: string;
}

/**
 * The last released contract: the file of `openapi/releases/` with the highest semantic version
 * in its name. Throws SetupError when there is none, or when its `info.version` is not its name
 * (a release copy edited after the fact).
 */
function lastRelease(root: string): Baseline {
  let names: string[] = [];
  try {
    names = readdirSync(path.join(root, RELEASES));
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
        `${RELEASES}/ holds no released contract (X.Y.Z.yaml), so there is nothing to compare with.`,
        'Release the current contract by copying it there (see openapi/CHANGELOG.md),',
        'or name a git revision: `npm run contract:diff -- <REF>`.',
      ].join('\n  '),
    );
  }
  const file = `${RELEASES}/${latest.name}`;
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

/** The contract at the git revision `ref`. Throws SetupError when git cannot show it. */
function atRevision(root: string, ref: string): Baseline {
  const shown = git(['show', `${ref}:${CONTRACT}`], root);
  if (!shown.ok) throw new SetupError(`cannot read ${CONTRACT} at ${ref}: ${shown.err}`);
  return { text: shown.out, name: `${CONTRACT} at ${ref}` };
}

function readYaml(text: string, source: string): unknown {
  try {
    return parse(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new SetupError(`${source} is not valid YAML: ${(error as Error).message}`);
  }
}

function main(): number {
  const { ref: givenRef, repo } = parseArgs(process.argv.slice(2));
  const top = git(['rev-parse', '--show-toplevel'], repo);
  if (!top.ok) throw new SetupError(`${repo} is not inside a git repository: ${top.err}`);
  const root = top.out;
  const baseline = givenRef === undefined ? lastRelease(root) : atRevision(root, givenRef);

  let current: string;
  try {
    current = readFileSync(path.join(root, CONTRACT), 'utf8');
  } catch (error) {
    throw new SetupError(`cannot read ${CONTRACT}: ${(error as Error).message}`);
  }

  const comparison = compareContracts(
    readYaml(baseline.text, baseline.name),
    readYaml(current, CONTRACT),
  );
  const verdict = checkVersion(comparison);
  const report = formatReport(comparison, verdict, { before: baseline.name, after: CONTRACT });
  if (verdict.ok) console.log(report);
  else console.error(report);
  return verdict.ok ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (error) {
  if (!(error instanceof SetupError)) throw error;
  console.error(`contract-diff: ${error.message}`);
  process.exitCode = 2;
}
