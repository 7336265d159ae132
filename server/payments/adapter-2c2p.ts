/**
 * 2C2P's PGW v4.3 card payments behind the PaymentProvider interface (decision 013).
 *
 * Wire format: every call is `POST {apiBase}/payment/4.3/{operation}` with the JSON body
 * `{"payload": "<JWT>"}`, the JWT signed HS256 with the merchant's secret key; the merchant is
 * named by `merchantID` inside the signed payload (there is no Authorization header). 2C2P
 * answers a signed `{"payload": "<JWT>"}` on success and plain JSON
 * `{"respCode": "9015", "respDesc": "..."}` on an error. Backend notifications come to our
 * `backendReturnUrl` as the same signed `{"payload": "<JWT>"}`.
 *
 * Every signed thing is verified with the shop's secret key, HS256 only: an answer that does
 * not verify is never trusted (ProviderUnavailable), a notification that does not verify is
 * refused (NotificationRefused). The secret key lives in this module's closure only: it is
 * never logged, returned, or put into an error or its cause.
 */
import { createHash } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import {
  NotificationRefused,
  type PaymentProvider,
  type ProviderPaymentReport,
  type ProviderPaymentState,
  ProviderRefused,
  ProviderUnavailable,
  type RawNotification,
  type StartPaymentInput,
  type StartedPayment,
} from './provider.ts';

/** 2C2P's sandbox API base, the documented default of `TwoC2pConfig.sandboxApiBase`. */
export const TWO_C2P_SANDBOX_API_BASE = 'https://sandbox-pgw.2c2p.com';
/** 2C2P's production API base, the documented default of `TwoC2pConfig.productionApiBase`. */
export const TWO_C2P_PRODUCTION_API_BASE = 'https://pgw.2c2p.com';
/** How long one API call may take, answer included, before it counts as unavailable (ms). */
export const TWO_C2P_DEFAULT_TIMEOUT_MS = 8_000;
/** How old a notification's transactionDateTime may be before it is refused as stale (s). */
export const TWO_C2P_DEFAULT_NOTIFICATION_MAX_AGE_SECONDS = 24 * 60 * 60;
/** How far ahead of our clock a notification's transactionDateTime may be (s): clock skew. */
const NOTIFICATION_FUTURE_TOLERANCE_SECONDS = 5 * 60;

/**
 * The largest amount sent or read (minor units): 15 decimal digits. A decimal of at most 15
 * significant digits survives the trip through a double and back unchanged, which is what
 * makes the JSON number 2C2P reads exactly our cents (and its number exactly its cents).
 */
const MAX_AMOUNT_MINOR = 999_999_999_999_999;

const UNREACHABLE = 'The card payment provider could not be reached. Please try again in a moment.';
const UNUSABLE =
  'The card payment provider sent an answer that could not be verified. Please try again in a moment.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One shop's 2C2P account, as stored in its payment settings. */
export interface TwoC2pCredentials {
  /** 2C2P's merchant ID (letters and digits, e.g. "JT01"). */
  merchantId: string;
  /** The merchant's secret key, which signs every JWT both ways. Never shown or logged. */
  secretKey: string;
  /** Which of 2C2P's APIs the account lives on. */
  environment: 'sandbox' | 'production';
}

/** The server's 2C2P configuration, the same for every shop. */
export interface TwoC2pConfig {
  /** Default TWO_C2P_SANDBOX_API_BASE. https, or http on a loopback host (a local fake). */
  sandboxApiBase: string;
  /** Default TWO_C2P_PRODUCTION_API_BASE. Same rule. */
  productionApiBase: string;
  /** Per API call, answer included (ms); default TWO_C2P_DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default TWO_C2P_DEFAULT_NOTIFICATION_MAX_AGE_SECONDS (24 hours). */
  notificationMaxAgeSeconds?: number;
}

/**
 * Checks a shop's 2C2P credentials as the configuration script reads them (e.g. parsed JSON).
 * Returns a new object with exactly the three fields; other fields are refused, so a
 * misspelt one is not silently dropped.
 * @throws Error naming the bad field; the message never contains the secret key's value.
 */
