/// <reference types="node" />
/**
 * docs/mock.md's table "Each message of the error catalogue (spec section 8)", made from
 * tests/e2e-mock/error-catalog.ts, the rows the mock's end-to-end test drives, so the table
 * and the test cannot tell different stories.
 *
 *     npx tsx scripts/error-catalog-table.ts           prints the table
 *     npx tsx scripts/error-catalog-table.ts --write   writes it into docs/mock.md
 *     npx tsx scripts/error-catalog-table.ts --check   exits 1 when docs/mock.md's table differs
 *
 * `npm test` runs `--check` in its first stage (scripts/test.mjs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CatalogueRow } from '../tests/e2e-mock/catalog-case.ts';
import { ERROR_CATALOGUE } from '../tests/e2e-mock/error-catalog.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docPath = path.join(root, 'docs', 'mock.md');

/** The heading the table sits under in docs/mock.md. */
export const TABLE_HEADING = '## Each message of the error catalogue (spec section 8)';

const HEADER = ['message', 'operation', 'action', 'where'];

/**
 * The "operation" cell of a row: the operations its cases switch, in order; those one case
 * switches together joined by "and", the others by "/"; '(none)' when no case switches any.
 */
export function operationCell(row: CatalogueRow): string {
  const sets = row.cases
    .map((c) => Object.keys(c.switches))
    .filter((ops) => ops.length > 0)
    .map((ops) => ops.map((op) => `\`${op}\``).join(' and '));
  const unique = [...new Set(sets)];
  return unique.length ? unique.join(' / ') : '(none)';
}

/**
 * The "action" cell of a row: each distinct action its cases set, in order, joined by "/"; an
 * example of the same status as the action before it is written by its name alone
 * (`code=400, example=underAge` / `missingAttestation`). Empty when no case switches any.
 */
export function actionCell(row: CatalogueRow): string {
  const actions = [...new Set(row.cases.flatMap((c) => Object.values(c.switches)))];
  return actions
    .map((action, i) => {
      const named = /^(code=\d+, example=)(\S+)$/.exec(action);
      const previous = actions[i - 1] ?? '';
      return named && previous.startsWith(named[1]!) ? `\`${named[2]}\`` : `\`${action}\``;
    })
    .join(' / ');
}

/** Characters, not UTF-16 units: prettier pads '×' and '—' as one column each. */
const width = (text: string) => [...text].length;

/**
 * The table as Markdown lines, padded the way prettier formats a table (each column as wide
 * as its widest cell), so a formatted docs/mock.md and this output are the same bytes.
 */
export function catalogueTable(): string[] {
  const rows = [
    HEADER,
    ...ERROR_CATALOGUE.map((row) => [row.message, operationCell(row), actionCell(row), row.where]),
  ].map((cells) => cells.map((cell) => cell.replace(/\|/g, '\\|')));
  const widths = HEADER.map((_, column) =>
    Math.max(3, ...rows.map((cells) => width(cells[column]!))),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell + ' '.repeat(widths[i]! - width(cell))).join(' | ')} |`;
  const [header, ...body] = rows;
  return [line(header!), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)];
}

/**
 * The page's text with its catalogue table (the first table after {@link TABLE_HEADING})
 * replaced by `table`. Throws Error when the heading or the table is missing.
 */
export function withTable(readme: string, table: string[]): string {
  const lines = readme.split('\n');
  const heading = lines.indexOf(TABLE_HEADING);
  if (heading < 0) throw new Error(`docs/mock.md has no heading "${TABLE_HEADING}"`);
  const start = lines.findIndex((line, i) => i > heading && line.startsWith('|'));
  if (start < 0) throw new Error(`docs/mock.md has no table under "${TABLE_HEADING}"`);
  let end = start;
  while (end < lines.length && lines[end]!.startsWith('|')) end++;
  return [...lines.slice(0, start), ...table, ...lines.slice(end)].join('\n');
}

function main(args: string[]): number {
  const table = catalogueTable();
  if (args.includes('--write') || args.includes('--check')) {
    const readme = readFileSync(docPath, 'utf8');
    const wanted = withTable(readme, table);
    if (wanted === readme) {
      console.log(
        'docs/mock.md: the error catalogue table matches tests/e2e-mock/error-catalog.ts',
      );
      return 0;
    }
    if (args.includes('--check')) {
      console.error(
        'docs/mock.md: the error catalogue table differs from tests/e2e-mock/error-catalog.ts;\n' +
          'change the rows there, then run: npx tsx scripts/error-catalog-table.ts --write',
      );
      return 1;
    }
    writeFileSync(docPath, wanted);
    console.log('docs/mock.md: error catalogue table written');
    return 0;
  }
  console.log(table.join('\n'));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}
