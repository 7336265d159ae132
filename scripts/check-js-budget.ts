/**
 * `npm test`'s script budget: fails when a route of the built storefront loads more JavaScript
 * first than its budget (scripts/lib/route-js.ts: 130 KB gzipped on `/`, 140 KB elsewhere).
 * Prints every route's figure either way.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeJsSizes } from './lib/route-js.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = routeJsSizes(root);
const over = sizes.filter((size) => size.kb > size.budgetKb);
const width = Math.max(...sizes.map((size) => size.route.length));
for (const size of sizes) {
  console.log(
    `${size.route.padEnd(width)}  ${size.kb.toFixed(1).padStart(6)} KB  (budget ${size.budgetKb})${size.kb > size.budgetKb ? '  OVER' : ''}`,
  );
}
if (over.length > 0) {
  console.error(
    `check-js-budget: ${over.map((size) => `${size.route} loads ${size.kb.toFixed(1)} KB (budget ${size.budgetKb})`).join('; ')}.`,
  );
  process.exit(1);
}
console.log(`check-js-budget: every route within its budget (${sizes.length} routes).`);