export function parseTwoC2pCredentials(value: unknown): TwoC2pCredentials {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(
      '2C2P credentials must be an object with merchantId, secretKey and environment.',
    );
  }
  const record = value as Record<string, unknown>;
  for (const field of Object.keys(record)) {
    if (field !== 'merchantId' && field !== 'secretKey' && field !== 'environment') {
      // A field name is echoed only when it looks like one: a pasted secret could be a key.
      const named = /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(field) ? `"${field}"` : 'a field';
      throw new Error(`2C2P credentials have an unexpected field: ${named}.`);
    }
  }
  const { merchantId, secretKey, environment } = record;
  if (typeof merchantId !== 'string' || !/^[A-Za-z0-9]{1,50}$/.test(merchantId)) {
    throw new Error('2C2P credentials: merchantId must be 1 to 50 letters or digits.');
  }
  if (typeof secretKey !== 'string' || !/^[\x21-\x7e]{32,512}$/.test(secretKey)) {
    throw new Error(
      '2C2P credentials: secretKey must be 32 to 512 printable characters without spaces.',
    );
  }
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error('2C2P credentials: environment must be "sandbox" or "production".');
  }
  return { merchantId, secretKey, environment };
}

/**
 * The 2C2P adapter bound to one shop's credentials.
 *
 * - startPayment: `paymentToken`; answers `{redirectUrl: webPaymentUrl, providerRef: invoiceNo}`,
 *   where invoiceNo is the order number's letters and digits, "A" and the attempt
 *   ("ORD-ABCD-EFGH", attempt 2 -> "ORDABCDEFGHA2"), unique per attempt as 2C2P requires.
 * - parseNotification: verifies a backend notification (see parseNotification below).
 * - fetchPayment: `paymentInquiry` for the attempt's invoice; eventId null.
 * - cancelPayment resolves false: 2C2P has no call that closes a payment token.
 * - refundPayment resolves null: refunds go through 2C2P's separate maintenance API, which
 *   this adapter does not implement; the shop refunds by hand in 2C2P's portal and is told so
 *   by e-mail.
 *
 * Besides the interface's errors, startPayment throws RangeError, before calling 2C2P, for
 * input no invoice can carry: amountMinor not an integer from 1 to 15 digits, attempt below 1,
 * currency not three upper-case letters, an invoice number over 50 characters.
 * input.customerEmail is not sent: the paymentToken request as used here has no field for it.
 *
 * @throws Error at once when an API base is not https (http is allowed on loopback hosts
 *   only, for a local fake) or a number option is not positive.
 */
