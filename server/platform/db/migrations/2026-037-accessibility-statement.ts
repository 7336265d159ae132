/**
 * Migration 2026_037_accessibility_statement (issue 41, decision 086): a shop keeps an
 * accessibility statement (European Accessibility Act, Directive (EU) 2019/882 art. 13 and
 * Annex V) as a legal document of its own type. Shipped once released; never edit it then, add
 * a later migration instead.
 *
 * - `legal_documents.document_type`'s check admits `accessibility_statement` beside the refund
 *   and privacy policies. PostgreSQL drops and adds the column's check
 *   (`legal_documents_document_type_check`); SQLite cannot change a check, so the table is
 *   built anew with the same columns, rows, ids and unique key, and takes the old one's name.
 * - No statement is written for the shops that exist: the back office offers the model to each
 *   owner (server/content/page-editing.ts `getPolicy`), and until one is saved the storefront's
 *   `/accessibility` says there is none.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import { type AnyDb, withId } from './schema-helpers.ts';

/** The document types the check admits after this migration. */
const DOCUMENT_TYPES = ['refund_policy', 'privacy_policy', 'accessibility_statement'] as const;

const allowed = sql.join(DOCUMENT_TYPES.map((type) => sql.lit(type)));

/** The migration described above. */
export function accessibilityStatementMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`ALTER TABLE legal_documents
          DROP CONSTRAINT legal_documents_document_type_check`.execute(db);
        await sql`ALTER TABLE legal_documents ADD CONSTRAINT legal_documents_document_type_check
          CHECK (document_type IN (${allowed}))`.execute(db);
        return;
      }
      await withId(db.schema.createTable('legal_documents_next'), dialect)
        .addColumn('tenant_id', 'integer', (c) =>
          c.notNull().references('tenants.id').onDelete('cascade'),
        )
        .addColumn('document_type', 'varchar(30)', (c) =>
          c.notNull().check(sql`document_type in (${allowed})`),
        )
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('legal_documents_tenant_type_key', ['tenant_id', 'document_type'])
        .execute();
      await sql`INSERT INTO legal_documents_next
          (id, tenant_id, document_type, title, content, created_at, updated_at)
        SELECT id, tenant_id, document_type, title, content, created_at, updated_at
        FROM legal_documents`.execute(db);
      await db.schema.dropTable('legal_documents').execute();
      await db.schema.alterTable('legal_documents_next').renameTo('legal_documents').execute();
    },
  };
}
