#!/usr/bin/env node
/**
 * Fails (exit 1) when a committed generated type file differs from a fresh generation of its
 * contract: `common/storefront-api.d.ts` from `openapi/storefront.yaml` and
 * `common/admin-api.d.ts` from `openapi/admin.yaml`. Each fresh copy is made exactly as
 * `npm run generate` makes it: openapi-typescript, then prettier with the repo's config,
 * but into a temp file, so the working tree is never touched. Every pair is checked and every
 * stale one reported before the exit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** Each contract and the generated file committed from it. */
const PAIRS = [
  { contract: 'openapi/storefront.yaml', committed: 'common/storefront-api.d.ts' },
  { contract: 'openapi/admin.yaml', committed: 'common/admin-api.d.ts' },
];

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error(
      `check-generated: ${path.basename(cmd)} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(1);
  }
}

/** Checks one pair in `dir`; prints what is wrong and returns false when it is stale or missing. */
function check({ contract, committed }, dir) {
  if (!existsSync(path.join(root, committed))) {
    console.error(
      `check-generated: ${committed} is missing. Run \`npm run generate\` and commit it.`,
    );
    return false;
  }
  const fresh = path.join(dir, `${path.basename(committed, '.d.ts')}.d.ts`);
  run(bin('openapi-typescript'), [contract, '-o', fresh]);
  // The temp file lives outside the repo, so name the repo's prettier config explicitly.
  run(bin('prettier'), ['--config', path.join(root, '.prettierrc.json'), '--write', fresh]);

  const want = readFileSync(fresh, 'utf8').split('\n');
  const have = readFileSync(path.join(root, committed), 'utf8').split('\n');
  const at = want.findIndex((line, i) => line !== have[i]);
  const differs = at !== -1 || want.length !== have.length;
  if (differs) {
    const line = at === -1 ? Math.min(want.length, have.length) : at;
    console.error(
      `check-generated: ${committed} is stale: it differs from a fresh generation of ${contract}.`,
    );
    console.error(`  first difference at line ${line + 1}:`);
    console.error(`    committed: ${JSON.stringify(have[line] ?? '<end of file>')}`);
    console.error(`    generated: ${JSON.stringify(want[line] ?? '<end of file>')}`);
    console.error(`  Run \`npm run generate\` and commit ${committed}.`);
    return false;
  }
  console.log(`check-generated: ${committed} matches ${contract}.`);
  return true;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'check-generated-'));
let ok = true;
try {
  for (const pair of PAIRS) ok = check(pair, dir) && ok;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!ok) process.exit(1);
