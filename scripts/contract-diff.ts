/**
 * `npm run contract:diff [REF] [--repo DIR]`: compares `openapi/storefront.yaml` in the working
 * tree with the same file at the git revision REF (default: the most recent tag `contract-v*`
 * reachable from HEAD, the last released contract), prints every change grouped breaking /
 * non-breaking / other with the operation it is in, and checks `info.version` against them
 * (the rules at the top of openapi/CHANGELOG.md; the logic is in scripts/lib/contract-diff.ts).
 *
 * Exit codes: 0 when the version fits the changes; 1 when it does not (breaking changes under
 * the same major version, a changed contract under the same version, a version that went
 * backwards); 2 when there is nothing to compare with (no `contract-v*` tag reachable, an
 * unknown REF, a file git or YAML cannot read). `npm test` runs it, so a shallow clone without
 * tags fails with the command that fetches them rather than skipping the check.
 *
 * `--repo DIR` runs against another repository's working tree (the tests use a temporary one);
 * by default the repository is the one holding the current directory.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { compareContracts, formatReport } from './lib/contract-diff.ts';
import { checkVersion } from './lib/contract-diff-versions.ts';

const CONTRACT = 'openapi/storefront.yaml';
const TAG_PATTERN = 'contract-v*';

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

/** The last released contract: the most recent `contract-v*` tag reachable from HEAD. */
function lastReleaseTag(root: string): string {
  const described = git(['describe', '--tags', '--match', TAG_PATTERN, '--abbrev=0'], root);
  if (described.ok && described.out) return described.out;
  const shallow = git(['rev-parse', '--is-shallow-repository'], root).out === 'true';
  throw new SetupError(
    [
      `no tag matching ${TAG_PATTERN} is reachable from HEAD, so there is no released contract to compare with.`,
      shallow
        ? 'This is a shallow clone: fetch the history and the tags with `git fetch --unshallow --tags`.'
        : 'Fetch the tags with `git fetch --tags` (a clone made with --no-tags, or a CI checkout, has none).',
      'Or name a revision: `npm run contract:diff -- <REF>`.',
    ].join('\n  '),
  );
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
  const ref = givenRef ?? lastReleaseTag(root);

  const shown = git(['show', `${ref}:${CONTRACT}`], root);
  if (!shown.ok) throw new SetupError(`cannot read ${CONTRACT} at ${ref}: ${shown.err}`);
  let current: string;
  try {
    current = readFileSync(path.join(root, CONTRACT), 'utf8');
  } catch (error) {
    throw new SetupError(`cannot read ${CONTRACT}: ${(error as Error).message}`);
  }

  const comparison = compareContracts(
    readYaml(shown.out, `${CONTRACT} at ${ref}`),
    readYaml(current, CONTRACT),
  );
  const verdict = checkVersion(comparison);
  const report = formatReport(comparison, verdict, { before: ref, after: 'working tree' });
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
