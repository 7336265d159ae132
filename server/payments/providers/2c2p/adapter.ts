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
 * refused (NotificationRefused). The secret key lives in the signed-call client's closure
 * only: it is never logged, returned, or put into an error or its cause.
 *
 * The parts: ./settings.ts (credentials and server settings), ./client.ts (JWT signing, the
 * calls, refusals), ./wire.ts (amounts, invoice numbers, times, and 2C2P's fields and codes
 * read into our reports). This module puts them together as the PaymentProvider.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type CredentialsCheckInput,
  type CredentialsCheckResult,
  NotificationRefused,
  type PaymentProvider,
  type ProviderPaymentReport,
  ProviderRefused,
  ProviderUnavailable,
  type RawNotification,
  type StartPaymentInput,
  type StartedPayment,
} from '../../provider.ts';
import {
  createTwoC2pClient,
  notificationError,
  ownerRefusal,
  refused,
  UNUSABLE,
} from './client.ts';
import {
  checkApiBase,
  positive,
  TWO_C2P_DEFAULT_NOTIFICATION_MAX_AGE_SECONDS,
  TWO_C2P_DEFAULT_TIMEOUT_MS,
  type TwoC2pConfig,
  type TwoC2pCredentials,
} from './settings.ts';
import {
  invoiceNumber,
  isRecord,
  parseTransactionTime,
  readReport,
  safeUrl,
  ShapeError,
  toMajorAmount,
} from './wire.ts';

/** How far ahead of our clock a notification's transactionDateTime may be (s): clock skew. */
const NOTIFICATION_FUTURE_TOLERANCE_SECONDS = 5 * 60;

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
  const { verify, call } = createTwoC2pClient(credentials.secretKey, apiBase, timeoutMs);

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

  /**
   * Asks for a payment token of 1.00 in the shop's currency under a one-off invoice number
   * (`CHK` and 16 random hex digits): a token proves the merchant ID and the secret key (2C2P
   * verified our signature and we verified its answer's) and that the merchant takes the
   * currency. The token is never paid and expires at 2C2P. `live` is the production
   * environment.
   * @throws ProviderRefused with the owner's words (an unknown merchant, a key that does not
   *   match, a currency not taken, another 2C2P code); ProviderUnavailable.
   */
  async function checkCredentials(input: CredentialsCheckInput): Promise<CredentialsCheckResult> {
    let answer: Record<string, unknown>;
    try {
      answer = await call('paymentToken', {
        merchantID: merchantId,
        invoiceNo: `CHK${randomBytes(8).toString('hex').toUpperCase()}`,
        description: 'Credentials check, never paid',
        amount: 1,
        currencyCode: input.currency,
        paymentChannel: ['CC'],
        frontendReturnUrl: input.returnUrl,
        backendReturnUrl: input.notifyUrl,
      });
    } catch (error) {
      if (error instanceof ProviderRefused) throw ownerRefusal(error.code, credentials, input);
      throw error;
    }
    if (answer.respCode !== '0000') throw ownerRefusal(answer.respCode, credentials, input);
    return { live: credentials.environment === 'production' };
  }

  return {
    name: '2c2p',
    startPayment,
    parseNotification,
    fetchPayment,
    checkCredentials,
    cancelPayment: async () => false,
    refundPayment: async () => null,
  };
}
