/**
 * The server's VAPID key pair (RFC 8292), which signs every Web Push request so a push service
 * knows the notifications of a subscription come from the server the browser subscribed to, and
 * the base64url checks of Web Push keys. Made with node:crypto, so a process that sends no
 * notification never loads the `web-push` library (./web-push-sender.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A VAPID key pair as base64url: the P-256 public key (65 bytes) and private key (32 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** True when `text` is base64url (padding allowed) that decodes to exactly `bytes` bytes. */
export function isBase64UrlOf(text: string, bytes: number): boolean {
  return (
    text.length <= 4 * Math.ceil(bytes / 3) + 2 &&
    /^[A-Za-z0-9_-]+={0,2}$/.test(text) &&
    Buffer.from(text.replace(/=+$/, ''), 'base64url').length === bytes
  );
}

/** A new P-256 key pair in VAPID's encoding (the public key uncompressed: 0x04 ‖ x ‖ y). */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const bytes = (part: string | undefined) => Buffer.from(part ?? '', 'base64url');
  return {
    publicKey: Buffer.concat([Buffer.from([4]), bytes(jwk.x), bytes(jwk.y)]).toString('base64url'),
    privateKey: bytes(jwk.d).toString('base64url'),
  };
}

/**
 * The configured key pair, or the one generated on first start into `keyPath` (JSON
 * `{publicKey, privateKey}`, mode 0600, like the JWT secret's file).
 * @throws Error when the file exists but does not hold a pair.
 */
export function loadVapidKeys(configured: VapidKeys | null, keyPath: string): VapidKeys {
  if (configured) return configured;
  if (!existsSync(keyPath)) {
    mkdirSync(dirname(keyPath), { recursive: true });
    try {
      writeFileSync(keyPath, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: 'wx' });
      chmodSync(keyPath, 0o600);
    } catch (error) {
      // Another process on the same SQLite file made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const keys = JSON.parse(readFileSync(keyPath, 'utf8')) as Partial<VapidKeys>;
  if (
    typeof keys.publicKey !== 'string' ||
    typeof keys.privateKey !== 'string' ||
    !isBase64UrlOf(keys.publicKey, 65) ||
    !isBase64UrlOf(keys.privateKey, 32)
  ) {
    throw new Error(`${keyPath} does not hold a VAPID key pair.`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
