/**
 * The push part of the configuration: the VAPID key pair the server signs the back office's
 * Web Push notifications with (RFC 8292), who it names as their sender, and the test-only
 * setting that lets a push subscription point at a plain-HTTP endpoint on this machine.
 */
import { dirname, join } from 'node:path';
import { jwtSecretPath } from './auth-config.ts';
import { isBase64UrlOf } from '../platform/push/vapid-keys.ts';
import { ConfigError, type Env, parseBoolean, value } from './env-values.ts';

/** Web Push: the VAPID keys and subject. */
export interface PushConfig {
  /**
   * The VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: the P-256 public key as 65 bytes
   * and the private key as 32 bytes, both base64url, as `npx web-push generate-vapid-keys`
   * prints them). Null: with SQLite, a pair generated on first start and kept in `vapid-keys`
   * beside the SQLite file (pushKeysPath); with DATABASE_URL, notifications are off, since
   * every process must sign with the same pair.
   */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /**
   * Who the push services may contact about this server's notifications (VAPID_SUBJECT: a
   * `mailto:` address or an `https:` URL). Null: STOREFRONT_URL when it is https, else the
   * address of MAIL_FROM, else `mailto:shop@localhost`.
   */
  vapidSubject: string | null;
  /**
   * Accept push subscriptions whose endpoint is plain HTTP on this machine (127.0.0.1, ::1,
   * localhost; PUSH_ALLOW_LOOPBACK_HTTP, default off): for tests, whose stand-in push service
   * cannot have a certificate. Refused with NODE_ENV=production.
   */
  pushAllowLoopbackHttp: boolean;
}

/**
 * Reads VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT and PUSH_ALLOW_LOOPBACK_HTTP.
 * @throws ConfigError when only one key is set, a key is malformed, the subject is neither a
 *   `mailto:` address nor an `https:` URL, or loopback HTTP is allowed in production.
 */
export function loadPushConfig(env: Env): PushConfig {
  const publicKey = value(env, 'VAPID_PUBLIC_KEY');
  const privateKey = value(env, 'VAPID_PRIVATE_KEY');
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError(
      'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (make a pair with `npx web-push generate-vapid-keys`).',
    );
  }
  if (publicKey !== undefined && !isBase64UrlOf(publicKey, 65)) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes as base64url.');
  }
  if (privateKey !== undefined && !isBase64UrlOf(privateKey, 32)) {
    throw new ConfigError('VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes as base64url.');
  }
  const subject = value(env, 'VAPID_SUBJECT') ?? null;
  if (subject !== null && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+.*)$/.test(subject)) {
    throw new ConfigError(
      'VAPID_SUBJECT must be a mailto: address or an https: URL (e.g. mailto:shop@example.com).',
    );
  }
  const pushAllowLoopbackHttp = parseBoolean(env, 'PUSH_ALLOW_LOOPBACK_HTTP', false);
  if (pushAllowLoopbackHttp && value(env, 'NODE_ENV') === 'production') {
    throw new ConfigError(
      'PUSH_ALLOW_LOOPBACK_HTTP is for tests: a production server sends notifications only to https push services.',
    );
  }
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    vapidSubject: subject,
    pushAllowLoopbackHttp,
  };
}

/**
 * Where the generated VAPID key pair lives when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are
 * unset (SQLite only): `vapid-keys` beside the SQLite file, as the JWT secret.
 */
export function pushKeysPath(config: { databaseUrl: string | null; sqlitePath: string }): string {
  return join(dirname(jwtSecretPath(config)), 'vapid-keys');
}
