/**
 * Fixtures of the back office's tests: staff members made straight in the database (with an
 * open session, so their tokens pass the staff check; with two-step verification on and that
 * session signed in with a code, when asked), their access tokens and request
 * headers, the staff services on a bare database, and a migrated database with two shops for
 * the staff rules' own tests.
 *
 *   const t = useTestApp(); const owner = await createStaff(t.app.db, { tenantId: await
 *   tenantIdOf(t.app.db, 'demo-handcraft'), role: 'owner' }); const headers =
 *   asStaff('demo-handcraft', await staffTokenFor(t.app, owner));
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { generateSecret } from 'otplib';
import type { Database } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import type { StaffRole } from '../staff/tables.ts';
import type { StaffActor } from '../staff/actor.ts';
import type { OrderActing } from '../orders/staff-actions.ts';
import { orderActingOf } from '../http/admin/permissions.ts';
import {
  createStaffServices,
  type StaffServices,
  type StaffServicesOptions,
} from '../staff/context.ts';
import { createStaffMember } from '../staff/members.ts';
import { hashStaffRefresh } from '../staff/sessions.ts';
import type { StaffTokenService } from '../staff/staff-tokens.ts';
import { createTestDatabase, type TestDatabase } from './test-app.ts';
import '../http/admin/staff-services.ts';

/** The password of every member {@link createStaff} makes unless told otherwise. */
export const STAFF_PASSWORD = 'staff-password-42';

/** The scrypt cost of the staff tests' hashes (fast; production uses 15). */
export const TEST_PASSWORD_HASH_COST = 10;

let made = 0;

/** What {@link createStaff} takes; everything but the shop has a default. */
export interface NewTestStaff {
  tenantId: number;
  /** Default `staff`. */
  role?: StaffRole;
  /** Default a fresh `staffN-<time>@example.com`. */
  email?: string;
  /** Default {@link STAFF_PASSWORD}. */
  password?: string;
  /** Default "Owner N" or "Staff N". */
  name?: string;
  /**
   * Two-step verification on (a fresh authenticator secret), and the open session made as if
   * signed in with a code (default false: a password alone).
   */
  twoStep?: boolean;
}

/**
 * A member {@link createStaff} made: their session as the door reads it (StaffActor), what the
 * door hands a domain operation for them (their Acting, with its journal, and what it grants
 * their role at the back office), their password, and their authenticator secret when made
 * with `twoStep`.
 */
export type TestStaff = StaffActor & OrderActing & { password: string; totpSecret?: string };

/**
 * Creates a staff member of the shop through the real rule (server/staff/members.ts), and an
 * open session of theirs (12 hours), so {@link staffTokenFor} gives a token the staff check
 * accepts.
 * @returns the actor (with the session's uuid as `sessionId`) and the password.
 */
export async function createStaff(db: Kysely<Database>, options: NewTestStaff): Promise<TestStaff> {
  const n = ++made;
  const role = options.role ?? 'staff';
  const password = options.password ?? STAFF_PASSWORD;
  const row = await createStaffMember(
    db,
    {
      tenantId: options.tenantId,
      email: options.email ?? `staff${n}-${Date.now()}@example.com`,
      name: options.name ?? `${role === 'owner' ? 'Owner' : 'Staff'} ${n}`,
      role,
      password,
    },
    { passwordHashCost: TEST_PASSWORD_HASH_COST },
  );
  const sessionId = await openTestSession(db, options.tenantId, row.id);
  let totpSecret: string | undefined;
  if (options.twoStep) {
    totpSecret = generateSecret();
    const now = new Date().toISOString();
    await db
      .updateTable('staff')
      .set({ totp_secret: totpSecret, totp_enabled_at: now })
      .where('id', '=', row.id)
      .execute();
    await db
      .updateTable('staff_sessions')
      .set({ two_step_at: now })
      .where('uuid', '=', sessionId)
      .execute();
  }
  const actor: StaffActor = {
    id: row.id,
    tenantId: row.tenant_id,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId,
  };
  return {
    ...actor,
    ...orderActingOf(actor),
    password,
    ...(totpSecret ? { totpSecret } : {}),
  };
}

