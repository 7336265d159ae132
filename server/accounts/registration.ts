/**
 * Registering a customer (spec sections 5 and 8). Users belong to the shop: the same e-mail may
 * exist once per shop. The e-mail is stored trimmed and lowercased; a username the customer
 * does not choose is derived from the e-mail's local part, made unique in the shop.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/errors.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { AccountScope, SignInServices } from './context.ts';
import type { AccountErrorCode } from './errors.ts';
import {
  hashPassword,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
} from '../platform/credentials/passwords.ts';

/** Spec section 5 and 8 messages, and DRF's wording where the spec names none. */
export const REGISTRATION_MESSAGES = {
  ...PASSWORD_MESSAGES,
  emailTaken: 'A user with this e-mail already exists.',
  emailInvalid: 'Enter a valid email address.',
  usernameTaken: 'A user with that username already exists.',
  usernameInvalid:
    'Enter a valid username. This value may contain only letters, numbers, and ./+/-/_ characters.',
} as const;

const MAX_USERNAME_LENGTH = 150;

// Deliberately without '@', so a username can never be mistaken for an e-mail at login.
const USERNAME = /^[A-Za-z0-9._+-]+$/;
// The contract already checks the format (Ajv 'email'); this only guards the trimmed value.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Db = Kysely<Database>;

async function exists(
  db: Db,
  tenantId: number,
  column: 'email' | 'username',
  value: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(column, '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

/** The e-mail's local part reduced to username characters ("user" when nothing is left). */
export function usernameBase(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@'));
  return local.replace(/[^A-Za-z0-9._+-]/g, '').slice(0, MAX_USERNAME_LENGTH - 10) || 'user';
}

/** `base`, else `base2`, `base3`, ... : the first one nobody in the tenant uses. */
async function freeUsername(db: Db, tenantId: number, base: string): Promise<string> {
  for (let n = 1; n <= 50; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await exists(db, tenantId, 'username', candidate))) return candidate;
  }
  // A crowded base name: a random suffix avoids probing one by one.
  return `${base}${randomInt(100, 1_000_000_000)}`;
}

function codePoints(text: string): number {
  return [...text].length;
}

/**
 * Registers a customer of the shop after counting the attempt against the client address
 * (REGISTER_MAX_PER_ADDRESS an hour: it limits account spam and e-mail probing).
 * @returns the new User `{id, email, username}`.
 * @throws ThrottledError past the registrations of the client address;
 *   DomainError `invalid_registration` with every field's mistake at once (an invalid or taken
 *   e-mail, a password under 8 characters or not confirmed, an invalid or taken username);
 *   `email_taken` or `username_taken` when a concurrent registration took it first.
 */
export async function registerCustomer(
  scope: AccountScope,
  services: Pick<SignInServices, 'registrationThrottle' | 'passwordHashCost'>,
  form: Schemas['RegisterRequest'],
): Promise<Schemas['User']> {
  const { db, tenantId } = scope;
  await services.registrationThrottle.consume(tenantId, scope.clientAddress);
  const email = form.email.trim().toLowerCase();
  const { password, password_confirm: confirm } = form;
  const requested = form.username?.trim() ?? '';

  const errors: FieldErrors = {};
  if (!EMAIL.test(email)) errors.email = [REGISTRATION_MESSAGES.emailInvalid];
  if (codePoints(password) < MIN_PASSWORD_LENGTH) {
    errors.password = [REGISTRATION_MESSAGES.passwordTooShort];
  }
  if (password !== confirm) errors.password_confirm = [REGISTRATION_MESSAGES.passwordMismatch];
  if (requested && !USERNAME.test(requested)) {
    errors.username = [REGISTRATION_MESSAGES.usernameInvalid];
  }
  if (!errors.email && (await exists(db, tenantId, 'email', email))) {
    errors.email = [REGISTRATION_MESSAGES.emailTaken];
  }
  if (requested && !errors.username && (await exists(db, tenantId, 'username', requested))) {
    errors.username = [REGISTRATION_MESSAGES.usernameTaken];
  }
  if (Object.keys(errors).length > 0) {
    throw new DomainError<AccountErrorCode>('invalid_registration', 'Invalid registration.', {
      fields: errors,
    });
  }

  const passwordHash = await hashPassword(password, { log2Cost: services.passwordHashCost });
  // A concurrent registration can take the e-mail or a derived username between the checks and
  // the insert; the unique constraints catch it, and a derived name simply gets the next one.
  for (let attempt = 0; ; attempt++) {
    const username = requested || (await freeUsername(db, tenantId, usernameBase(email)));
    try {
      const { id } = await db
        .insertInto('users')
        .values({
          tenant_id: tenantId,
          email,
          username,
          password_hash: passwordHash,
          is_active: 1,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, email, username };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await exists(db, tenantId, 'email', email)) {
        throw new DomainError<AccountErrorCode>('email_taken', REGISTRATION_MESSAGES.emailTaken, {
          field: 'email',
        });
      }
      if (requested || attempt >= 3) {
        throw new DomainError<AccountErrorCode>(
          'username_taken',
          REGISTRATION_MESSAGES.usernameTaken,
          { field: 'username' },
        );
      }
    }
  }
}