export function createTwoC2pProvider(
  credentials: TwoC2pCredentials,
  config: TwoC2pConfig,
): PaymentProvider {
  const { merchantId } = credentials;
  const key = new TextEncoder().encode(credentials.secretKey);
  const apiBase = checkApiBase(
    credentials.environment === 'production' ? config.productionApiBase : config.sandboxApiBase,
  );
  const timeoutMs = positive(config.timeoutMs ?? TWO_C2P_DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const maxAgeSeconds = positive(
    config.notificationMaxAgeSeconds ?? TWO_C2P_DEFAULT_NOTIFICATION_MAX_AGE_SECONDS,
    'notificationMaxAgeSeconds',
  );
  // The page 2C2P sends shoppers to must be https, or the fake's own scheme on loopback.
  const pageProtocols = new Set(['https:', new URL(apiBase).protocol]);

  async function verify(token: string): Promise<{ claims: Record<string, unknown>; text: string }> {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    // jose has checked the token's shape, so its middle part is base64url of the signed JSON.
    const text = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
    return { claims: payload as Record<string, unknown>, text };
  }

  /** One signed API call; resolves to the verified answer's payload. */
  async function call(
    operation: 'paymentToken' | 'paymentInquiry',
    payload: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const jwt = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${apiBase}/payment/4.3/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ payload: jwt }),
        // A redirect would carry the signed request somewhere 2C2P did not name.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new ProviderUnavailable(UNREACHABLE, { cause: error });
    }
    if (status >= 500 || status === 408 || status === 429) {
      throw new ProviderUnavailable(UNREACHABLE, {
        cause: new Error(`2C2P ${operation} answered HTTP ${status}`),
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const fields = isRecord(body) ? body : {};
    if (typeof fields.payload === 'string') {
      try {
        return (await verify(fields.payload)).claims;
      } catch (error) {
        throw new ProviderUnavailable(UNUSABLE, { cause: error });
      }
    }
    // Plain JSON is 2C2P's error answer. It is trusted to say "no", never to say "yes".
    if (typeof fields.respCode === 'string' && fields.respCode !== '0000') {
      throw refused(fields.respCode, fields.respDesc);
    }
    if (status >= 400) throw refused(null, `HTTP ${status}`);
    throw new ProviderUnavailable(UNUSABLE, {
      cause: new Error(`2C2P ${operation} answered HTTP ${status} without a signed payload`),
    });
  }

  async function startPayment(input: StartPaymentInput): Promise<StartedPayment> {
    const invoiceNo = invoiceNumber(input.orderNumber, input.attempt);
    if (!/^[A-Z]{3}$/.test(input.currency)) {
      throw new RangeError('currency must be an upper-case ISO 4217 code.');
    }
    const answer = await call('paymentToken', {
      merchantID: merchantId,
      invoiceNo,
      description: input.description,
      amount: toMajorAmount(input.amountMinor),
      currencyCode: input.currency,
      paymentChannel: ['CC'],
      frontendReturnUrl: input.returnUrl,
      backendReturnUrl: input.notifyUrl,
      userDefined1: input.paymentId,
    });
    if (typeof answer.respCode === 'string' && answer.respCode !== '0000') {
      throw refused(answer.respCode, answer.respDesc);
    }
    const url = typeof answer.webPaymentUrl === 'string' ? safeUrl(answer.webPaymentUrl) : null;
    if (answer.respCode !== '0000' || !url || !pageProtocols.has(url.protocol)) {
      throw new ProviderUnavailable(UNUSABLE, {
        cause: new Error('2C2P paymentToken answer has no usable webPaymentUrl'),
      });
    }
    return { redirectUrl: url.href, providerRef: invoiceNo };
  }

  /**
   * Verifies a backend notification and reads it into a report.
   *
   * eventId is the SHA-256 hex of the verified JWT's payload text (the exact JSON 2C2P
   * signed): a replay of the same notification carries the same payload, any other
   * notification differs in at least one field, merchantID included.
   *
   * Refusals, in the order checked: 'malformed' (the body is not `{"payload": "<JWT>"}`, or
   * the JWT is not well formed), 'forged' (the signature does not verify with the shop's
   * secret key, or the alg is not HS256), 'mismatched' (another merchantID), 'stale'
   * (transactionDateTime, read as UTC "yyyyMMddHHmmss", missing, unparseable, older than
   * notificationMaxAgeSeconds or more than 5 minutes ahead), 'malformed' (a field of the
   * wrong shape, an amount that is not a finite number with at most 2 decimals, a successful
   * payment without amount or currency).
   */
  async function parseNotification({ rawBody }: RawNotification): Promise<ProviderPaymentReport> {
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new NotificationRefused('malformed', 'The notification is not JSON.');
    }
    if (!isRecord(body) || typeof body.payload !== 'string') {
      throw new NotificationRefused('malformed', 'The notification has no signed payload.');
    }
    let verified: { claims: Record<string, unknown>; text: string };
    try {
      verified = await verify(body.payload);
    } catch (error) {
      throw notificationError(error);
    }
    const { claims } = verified;
    if (typeof claims.merchantID !== 'string' || claims.merchantID === '') {
      throw new NotificationRefused('malformed', 'The notification names no merchant.');
    }
    if (claims.merchantID !== merchantId) {
      throw new NotificationRefused('mismatched', 'The notification is for another merchant.');
    }
    const time = parseTransactionTime(claims.transactionDateTime);
    const nowMs = Date.now();
    if (
      time === null ||
      time < nowMs - maxAgeSeconds * 1000 ||
      time > nowMs + NOTIFICATION_FUTURE_TOLERANCE_SECONDS * 1000
    ) {
      throw new NotificationRefused(
        'stale',
        'The notification has no transaction time, or one too old or in the future.',
      );
    }
    let report: Omit<ProviderPaymentReport, 'eventId'>;
    try {
      report = readReport(claims, null);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new NotificationRefused('malformed', `The notification's ${error.message}`);
    }
    const eventId = createHash('sha256').update(verified.text, 'utf8').digest('hex');
    return { eventId, ...report };
  }

  async function fetchPayment(ref: {
    providerRef: string;
    paymentId: string;
  }): Promise<ProviderPaymentReport> {
    const answer = await call('paymentInquiry', {
      merchantID: merchantId,
      invoiceNo: ref.providerRef,
      locale: 'en',
    });
    // 9xxx are API errors ("Invalid merchant", ...), not the state of a transaction.
    if (typeof answer.respCode === 'string' && /^9\d{3}$/.test(answer.respCode)) {
      throw refused(answer.respCode, answer.respDesc);
    }
    try {
      if (answer.merchantID !== undefined && answer.merchantID !== merchantId) {
        throw new ShapeError('merchantID is another merchant');
      }
      const report = readReport(answer, ref.providerRef);
      if (report.paymentId !== null && report.paymentId !== ref.paymentId.toLowerCase()) {
        throw new ShapeError('userDefined1 is another payment');
      }
      return { eventId: null, ...report };
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new ProviderUnavailable(UNUSABLE, {
        cause: new Error(`2C2P paymentInquiry answer: ${error.message}`),
      });
    }
  }

  return {
    name: '2c2p',
    startPayment,
    parseNotification,
    fetchPayment,
    cancelPayment: async () => false,
    refundPayment: async () => null,
  };
}

