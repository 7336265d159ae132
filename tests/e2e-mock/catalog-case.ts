/**
 * What a row of the error catalogue (./error-catalog.ts) is made of: the mock's switches, the
 * cases that show a message (open a page with some switches set, do a step, read the texts) and
 * the row of docs/mock.md's table they stand behind, with `seen`, the short way the rows write a
 * case.
 */
import type { Step } from './shopper-steps';

/** operationId -> the mock's action: `code=409`, `code=400, example=NAME`, `fail=500`, `raw=...`. */
export type Switches = Readonly<Record<string, string>>;

/** One way to see a row's message: the switches, the page, the shopper's step, the texts. */
export interface CatalogueCase {
  /** Set before the page opens; empty for a message the default answers show. */
  switches: Switches;
  /** The page the shopper opens. */
  path: string;
  /** What the shopper does on it, if anything. */
  step?: Step;
  /** The texts the shopper then reads, each exactly as the page shows it. */
  shows: readonly string[];
}

/** One row of docs/mock.md's table: its message and "where" cells, and the cases behind them. */
export interface CatalogueRow {
  /** The "message" cell (Markdown). */
  message: string;
  /** The "where" cell (Markdown). */
  where: string;
  /** The shopper logs in first (any e-mail and password), as docs/mock.md says for this row. */
  loggedIn: boolean;
  cases: readonly CatalogueCase[];
}

/** A case: with `switches`, open `path`, do `step`, read `shows`. */
export const seen = (
  switches: Switches,
  path: string,
  shows: string | readonly string[],
  step?: Step,
): CatalogueCase => ({ switches, path, step, shows: [shows].flat() });
