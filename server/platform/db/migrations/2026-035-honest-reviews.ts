/**
 * Migration 2026_035_honest_reviews (issue 41, decision 085): reviews say whether the reviewer
 * was given something for them, and the shop publishes its review policy. Shipped once
 * released; never edit it then, add a later migration instead.
 *
 * - `reviews.incentivised`: true when the reviewer received something in return for the review
 *   (a free piece, a discount, a payment), declared by the shopper on the form or set by the
 *   shop in moderation (server/content/review-moderation.ts); the storefront labels such a
 *   review (DMCC Act 2024 Sch. 20 para 13(2); Directive 2005/29/EC Annex I point 23c). False
 *   for every review written before.
 * - `legal_documents.document_type` also takes `review_policy` (the page at /review-policy)
 *   and `accessibility_statement` (the page at /accessibility; decision 086), the two legal
 *   documents issue 41 adds. PostgreSQL drops the
 *   column's check and adds the wider one; SQLite cannot alter a check, so the table is
 *   rebuilt with the same columns, rows and unique key (nothing references it).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** Every document type the wider check admits. */
const DOCUMENT_TYPES = sql`document_type in ('refund_policy', 'privacy_policy', 'review_policy', 'accessibility_statement')`;

/** The migration described above: `reviews.incentivised` and the wider document check. */
export function honestReviewsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('reviews')
        .addColumn('incentivised', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .execute();

      if (dialect === 'postgres') {
        const checks = await sql<{ conname: string }>`
          select conname from pg_constraint
          where conrelid = 'legal_documents'::regclass and contype = 'c'
            and pg_get_constraintdef(oid) like '%document_type%'`.execute(db);
        for (const { conname } of checks.rows) {
          await sql`alter table legal_documents drop constraint ${sql.id(conname)}`.execute(db);
        }
        await sql`alter table legal_documents add constraint legal_documents_document_type_check check (${DOCUMENT_TYPES})`.execute(
          db,
        );
        return;
      }

      await withId(db.schema.createTable('legal_documents_wider'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('document_type', 'varchar(30)', (c) => c.notNull().check(DOCUMENT_TYPES))
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('legal_documents_tenant_type_key', ['tenant_id', 'document_type'])
        .execute();
      await sql`insert into legal_documents_wider
        (id, tenant_id, document_type, title, content, created_at, updated_at)
        select id, tenant_id, document_type, title, content, created_at, updated_at
        from legal_documents`.execute(db);
      await db.schema.dropTable('legal_documents').execute();
      await db.schema.alterTable('legal_documents_wider').renameTo('legal_documents').execute();
    },
  };
}
