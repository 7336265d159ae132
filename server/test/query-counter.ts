/**
 * Counts the queries the app sends to the database, for tests that prove a handler's query
 * count does not grow with the data (no N+1). Pass it to `createTestApp` in `plugins`.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export class QueryCounter implements KyselyPlugin {
  private nodes: RootOperationNode[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** Forgets the queries counted so far. */
  reset(): void {
    this.nodes = [];
  }

  /** How many queries ran since the last reset. */
  get total(): number {
    return this.nodes.length;
  }

  /** How many of them name `table` anywhere (from, joins, subqueries). */
  touching(table: string): number {
    return this.nodes.filter((node) => JSON.stringify(node).includes(`"${table}"`)).length;
  }
}
