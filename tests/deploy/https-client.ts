/**
 * A client of the shop behind Caddy for the deployment test (issue 39): HTTPS to a name that
 * resolves to 127.0.0.1 here, verified against Caddy's own certificate authority (its root
 * certificate, read from Caddy's storage), never with verification turned off.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { connect } from 'node:tls';

/** One answer: status, headers (lower-case names) and the body as text and, when JSON, parsed. */
export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the API answers
  body: any;
}

/** Resolves every name to 127.0.0.1, as a hosts-file line would for the test's domain. */
const loopback: LookupFunction = (_host, options, callback) => {
  if ((options as { all?: boolean }).all) {
    (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ]);
  } else callback(null, '127.0.0.1', 4);
};

/**
 * A function making requests to `origin` (`https://shop.test:18443`) that trusts `ca` (PEM)
 * only. `body` is sent as JSON unless it is a Buffer (sent as is, with the caller's
 * content-type).
 */
export function httpsClient(origin: string, ca: string) {
  return function call(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ): Promise<HttpsAnswer> {
    const url = new URL(path, origin);
    const payload =
      body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const sent: Record<string, string> = { ...headers };
    if (payload !== undefined && !Buffer.isBuffer(body))
      sent['content-type'] ??= 'application/json';
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { method, headers: sent, ca, lookup: loopback, servername: url.hostname, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            if (String(res.headers['content-type'] ?? '').includes('json') && text) {
              parsed = JSON.parse(text);
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.end(payload);
    });
  };
}

/** The raw bytes of a GET (a photo), with its status. */
export function httpsBytes(origin: string, ca: string, path: string) {
  const url = new URL(path, origin);
  return new Promise<{ status: number; bytes: Buffer }>((resolve, reject) => {
    const req = request(
      url,
      { ca, lookup: loopback, servername: url.hostname, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * The base64 SHA-256 of the public key of the certificate `origin` serves, once it verified
 * against `ca`: what Chromium's `--ignore-certificate-errors-spki-list` takes, so the browser
 * trusts that key only (Chromium reads no CA file of ours).
 */
export function servedKeyPin(origin: string, ca: string): Promise<string> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: '127.0.0.1', port: Number(url.port), servername: url.hostname, ca },
      () => {
        const certificate = socket.getPeerX509Certificate();
        socket.end();
        if (!certificate) return reject(new Error(`${origin} served no certificate`));
        const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
        resolve(createHash('sha256').update(spki).digest('base64'));
      },
    );
    socket.on('error', reject);
  });
}
