/// <reference types="node" />
/**
 * The bench's output: each benchmark group hands back one table (a title, column headers and
 * rows of cell text, figures already formatted with their units in the headers), and the
 * entry point prints them all at the end, so the progress lines on stderr never split a table.
 */

/** One printed table; every row has one cell per header. */
export interface BenchTable {
  /** The line above the table: what was measured and how. */
  title: string;
  header: string[];
  rows: string[][];
}

/**
 * Prints `table` to stdout: a blank line, the title, a blank line, the header, a rule, then
 * the rows; the first column is padded on the right, the others on the left (figures line up).
 */
export function printTable({ title, header, rows }: BenchTable): void {
  console.log(`\n${title}\n`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
