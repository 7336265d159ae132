/**
 * A stand-in for a browser and its push service, for the tests of the back office's push
 * notifications (server tests and tests/e2e): a browser's subscription with real P-256 keys, a
 * local HTTP endpoint that records what the server POSTs to it, and the decryption of a message
 * (RFC 8291, `aes128gcm`: what the browser does), so a test reads the notice the server sent.
 */
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: its key pair and authentication secret. */
export interface TestBrowser {
  ecdh: ECDH;
  auth: Buffer;
  /** The subscription's keys as the browser's `toJSON()` gives them (base64url). */
  keys: { p256dh: string; auth: string };
}

/** A new browser key pair and secret. */
export function testBrowser(): TestBrowser {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
  };
}

/**
 * Decrypts a Web Push message body (one `aes128gcm` record, RFC 8188/8291) for `browser`.
 * @returns the plaintext (the server's JSON notice).
 * @throws Error when it is not encrypted to this browser.
 */
export function decryptPush(body: Buffer, browser: TestBrowser): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** One POST the stand-in push service received. */
export interface PushReceived {
  /** The path after `/push/`: which subscription it was for. */
  device: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A local push service on 127.0.0.1 (a free port), recording every POST under `/push/`. */
export interface TestPushService {
  origin: string;
  received: PushReceived[];
  /** Devices it answers 410 Gone for (the browser unsubscribed). */
  gone: Set<string>;
  close(): Promise<void>;
}

/** Starts a {@link TestPushService}. */
export async function startTestPushService(): Promise<TestPushService> {
  const received: PushReceived[] = [];
  const gone = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = (request.url ?? '').replace(/^\/push\//, '');
      received.push({ device, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = gone.has(device) ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    gone,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
