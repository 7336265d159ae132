/**
 * Migration 2026_018_seller_and_vat: who the seller is and the VAT it charges, snapshotted on each order. Shipped once released; never edit it then, add a later
 * migration instead.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function sellerAndVatMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      void db;
    },
  };
}
