/**
 * What SQLite does with the queries a request sends: a Kysely plugin (pass it to
 * `createTestApp` in `plugins`, as ./query-counter.ts) that keeps each query the app runs, and
 * reads SQLite's plan of each (EXPLAIN QUERY PLAN), for tests that prove a read stops at its
 * LIMIT in an index's order instead of reading every match and sorting them ("USE TEMP B-TREE
 * FOR ORDER BY"). PostgreSQL's plans follow its statistics, so those tests run on SQLite only.
 */
import {
  CompiledQuery,
  createQueryId,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** One query a request ran: its SQL, and SQLite's plan of it, one line per step. */
export interface PlannedQuery {
  sql: string;
  plan: string[];
}

export class QueryPlans implements KyselyPlugin {
  private nodes: RootOperationNode[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** Forgets the queries kept so far. */
  reset(): void {
    this.nodes = [];
  }

  /**
   * The queries run since the last reset, in order, each with SQLite's plan (the `detail`
   * column of EXPLAIN QUERY PLAN, run with the query's own parameters on `db`).
   * @throws on PostgreSQL (EXPLAIN QUERY PLAN is SQLite's)
   */
  async plans<DB>(db: Kysely<DB>): Promise<PlannedQuery[]> {
    const nodes = [...this.nodes];
    const planned: PlannedQuery[] = [];
    for (const node of nodes) {
      const compiled = db.getExecutor().compileQuery(node, createQueryId());
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      planned.push({ sql: compiled.sql, plan: rows.map((row) => row.detail) });
    }
    this.nodes = nodes;
    return planned;
  }
}
