/// <reference types="node" />
/**
 * Table 1 of the bench: the JavaScript each route of the storefront loads first, gzipped, in
 * KB (1 KB = 1024 B), against its budget (scripts/lib/route-js.ts: 130 KB on `/`, 140 KB
 * elsewhere). Read from the build in `dist/`, so the build must be fresh first.
 */
import { routeJsSizes } from '../lib/route-js';
import type { BenchTable } from './table';

/** The route table from the build under `root`: route, files, KB gzip, budget KB, within. */
export function routeJsTable(root: string): BenchTable {
  return {
    title:
      'JavaScript loaded first per route (gzip level 9, 1 KB = 1024 B; npm run check:js-budget)',
    header: ['route', 'files', 'KB gzip', 'budget', 'within'],
    rows: routeJsSizes(root).map((size) => [
      size.route,
      String(size.files),
      size.kb.toFixed(1),
      String(size.budgetKb),
      size.kb <= size.budgetKb ? 'yes' : 'NO',
    ]),
  };
}
