/**
 * Semantic versions (semver.org 2.0.0) and the check `npm run contract:diff` makes of the
 * contract's `info.version` against its changes (the rules at the top of openapi/CHANGELOG.md).
 */
import type { ContractComparison } from './contract-diff.ts';

/** The verdict of `checkVersion`: `ok` false when `problems` is not empty. */
export interface VersionVerdict {
  ok: boolean;
  /** Why the check fails, one sentence each, with the version to use. */
  problems: string[];
  /** Advice that does not fail the check. */
  notes: string[];
}

/** A parsed semantic version (semver.org 2.0.0); build metadata is dropped. */
export interface SemanticVersion {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

/**
 * Parses `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]` (semver.org 2.0.0, no leading zeros).
 * Returns null for anything else.
 */
export function parseSemver(text: string): SemanticVersion | null {
  const match =
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/.exec(
      text,
    );
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

/** Orders two versions as semver.org's precedence rules do: negative, 0 or positive. */
export function compareSemver(a: SemanticVersion, b: SemanticVersion): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return core;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return b.prerelease.length - a.prerelease.length;
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i += 1) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const numeric = /^\d+$/;
    if (numeric.test(x) && numeric.test(y)) return Number(x) - Number(y);
    if (numeric.test(x) !== numeric.test(y)) return numeric.test(x) ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Checks `info.version` against the changes (the rules in openapi/CHANGELOG.md): a breaking
 * change needs a higher major version; any change needs a higher version; the version never
 * goes backwards; both versions must be semantic versions. A patch-only bump over additions
 * is allowed but noted (additions usually take a minor version).
 */
export function checkVersion(comparison: ContractComparison): VersionVerdict {
  const { before: oldText, after: newText } = comparison.versions;
  const problems: string[] = [];
  const notes: string[] = [];
  const old = parseSemver(oldText);
  const now = parseSemver(newText);
  if (!old || !now) {
    for (const [text, which] of [
      [oldText, 'older'],
      [newText, 'current'],
    ] as const) {
      if (!parseSemver(text)) {
        problems.push(
          `the ${which} contract's info.version ${JSON.stringify(text)} is not a semantic version (MAJOR.MINOR.PATCH).`,
        );
      }
    }
    return { ok: false, problems, notes };
  }

  const breaking = comparison.changes.filter((c) => c.group === 'breaking').length;
  const additions = comparison.changes.filter(
    (c) => c.group === 'non-breaking' && c.action === 'add',
  ).length;
  const order = compareSemver(now, old);
  const nextMajor = `${old.major + 1}.0.0`;
  const nextMinor = `${old.major}.${old.minor + 1}.0`;
  const nextPatch = `${old.major}.${old.minor}.${old.patch + 1}`;

  if (order < 0) {
    problems.push(`info.version went backwards: ${oldText} -> ${newText}.`);
  } else if (comparison.changed && order === 0) {
    const next = breaking > 0 ? nextMajor : additions > 0 ? nextMinor : nextPatch;
    const why =
      breaking > 0 ? ` (with ${breaking} breaking change${breaking === 1 ? '' : 's'})` : '';
    problems.push(
      `the contract changed${why} but info.version did not move (still ${newText}): set it to ${next}.`,
    );
  } else if (breaking > 0 && now.major <= old.major) {
    problems.push(
      `${breaking} breaking change${breaking === 1 ? '' : 's'} but the major version did not increase (${oldText} -> ${newText}): set info.version to ${nextMajor}, or undo the breaking change${breaking === 1 ? '' : 's'}.`,
    );
  }
  if (
    problems.length === 0 &&
    breaking === 0 &&
    additions > 0 &&
    now.major === old.major &&
    now.minor === old.minor
  ) {
    notes.push(
      `${additions} addition${additions === 1 ? '' : 's'} under a patch version: additions usually take a minor version (${nextMinor}).`,
    );
  }
  return { ok: problems.length === 0, problems, notes };
}
