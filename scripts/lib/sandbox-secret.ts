/**
 * The sandbox gateway's signing secret of a demo shop, read as the API reads it: the shop's
 * sealed credentials from a SQLite file, opened with the key the API generated beside it
 * (`payment-secrets-key`). For tools that play the gateway (the contract test, the bench).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openCredentials } from '../../server/payments/credentials';

/** @throws Error when the shop has no sealed credentials or the key does not open them. */
export async function sandboxSecretOf(sqlitePath: string, token: string): Promise<string> {
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  let sealed: string | null | undefined;
  try {
    const row = db
      .prepare(
        'SELECT ps.credentials AS sealed FROM payment_settings ps JOIN tenants t ON t.id = ps.tenant_id WHERE t.token = ?',
      )
      .get(token) as { sealed: string | null } | undefined;
    sealed = row?.sealed;
  } finally {
    db.close();
  }
  if (!sealed) throw new Error(`the shop ${token} has no sealed credentials`);
  const key = readFileSync(path.join(path.dirname(sqlitePath), 'payment-secrets-key'), 'utf8');
  const credentials = await openCredentials(
    sealed,
    new Uint8Array(Buffer.from(key.trim(), 'base64')),
  );
  return String(credentials.signingSecret);
}
