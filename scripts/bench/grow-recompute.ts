/**
 * What the database does not keep up to date by itself after a bulk load, done once the grower
 * has written its rows: stored rating columns, SQLite full-text tables without triggers, and
 * planner statistics. Each step checks the schema first, so it works before and after the
 * migrations that add what it fills.
 */
import type { BulkWriter } from './bulk-writer';

/** Stored review statistics a later migration may add to products, by the names it may use. */
const STORED_AVERAGE = ['rating_average', 'average_rating', 'rating_avg', 'avg_rating'];
const STORED_COUNT = ['review_count', 'reviews_count', 'rating_count'];

/**
 * The hook after growing: everything derived from the inserted rows that the database does not
 * keep up to date by itself. Each step checks that its columns or tables exist, so it works
 * before and after the migrations that add them; add a step here when the schema gains a
 * derived value. Now:
 *
 * 1. stored rating columns on products (any of STORED_AVERAGE / STORED_COUNT), unless triggers
 *    on reviews keep them: filled from the reviews of the grown shops' products (0 without);
 * 2. SQLite full-text tables (FTS4/FTS5) with no trigger on products writing to them: rebuilt
 *    ('rebuild' command: the external-content kind);
 * 3. planner statistics: `ANALYZE` on SQLite, `VACUUM (ANALYZE)` of the grown tables on
 *    PostgreSQL (as autovacuum would do soon after a bulk load).
 *
 * @param tenantIds the shops whose products were added
 * @returns one line per step taken, for the report
 */
export async function recomputeAfterGrow(
  writer: BulkWriter,
  tenantIds: readonly number[],
): Promise<string[]> {
  const done: string[] = [];
  const productColumns = await writer.columnsOf('products');
  const average = STORED_AVERAGE.find((c) => productColumns.has(c));
  const count = STORED_COUNT.find((c) => productColumns.has(c));
  const reviewTriggers =
    writer.dialect === 'sqlite'
      ? await writer.query(
          `select name from sqlite_master where type = 'trigger' and tbl_name = 'reviews'`,
        )
      : await writer.query(
          `select trigger_name from information_schema.triggers
            where event_object_table = 'reviews' and event_object_schema = current_schema()`,
        );
  if ((average || count) && reviewTriggers.length > 0) {
    done.push(
      `products.${[average, count].filter(Boolean).join(' and products.')} kept by triggers on reviews`,
    );
  } else if (average || count) {
    // 0, not null, without reviews: the columns may be NOT NULL (0 sorts last by rating anyway).
    const sets = [
      ...(average
        ? [
            `${average} = coalesce((select avg(r.rating) from reviews r where r.product_id = products.id), 0)`,
          ]
        : []),
      ...(count
        ? [`${count} = (select count(*) from reviews r where r.product_id = products.id)`]
        : []),
    ];
    await writer.query(
      `update products set ${sets.join(', ')} where tenant_id in (${tenantIds.map(() => '?').join(', ')})`,
      [...tenantIds],
    );
    done.push(`filled products.${[average, count].filter(Boolean).join(' and products.')}`);
  }
  if (writer.dialect === 'sqlite') {
    const ftsTables = await writer.query<{ name: string }>(
      `select name from sqlite_master where type = 'table' and lower(sql) like '%using fts%'`,
    );
    const triggers = await writer.query<{ sql: string }>(
      `select sql from sqlite_master where type = 'trigger' and tbl_name = 'products'`,
    );
    for (const { name } of ftsTables) {
      if (triggers.some((t) => t.sql.toLowerCase().includes(name.toLowerCase()))) continue;
      try {
        await writer.query(`insert into ${name}(${name}) values ('rebuild')`);
        done.push(`rebuilt full-text table ${name}`);
      } catch (error) {
        done.push(
          `could not rebuild full-text table ${name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    await writer.query('analyze');
    done.push('analyze');
  } else {
    const tables = [
      'products',
      // Written by a trigger on products (migration 2026_025): the search's word starts.
      'product_name_words',
      'product_images',
      'product_attributes',
      'reviews',
      'users',
      'orders',
      'order_items',
      'categories',
    ];
    await writer.query(`vacuum (analyze) ${tables.join(', ')}`);
    done.push(`vacuum (analyze) ${tables.join(', ')}`);
  }
  return done;
}
