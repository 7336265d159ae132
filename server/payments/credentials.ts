/**
 * Each shop's payment-provider credentials, sealed at rest (decision 013): the
 * `payment_settings.credentials` column holds a compact JWE (`dir` + A256GCM, jose) of the
 * credentials' JSON under the server's PAYMENT_SECRETS_KEY, so a dump of the database alone
 * reveals no merchant secret. The key never enters the database; the credentials never leave
 * the server (no API answer, no log line, no error message carries them).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CompactEncrypt, compactDecrypt } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';

/** The JWE's protected header `cty`: tells a sealed credentials blob from anything else. */
const CONTENT_TYPE = 'payment-credentials+json';

/** Thrown when sealed credentials cannot be opened (another key, a damaged value). */
export class SealedCredentialsError extends Error {
  constructor(message = 'The payment credentials could not be opened with PAYMENT_SECRETS_KEY.') {
    super(message);
    this.name = 'SealedCredentialsError';
  }
}

/**
 * The key: PAYMENT_SECRETS_KEY from the configuration, else (SQLite only) a key generated on
 * first start into `keyPath` (mode 0600, beside the database file but never inside it).
 */
export function loadPaymentSecretsKey(configured: Uint8Array | null, keyPath: string): Uint8Array {
  if (configured) return configured;
  if (!existsSync(keyPath)) {
    mkdirSync(dirname(keyPath), { recursive: true });
    writeFileSync(keyPath, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    chmodSync(keyPath, 0o600);
  }
  const key = Buffer.from(readFileSync(keyPath, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${keyPath} does not hold a 32-byte base64 key.`);
  return new Uint8Array(key);
}

/** Seals `credentials` (any JSON object) under `key`; the result is safe to store. */
export async function sealCredentials(
  credentials: Record<string, unknown>,
  key: Uint8Array,
): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(credentials)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: CONTENT_TYPE })
    .encrypt(key);
}

/**
 * Opens sealed credentials.
 * @throws SealedCredentialsError when the value was sealed under another key, was altered, or
 *   is not sealed credentials at all.
 */
export async function openCredentials(
  sealed: string,
  key: Uint8Array,
): Promise<Record<string, unknown>> {
  let plaintext: Uint8Array;
  let contentType: unknown;
  try {
    const result = await compactDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    plaintext = result.plaintext;
    contentType = result.protectedHeader.cty;
  } catch {
    throw new SealedCredentialsError();
  }
  if (contentType !== CONTENT_TYPE) throw new SealedCredentialsError();
  const parsed: unknown = JSON.parse(new TextDecoder().decode(plaintext));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SealedCredentialsError('The payment credentials are not an object.');
  }
  return parsed as Record<string, unknown>;
}

/**
 * Seals the sandbox gateway's plaintext signing secrets that databases from before sealed
 * credentials still hold (`payment_settings.gateway_secret`), then empties that column.
 * Idempotent; safe with several processes (each row moves with one conditional UPDATE).
 * @returns the tenant ids whose secret was sealed by this call.
 */
export async function sealPlaintextGatewaySecrets(
  db: Kysely<Database>,
  key: Uint8Array,
): Promise<number[]> {
  const rows = await db
    .selectFrom('payment_settings')
    .select(['id', 'tenant_id', 'gateway_secret', 'provider'])
    .where('gateway_secret', '!=', '')
    .where('credentials', 'is', null)
    .execute();
  const sealed: number[] = [];
  for (const row of rows) {
    const credentials = await sealCredentials({ signingSecret: row.gateway_secret }, key);
    const result = await db
      .updateTable('payment_settings')
      .set({ credentials, gateway_secret: '' })
      .where('id', '=', row.id)
      .where('credentials', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 1n) sealed.push(row.tenant_id);
  }
  return sealed;
}
