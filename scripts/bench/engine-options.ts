/**
 * The command-line pieces the benches at size share (./size-bench.ts: `--products N`,
 * ./orders-bench.ts: `--orders N`): which databases to measure (`--postgres`, `--sqlite-only`,
 * `--postgres-only`) and whole-number option values.
 */

/** Which databases a bench at size measures, from its command line. */
export interface EngineOptions {
  /** Run under a throwaway PostgreSQL cluster when TEST_DATABASE_URL is not set. */
  postgres: boolean;
  /** Leave PostgreSQL out even when TEST_DATABASE_URL is set. */
  sqliteOnly: boolean;
  /** Leave SQLite out (PostgreSQL as `--postgres`). */
  postgresOnly: boolean;
}

/**
 * An option's value as a whole number; `_` may group its digits (`100_000`).
 * @throws Error "`name` needs a whole number" for a missing or malformed value
 */
export function wholeNumber(name: string, raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw.replace(/_/g, ''))) {
    throw new Error(`${name} needs a whole number`);
  }
  return Number(raw.replace(/_/g, ''));
}

/**
 * Applies option `name` to `options` when it is one of the database flags.
 * @returns true when it was one (the caller's own options are the rest)
 */
export function takeEngineFlag(options: EngineOptions, name: string): boolean {
  switch (name) {
    case '--postgres':
      options.postgres = true;
      return true;
    case '--sqlite-only':
      options.sqliteOnly = true;
      return true;
    case '--postgres-only':
      options.postgresOnly = true;
      options.postgres = true;
      return true;
    default:
      return false;
  }
}

/**
 * Refuses database flags that leave nothing to measure.
 * @throws Error when both `--sqlite-only` and `--postgres-only` are given
 */
export function checkEngineFlags(options: EngineOptions): void {
  if (options.sqliteOnly && options.postgresOnly) {
    throw new Error('--sqlite-only and --postgres-only leave nothing to measure');
  }
}

/** The PostgreSQL server to measure on (TEST_DATABASE_URL), or null: none, or `--sqlite-only`. */
export function benchPostgresUrl(options: EngineOptions): string | null {
  return options.sqliteOnly ? null : process.env.TEST_DATABASE_URL || null;
}

/**
 * The databases to measure, in order: SQLite unless `--postgres-only`, then PostgreSQL when
 * `pgUrl` names a server.
 */
export function benchEngines(
  options: EngineOptions,
  pgUrl: string | null,
): ('sqlite' | 'postgres')[] {
  return [
    ...(options.postgresOnly ? [] : (['sqlite'] as const)),
    ...(pgUrl ? (['postgres'] as const) : []),
  ];
}
