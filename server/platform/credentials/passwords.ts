/**
 * Password hashing with scrypt from node:crypto (ASVS V2.4): a random 16-byte salt per
 * password, parameters stored beside the hash so they can be raised later without breaking
 * existing accounts, and a constant-time comparison.
 *
 * Stored form: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MIN_LENGTH } from '../../../common/password-limits.ts';

/** The shortest password accepted, in characters (code points). */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

/** What registration and the password forms say of a new password (spec sections 5 and 8). */
export const PASSWORD_MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordMismatch: 'Passwords do not match.',
} as const;

const KEY_LENGTH = 32;

/** Work factor as log2(N). 15 (N = 32768, r = 8: 32 MiB, ~60 ms) by default; tests may lower it. */
export interface PasswordHashOptions {
  log2Cost?: number;
}

function derive(
  password: string,
  salt: Buffer,
  options: { N: number; r: number; p: number },
): Promise<Buffer> {
  const scryptOptions: ScryptOptions = {
    ...options,
    maxmem: 256 * options.N * options.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, scryptOptions, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password for storage. */
export async function hashPassword(
  password: string,
  { log2Cost = 15 }: PasswordHashOptions = {},
): Promise<string> {
  const salt = randomBytes(16);
  const params = { N: 2 ** log2Cost, r: 8, p: 1 };
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    log2Cost,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when `password` matches the stored hash; false for a malformed hash. Never throws on bad input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !log2 || !r || !p || !saltText || !hashText) return false;
  const params = { N: 2 ** Number(log2), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throwaway hash, so a login for an unknown
 * account takes as long as one with a wrong password (no user enumeration by timing).
 */
export async function burnPasswordCheck(
  password: string,
  options: PasswordHashOptions = {},
): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password', options);
  await verifyPassword(password, await dummyHash);
}
