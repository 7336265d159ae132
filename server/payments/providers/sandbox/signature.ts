/**
 * Signatures of the card gateway's notifications (contract: receiveGatewayNotification;
 * docs/decisions/023-card-payments-by-signed-notifications-and-sandbox-gateway.md).
 *
 * Header `X-Gateway-Signature: t={unix seconds},v1={hex}` where `v1` is
 * HMAC-SHA256(key = the shop's gateway secret as UTF-8 text, message = `{t}.{raw body}`),
 * 64 lowercase hex characters. Several `v1` entries may be sent (a gateway rotating its
 * secret); one that verifies is enough. The timestamp binds the signature to a moment, so an
 * old notification cannot be replayed after the tolerance.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far the signed timestamp may be from the server's clock, either way (seconds). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 of `{timestamp}.{body}` under `secret`, as hex. */
export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The whole header value a gateway sends for `body` at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`;
}

interface ParsedHeader {
  timestamp: number;
  signatures: Buffer[];
}

/** Splits the header; null when it is malformed (no timestamp, no v1, a bad entry). */
export function parseSignatureHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return null;
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (v0, a future v2) are ignored, as Stripe's verifier does.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/** Why a notification's signature was refused, or 'valid'. */
export type SignatureCheck = 'valid' | 'invalid' | 'stale';

/**
 * Verifies the header against the raw body: 'invalid' when it is malformed or no `v1`
 * matches (compared in constant time), 'stale' when it matches but its timestamp is more than
 * SIGNATURE_TOLERANCE_SECONDS from `nowSeconds`, else 'valid'.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return 'invalid';
  const expected = Buffer.from(computeSignature(secret, parsed.timestamp, body), 'hex');
  const matches = parsed.signatures.some(
    (candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected),
  );
  if (!matches) return 'invalid';
  if (Math.abs(nowSeconds - parsed.timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  return 'valid';
}
