/**
 * A local fake of 2C2P's PGW v4.3 API for tests: a node:http server on 127.0.0.1 at a free
 * port that speaks the documented wire format (`POST /payment/4.3/{operation}` with
 * `{"payload": "<JWT HS256>"}`, signed answers, plain-JSON error codes) for one merchant.
 *
 * Its JWTs are made and checked with node:crypto's HMAC rather than the adapter's jose, so a
 * test proves the adapter speaks the format, not that a library agrees with itself.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake misbehaves: 503, never answer, sign with another key, alg none, hang up. */
export type Fake2c2pFailure = 'unavailable' | 'hang' | 'forged' | 'unsigned' | 'drop';

/** One request the fake received; `payload` is the JWT's decoded (unverified) claims. */
export interface Fake2c2pRequest {
  operation: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: Record<string, unknown> | null;
}

export interface Fake2c2pNotificationOptions {
  /** Fields merged over the notification's (undefined removes one). */
  fields?: Record<string, unknown>;
  /** Sign with this key instead of the merchant's. */
  secretKey?: string;
  /** The header's alg: 'none' leaves the signature empty; 'RS256' keeps an HMAC signature. */
  alg?: 'HS256' | 'none' | 'RS256';
  /** Rewrites the payload's JSON text before signing (for numbers JSON.stringify cannot write). */
  payloadText?: (json: string) => string;
}

export interface Fake2c2p {
  /** `http://127.0.0.1:{port}`, the adapter's API base. */
  apiBase: string;
  requests: Fake2c2pRequest[];
  /** Decides an invoice's outcome: its next inquiries and notifications report it. */
  settle(
    invoiceNo: string,
    result: { respCode: string; respDesc?: string; tranRef?: string; transactionDateTime?: string },
  ): void;
  /** The exact body 2C2P would POST to the invoice's backendReturnUrl now. */
  notificationFor(invoiceNo: string, options?: Fake2c2pNotificationOptions): string;
  /** Makes every following API call misbehave; null restores it. */
  failWith(failure: Fake2c2pFailure | null): void;
  close(): Promise<void>;
}

const DESCRIPTIONS: Record<string, string> = {
  '0000': 'Success',
  '0001': 'Transaction is pending',
  '0003': 'Transaction is cancelled',
  '2001': 'Transaction in progress',
  '2002': 'Transaction not found',
  '4005': 'Do not honour',
  '4051': 'Insufficient funds',
};

const ERRORS = {
  '9004': 'The value is not valid',
  '9005': 'Some mandatory fields are missing',
  '9007': 'Invalid merchant',
  '9009': 'Amount is invalid',
  '9010': 'Invalid Currency Code',
  '9015': 'Existing Invoice Number',
  '9042': 'Hash value mismatch',
} as const;

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hmac = (key: string, data: string) => createHmac('sha256', key).update(data).digest();

/** A compact JWT of `payloadText` with the given header alg, HMAC-SHA256-signed under `key`. */
export function signFake2c2pJwt(payloadText: string, key: string, alg = 'HS256'): string {
  const signingInput = `${b64url(JSON.stringify({ alg, typ: 'JWT' }))}.${b64url(payloadText)}`;
  return `${signingInput}.${alg === 'none' ? '' : hmac(key, signingInput).toString('base64url')}`;
}

