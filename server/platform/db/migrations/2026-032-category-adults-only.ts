/**
 * Migration 2026_032_category_adults_only (issue 40, "Adults only is not ticked for a knife
 * category"): a category says whether its products are sold to adults only by default.
 * Shipped once released; never edit it then, add a later migration instead.
 *
 * - `categories.adults_only`: the default of the "Sold to adults only" box of a new product
 *   in the category (and of a product moved into it, unless the owner chose otherwise). The
 *   product's own `age_restricted` stays what checkout and delivery read.
 * - The categories that already hold an adults-only product (the knife categories) get the
 *   default; the others start without it.
 */
import { type Migration, sql } from 'kysely';
import type { AnyDb } from './schema-helpers.ts';

/** The migration described above: `categories.adults_only`, set where the shop already sells so. */
export function categoryAdultsOnlyMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('categories')
        .addColumn('adults_only', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await sql`UPDATE categories SET adults_only = true
        WHERE EXISTS (SELECT 1 FROM products p
          WHERE p.category_id = categories.id AND p.age_restricted = true)`.execute(db);
    },
  };
}
