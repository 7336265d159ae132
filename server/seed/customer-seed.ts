/**
 * The demo shops' customer accounts (docs/operating.md, "Demo customer"), added on every start
 * to a shop that exists and lacks them, so a database seeded before accounts existed gets them
 * too.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../platform/credentials/passwords.ts';
import type { Database } from '../platform/db/database.ts';

/** A customer account the seed adds to a demo shop (docs/operating.md, "Demo customer"). */
export interface DemoCustomer {
  tenantToken: string;
  email: string;
  username: string;
  password: string;
}

/** One demo customer per demo shop; docs/operating.md prints these credentials. */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    tenantToken: 'demo-handcraft',
    email: 'customer@emberandoak.example',
    username: 'customer',
    password: 'demo-customer-2026',
  },
  {
    tenantToken: 'demo-pottery',
    email: 'customer@riversidepottery.example',
    username: 'customer',
    password: 'pottery-customer-2026',
  },
];

export interface DemoCustomerOptions {
  /** scrypt work factor (log2 N) of the password hashes. */
  passwordHashCost: number;
  /** The customers to ensure (default DEMO_CUSTOMERS). */
  customers?: readonly DemoCustomer[];
  now?: Date;
}

/**
 * Adds each demo customer whose shop exists and who is not there yet (by e-mail). Safe on
 * every start and against a second process doing the same (ON CONFLICT DO NOTHING); a
 * customer whose e-mail or username was taken by someone else is left out.
 * @returns the e-mails of the customers it inserted.
 */
export async function seedDemoCustomersIfMissing(
  db: Kysely<Database>,
  options: DemoCustomerOptions,
): Promise<string[]> {
  const inserted: string[] = [];
  for (const customer of options.customers ?? DEMO_CUSTOMERS) {
    const tenant = await db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', customer.tenantToken)
      .executeTakeFirst();
    if (!tenant) continue;
    const email = customer.email.toLowerCase();
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing) continue;
    const result = await db
      .insertInto('users')
      .values({
        tenant_id: tenant.id,
        email,
        username: customer.username,
        password_hash: await hashPassword(customer.password, {
          log2Cost: options.passwordHashCost,
        }),
        is_active: 1,
        created_at: (options.now ?? new Date()).toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) inserted.push(email);
  }
  return inserted;
}
