/**
 * `npm test`'s script budget: fails when a route of the built storefront loads more JavaScript
 * first than its budget (scripts/lib/route-js.ts: 130 KB gzipped on `/`, 140 KB elsewhere), when
 * the back office's first load is over its own (scripts/lib/admin-js.ts: 150 KB), or when code
 * that must load only with its screen (the rich-text editor, the push notifications' device code)
 * is in the back office's first load. Prints every figure either way.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminJs } from './lib/admin-js.ts';
import { routeJsSizes } from './lib/route-js.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = routeJsSizes(root);
const admin = adminJs(root);
const rows = [
  ...sizes.map((size) => ({ label: size.route, kb: size.kb, budgetKb: size.budgetKb })),
  { label: '/admin/ (back office, first load)', kb: admin.kb, budgetKb: admin.budgetKb },
];
const width = Math.max(...rows.map((row) => row.label.length));
for (const row of rows) {
  console.log(
    `${row.label.padEnd(width)}  ${row.kb.toFixed(1).padStart(6)} KB  (budget ${row.budgetKb})${row.kb > row.budgetKb ? '  OVER' : ''}`,
  );
}
for (const part of admin.lazy) {
  console.log(
    `  back office ${part.name}: ${part.kb.toFixed(1)} KB, ${part.inFirstLoad ? 'IN THE FIRST LOAD' : 'loaded with its screen only'}`,
  );
}
const problems = [
  ...rows
    .filter((row) => row.kb > row.budgetKb)
    .map((row) => `${row.label} loads ${row.kb.toFixed(1)} KB (budget ${row.budgetKb})`),
  ...admin.lazy
    .filter((part) => part.inFirstLoad)
    .map((part) => `the back office's ${part.name} is in its first load`),
];
if (problems.length > 0) {
  console.error(`check-js-budget: ${problems.join('; ')}.`);
  process.exit(1);
}
console.log(
  `check-js-budget: every route within its budget (${sizes.length} routes and the back office).`,
);
