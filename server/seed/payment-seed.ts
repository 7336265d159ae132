/**
 * The demo shops' payment settings (./payment-data.ts), added on every start to a shop that
 * exists and has none, each with a gateway secret of its own.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { PaymentSettingsTable } from '../payments/tables.ts';
import {
  type SeedMethodSettings,
  type SeedPaymentSettings,
  seedPaymentSettings,
} from './payment-data.ts';

/** Every method's column as `payment_settings` stores it: the switches as 0/1 (see Bool). */
function methodColumns(
  settings: SeedMethodSettings,
): Omit<Insertable<PaymentSettingsTable>, 'tenant_id' | 'gateway_secret'> {
  return Object.fromEntries(
    Object.entries(settings).map(([column, value]) => [
      column,
      typeof value === 'boolean' ? (value ? 1 : 0) : value,
    ]),
  ) as Omit<Insertable<PaymentSettingsTable>, 'tenant_id' | 'gateway_secret'>;
}

/**
 * Gives each demo shop that exists and has no payment settings yet the ones of
 * ./payment-data.ts, with a fresh gateway secret (32 random bytes, hex). Safe on every start
 * and against a second process doing the same (ON CONFLICT DO NOTHING on the tenant); settings
 * a shop already has are never overwritten.
 * @returns the tenant tokens whose settings it inserted.
 */
export async function seedPaymentSettingsIfMissing(
  db: Kysely<Database>,
  settings: readonly SeedPaymentSettings[] = seedPaymentSettings,
): Promise<string[]> {
  const inserted: string[] = [];
  for (const { tenantToken, ...options } of settings) {
    const tenant = await db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', tenantToken)
      .executeTakeFirst();
    if (!tenant) continue;
    const result = await db
      .insertInto('payment_settings')
      .values({
        ...methodColumns(options),
        tenant_id: tenant.id,
        gateway_secret: randomBytes(32).toString('hex'),
      })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) inserted.push(tenantToken);
  }
  return inserted;
}