/** 2C2P's check: three parts, alg HS256, the signature the merchant's key makes. */
function verifies(token: string, key: string): boolean {
  const [header, payload, signature, ...rest] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined || rest.length) {
    return false;
  }
  if (decode(header)?.alg !== 'HS256') return false;
  const expected = hmac(key, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function decode(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** "yyyyMMddHHmmss" in UTC. */
export function fake2c2pTime(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Starts the fake for one merchant; resolves once it listens. */
export async function startFake2c2p(merchant: {
  merchantId: string;
  secretKey: string;
  /** The currencies the merchant takes (9010 for another); every one when not given. */
  currencies?: readonly string[];
}): Promise<Fake2c2p> {
  const requests: Fake2c2pRequest[] = [];
  const invoices = new Map<
    string,
    { request: Record<string, unknown>; result: Record<string, unknown> | null }
  >();
  let failure: Fake2c2pFailure | null = null;
  let apiBase = '';

  function paymentToken(claims: Record<string, unknown>) {
    const required = ['invoiceNo', 'description', 'amount', 'currencyCode'];
    required.push('frontendReturnUrl', 'backendReturnUrl');
    if (required.some((field) => claims[field] === undefined || claims[field] === '')) {
      return '9005';
    }
    const { invoiceNo, amount, currencyCode } = claims;
    if (typeof invoiceNo !== 'string' || !/^[A-Za-z0-9]{1,50}$/.test(invoiceNo)) return '9004';
    if (typeof amount !== 'number' || !(amount > 0) || !/^\d+(\.\d{1,2})?$/.test(String(amount))) {
      return '9009';
    }
    if (typeof currencyCode !== 'string' || !/^[A-Z]{3}$/.test(currencyCode)) return '9010';
    if (merchant.currencies && !merchant.currencies.includes(currencyCode)) return '9010';
    if (invoices.has(invoiceNo)) return '9015';
    invoices.set(invoiceNo, { request: claims, result: null });
    const paymentToken = randomBytes(24).toString('base64url');
    return {
      webPaymentUrl: `${apiBase}/payment/4.3/pay/${paymentToken}`,
      paymentToken,
      respCode: '0000',
      respDesc: 'Success',
    };
  }

  function paymentInquiry(claims: Record<string, unknown>) {
    const invoiceNo = String(claims.invoiceNo ?? '');
    const result = invoices.get(invoiceNo)?.result;
    return (
      result ?? {
        merchantID: merchant.merchantId,
        invoiceNo,
        respCode: '2002',
        respDesc: DESCRIPTIONS['2002'],
      }
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const operation = /^\/payment\/4\.3\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '';
      const record: Fake2c2pRequest = { operation, headers: req.headers, body, payload: null };
      requests.push(record);
      if (failure === 'hang') return; // answered never; close() ends the socket
      if (failure === 'drop') return void req.socket.destroy();
      if (failure === 'unavailable') {
        return void res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503</h1>');
      }
      const send = (answer: Record<string, unknown> | keyof typeof ERRORS) => {
        let json: Record<string, unknown>;
        if (typeof answer === 'string') {
          json = { respCode: answer, respDesc: ERRORS[answer] };
        } else {
          const key = failure === 'forged' ? `not-${merchant.secretKey}` : merchant.secretKey;
          const alg = failure === 'unsigned' ? 'none' : 'HS256';
          json = { payload: signFake2c2pJwt(JSON.stringify(answer), key, alg) };
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || !['paymentToken', 'paymentInquiry'].includes(operation)) {
        return void res.writeHead(404).end();
      }
      let token: unknown;
      try {
        token = (JSON.parse(body) as { payload?: unknown }).payload;
      } catch {
        return send('9004');
      }
      if (typeof token !== 'string') return send('9005');
      record.payload = decode(token.split('.')[1] ?? '');
      if (!record.payload) return send('9004');
      if (record.payload.merchantID !== merchant.merchantId) return send('9007');
      if (!verifies(token, merchant.secretKey)) return send('9042');
      send((operation === 'paymentToken' ? paymentToken : paymentInquiry)(record.payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function invoice(invoiceNo: string) {
    const found = invoices.get(invoiceNo);
    if (!found) throw new Error(`The fake has no invoice ${invoiceNo}.`);
    return found;
  }

  return {
    apiBase,
    requests,
    settle(invoiceNo, result) {
      const { request } = invoice(invoiceNo);
      const paid = result.respCode === '0000';
      invoice(invoiceNo).result = {
        merchantID: merchant.merchantId,
        invoiceNo,
        cardNo: '411111XXXXXX1111',
        amount: request.amount,
        currencyCode: request.currencyCode,
        tranRef: result.tranRef ?? String(3_000_000 + requests.length),
        referenceNo: String(1_000_000 + requests.length),
        approvalCode: paid ? '123456' : '',
        eci: '05',
        transactionDateTime: result.transactionDateTime ?? fake2c2pTime(new Date()),
        agentCode: 'KBANK',
        channelCode: 'VI',
        issuerCountry: 'US',
        respCode: result.respCode,
        respDesc: result.respDesc ?? DESCRIPTIONS[result.respCode] ?? 'Transaction failed',
        userDefined1: request.userDefined1 ?? '',
      };
    },
    notificationFor(invoiceNo, options = {}) {
      const { result } = invoice(invoiceNo);
      if (!result) throw new Error(`Settle ${invoiceNo} before notifying it.`);
      const text = JSON.stringify({ ...result, ...options.fields });
      const payloadText = options.payloadText ? options.payloadText(text) : text;
      const key = options.secretKey ?? merchant.secretKey;
      return JSON.stringify({ payload: signFake2c2pJwt(payloadText, key, options.alg) });
    },
    failWith(next) {
      failure = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