/** Opens another session of a member straight in the database; answers its uuid. */
export async function openTestSession(
  db: Kysely<Database>,
  tenantId: number,
  staffId: number,
  ttlSeconds = 12 * 60 * 60,
): Promise<string> {
  const uuid = randomUUID();
  const now = new Date();
  await db
    .insertInto('staff_sessions')
    .values({
      uuid,
      tenant_id: tenantId,
      staff_id: staffId,
      refresh_hash: hashStaffRefresh(randomBytes(32).toString('base64url')),
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      revoked_at: null,
      user_agent: 'test',
      ip: '127.0.0.1',
    })
    .execute();
  return uuid;
}

/**
 * A staff access token of `actor`'s session, signed by the app's staff services (or by the
 * services or token service given).
 */
export function staffTokenFor(
  source: FastifyInstance | Pick<StaffServices, 'tokens'> | StaffTokenService,
  actor: Pick<StaffActor, 'id' | 'tenantId' | 'sessionId'>,
): Promise<string> {
  const tokens: StaffTokenService =
    'staff' in source
      ? (source as FastifyInstance).staff.tokens
      : 'tokens' in source
        ? source.tokens
        : (source as StaffTokenService);
  return tokens.issue(actor.id, actor.tenantId, actor.sessionId);
}

/** Headers of a back-office request as `tenantToken`'s shop with a staff access token. */
export function asStaff(tenantToken: string, access: string): Record<string, string> {
  return { 'x-tenant-token': tenantToken, authorization: `Bearer ${access}` };
}

/** The id of the shop with this tenant token (throws when none has it). */
export async function tenantIdOf(db: Kysely<Database>, token: string): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A random 48-byte JWT secret. */
export function testJwtSecret(): Uint8Array {
  return new TextEncoder().encode(randomBytes(48).toString('base64url'));
}

/**
 * Staff services on `db` for a rule's own test: a random secret unless given, fast hashes,
 * roomy throttles unless told otherwise.
 */
export function testStaffServices(
  db: Kysely<Database>,
  options: Partial<StaffServicesOptions> = {},
): StaffServices {
  return createStaffServices(db, {
    secret: options.secret ?? testJwtSecret(),
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    loginMaxAttemptsPerAddress: 10_000,
    invitationsPerHour: 10_000,
    acceptsPerAddressPerHour: 10_000,
    ...options,
  });
}

/** A migrated, empty database with two shops, for the staff rules' tests. */
export interface StaffTestDatabase {
  db: Kysely<Database>;
  database: TestDatabase;
  /** Shop A: token `shop-a`, name "Shop A". */
  shopA: number;
  /** Shop B: token `shop-b`, name "Shop B". */
  shopB: number;
}

/** Opens a migrated database with shops A and B; `drop()` it when done. */
export async function createStaffTestDatabase(): Promise<StaffTestDatabase> {
  const database = await createTestDatabase();
  await migrateToLatest(database.handle);
  const { db } = database.handle;
  const shop = async (token: string, name: string) =>
    (
      await db
        .insertInto('tenants')
        .values({ token, name, media_slug: token, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    db,
    database,
    shopA: await shop('shop-a', 'Shop A'),
    shopB: await shop('shop-b', 'Shop B'),
  };
}

/**
 * One {@link createStaffTestDatabase} for the calling file or `describe` block (beforeAll /
 * afterAll); read its fields inside tests and hooks only.
 */
export function useStaffTestDatabase(): StaffTestDatabase {
  let current: StaffTestDatabase | undefined;
  beforeAll(async () => {
    current = await createStaffTestDatabase();
  });
  afterAll(async () => {
    await current?.database.drop();
  });
  const built = (): StaffTestDatabase => {
    if (!current) throw new Error('useStaffTestDatabase: read it in a test or hook');
    return current;
  };
  return {
    get db() {
      return built().db;
    },
    get database() {
      return built().database;
    },
    get shopA() {
      return built().shopA;
    },
    get shopB() {
      return built().shopB;
    },
  };
}
