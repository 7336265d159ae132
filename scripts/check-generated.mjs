#!/usr/bin/env node
/**
 * Fails (exit 1) when the committed `common/storefront-api.d.ts` differs from a fresh generation of
 * `openapi/storefront.yaml`. The fresh copy is made exactly as
 * `npm run generate` makes it: openapi-typescript, then prettier with the repo's config,
 * but into a temp file, so the working tree is never touched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const contract = 'openapi/storefront.yaml';
const committed = 'common/storefront-api.d.ts';

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

if (!existsSync(path.join(root, committed))) {
  console.error(
    `check-generated: ${committed} is missing. Run \`npm run generate\` and commit it.`,
  );
  process.exit(1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'check-generated-'));
try {
  const fresh = path.join(dir, 'schema.d.ts');
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
    console.error('  Run `npm run generate` and commit common/storefront-api.d.ts.');
    process.exit(1);
  }
  console.log(`check-generated: ${committed} matches ${contract}.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