/** A field of a verified payload that is not 2C2P's shape; its message names the field. */
class ShapeError extends Error {}

/**
 * A notification's or inquiry's fields as a report (without eventId). `expectedInvoice` is
 * the invoice asked about, which an inquiry answer may omit but must not contradict.
 */
function readReport(
  fields: Record<string, unknown>,
  expectedInvoice: string | null,
): Omit<ProviderPaymentReport, 'eventId'> {
  const invoiceNo = fields.invoiceNo ?? expectedInvoice;
  if (typeof invoiceNo !== 'string' || !/^[A-Za-z0-9]{1,50}$/.test(invoiceNo)) {
    throw new ShapeError("invoiceNo is missing or not 2C2P's shape.");
  }
  if (expectedInvoice !== null && invoiceNo !== expectedInvoice) {
    throw new ShapeError('invoiceNo is another invoice.');
  }
  const { respCode } = fields;
  if (typeof respCode !== 'string' || !/^\d{4}$/.test(respCode)) {
    throw new ShapeError('respCode is missing or not four digits.');
  }
  const amountMinor = optional(fields.amount, () => toMinorAmount(fields.amount));
  const currency = optional(fields.currencyCode, () => {
    const code = fields.currencyCode;
    if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code)) return null;
    return code.toUpperCase();
  });
  if (amountMinor === undefined) throw new ShapeError('amount is not an amount of money.');
  if (currency === undefined) throw new ShapeError('currencyCode is not a currency code.');
  const state = stateOf(respCode);
  if (state === 'succeeded' && (amountMinor === null || currency === null)) {
    // The order module checks what was paid against what was asked; it cannot without these.
    throw new ShapeError('successful payment has no amount or currency.');
  }
  const paymentId = nonEmpty(fields.userDefined1);
  const description = nonEmpty(fields.respDesc);
  return {
    providerRef: invoiceNo,
    paymentId: paymentId !== null && UUID.test(paymentId) ? paymentId.toLowerCase() : null,
    state,
    amountMinor,
    currency,
    transactionRef: nonEmpty(fields.tranRef) ?? nonEmpty(fields.referenceNo),
    errorMessage:
      state === 'failed'
        ? (description ?? 'The card payment was declined.')
        : state === 'canceled'
          ? (description ?? 'The card payment was cancelled.')
          : null,
  };
}

/**
 * Absent (undefined, null or "") -> null; present -> `read(value)`, where `read`'s null means
 * "present but not valid", returned as undefined for the caller to refuse.
 */
function optional<T>(value: unknown, read: () => T | null): T | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  return read() ?? undefined;
}

/** 2C2P's transaction result code as a state; anything unlisted is a failure. */
function stateOf(respCode: string): ProviderPaymentState {
  switch (respCode) {
    case '0000':
      return 'succeeded';
    case '0001':
    case '2001':
      return 'pending';
    case '0003':
      return 'canceled';
    case '2002':
      return 'open';
    default:
      return 'failed';
  }
}

/**
 * Integer minor units -> the JSON number 2C2P reads in major units (47500 -> 475, i.e.
 * 475.00). The decimal is built as text, so no float arithmetic touches the cents.
 * @throws RangeError unless 1 <= amountMinor <= MAX_AMOUNT_MINOR, an integer.
 */
function toMajorAmount(amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1 || amountMinor > MAX_AMOUNT_MINOR) {
    throw new RangeError('amountMinor must be a positive integer of at most 15 digits.');
  }
  const digits = String(amountMinor).padStart(3, '0');
  return Number(`${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/**
 * 2C2P's amount (a JSON number in major units) -> integer minor units, or null when it is not
 * a finite, non-negative number with at most 2 decimals and at most 15 digits. It reads the
 * number's shortest decimal text, which is the JSON text 2C2P wrote for such amounts.
 */
function toMinorAmount(amount: unknown): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "yyyyMMddHHmmss" read as UTC -> epoch ms, or null when it is not a real moment. */
function parseTransactionTime(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{14}$/.test(value)) return null;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(8, 10)}:${value.slice(10, 12)}:${value.slice(12, 14)}.000Z`;
  const ms = Date.parse(iso);
  // The round trip refuses what Date would roll over (a 31st of February, hour 24).
  return Number.isNaN(ms) || new Date(ms).toISOString() !== iso ? null : ms;
}

/**
 * The invoice number of an attempt: the order number's letters and digits, "A", the attempt.
 * The attempt has no letter, so the last "A" splits it back and two attempts never collide.
 * @throws RangeError for an attempt below 1 or an invoice longer than 2C2P's 50 characters.
 */
function invoiceNumber(orderNumber: string, attempt: number): string {
  if (!Number.isSafeInteger(attempt) || attempt < 1) {
    throw new RangeError('attempt must be a positive integer.');
  }
  const order = orderNumber.replace(/[^A-Za-z0-9]/g, '');
  const invoiceNo = `${order}A${attempt}`;
  if (order === '' || invoiceNo.length > 50) {
    throw new RangeError(
      'The order number does not make a 2C2P invoice number (1 to 50 characters).',
    );
  }
  return invoiceNo;
}

function notificationError(error: unknown): NotificationRefused {
  const code = error instanceof joseErrors.JOSEError ? error.code : '';
  switch (code) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return new NotificationRefused(
        'forged',
        'The notification is not signed by 2C2P for this shop.',
      );
    case 'ERR_JWT_EXPIRED':
      return new NotificationRefused('stale', 'The notification has expired.');
    default:
      return new NotificationRefused('malformed', "The notification's payload is not a JWT.");
  }
}

function refused(code: unknown, description: unknown): ProviderRefused {
  const codeText = typeof code === 'string' && /^\w{1,10}$/.test(code) ? code : null;
  // 2C2P's own words, trimmed to one short line: they end up in a 502 a shopper reads.
  const words =
    typeof description === 'string'
      ? description
          .replace(/\p{Cc}+/gu, ' ')
          .trim()
          .slice(0, 120)
      : '';
  const detail = [codeText && `2C2P code ${codeText}`, words].filter(Boolean).join(': ');
  return new ProviderRefused(
    `The card payment provider refused the request${detail ? ` (${detail})` : ''}. Please try again later or contact the shop.`,
    codeText,
  );
}

function checkApiBase(value: string): string {
  const url = safeUrl(value);
  const loopback = url !== null && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (
    !url ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new Error('A 2C2P API base must be an https URL without query (http only on loopback).');
  }
  return url.href.replace(/\/+$/, '');
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`2C2P ${name} must be positive.`);
  return value;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
