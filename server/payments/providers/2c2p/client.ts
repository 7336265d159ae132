/**
 * Signed calls to 2C2P's PGW v4.3 API for one merchant: every request is
 * `POST {apiBase}/payment/4.3/{operation}` with `{"payload": "<JWT>"}` signed HS256 with the
 * merchant's secret key, and every answer or notification is trusted only once its JWT verifies
 * with that key, HS256 only. The key lives in `createTwoC2pClient`'s closure: it is never
 * logged, returned, or put into an error or its cause. Also how 2C2P's "no" becomes our
 * errors: a refusal with 2C2P's code and words, a notification refused with its reason.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { NotificationRefused, ProviderRefused, ProviderUnavailable } from '../../provider.ts';
import { isRecord } from './wire.ts';

/** What a shopper reads when 2C2P could not be reached (network, timeout, 5xx, 408, 429). */
const UNREACHABLE = 'The card payment provider could not be reached. Please try again in a moment.';
/** What a shopper reads when 2C2P answered something that does not verify or is not its shape. */
export const UNUSABLE =
  'The card payment provider sent an answer that could not be verified. Please try again in a moment.';

/** The JWT calls of one merchant: `verify` checks 2C2P's signature, `call` makes a signed call. */
export interface TwoC2pClient {
  /**
   * Verifies a JWT 2C2P signed (HS256, the merchant's key) and returns its claims and the
   * exact JSON text that was signed. @throws jose's error when it does not verify.
   */
  verify(token: string): Promise<{ claims: Record<string, unknown>; text: string }>;
  /**
   * One signed API call; resolves to the verified answer's payload.
   * @throws ProviderUnavailable when 2C2P cannot be reached or its answer does not verify;
   *   ProviderRefused for 2C2P's plain-JSON error answer or another 4xx.
   */
  call(
    operation: 'paymentToken' | 'paymentInquiry',
    payload: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
}

/**
 * The signed-call client of one merchant, whose `secretKey` signs every JWT both ways.
 * `apiBase` is already checked (see checkApiBase); `timeoutMs` bounds each call, answer
 * included.
 */
export function createTwoC2pClient(
  secretKey: string,
  apiBase: string,
  timeoutMs: number,
): TwoC2pClient {
  const key = new TextEncoder().encode(secretKey);

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

  return { verify, call };
}

/** A jose verification error as the notification refusal it means (forged, stale, malformed). */
export function notificationError(error: unknown): NotificationRefused {
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

/**
 * 2C2P's refusal as a ProviderRefused whose message a shopper may read: 2C2P's code (when it
 * looks like one) and its words, without control characters and cut to 120 characters.
 */
export function refused(code: unknown, description: unknown): ProviderRefused {
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

/**
 * 2C2P's refusal of a credentials check, in the owner's words: an unknown merchant (9007), a
 * secret key that does not match it (9042), a currency the merchant does not take (9010), or
 * 2C2P's code for anything else. Never a credential's value.
 */
export function ownerRefusal(
  code: unknown,
  credentials: { environment: 'sandbox' | 'production' },
  input: { currency: string },
): ProviderRefused {
  const codeText = typeof code === 'string' && /^\w{1,10}$/.test(code) ? code : null;
  const environment = credentials.environment === 'production' ? 'production' : 'sandbox';
  const words =
    codeText === '9007'
      ? `2C2P does not know this merchant ID in its ${environment} environment. Check the merchant ID and the environment.`
      : codeText === '9042'
        ? "2C2P could not verify the request: the secret key does not belong to this merchant ID. Copy the secret key again from 2C2P's portal."
        : codeText === '9010'
          ? `2C2P does not take ${input.currency} for this merchant. Ask 2C2P to enable it.`
          : `2C2P refused the test${codeText ? ` (code ${codeText})` : ''}. Check the credentials in 2C2P's portal.`;
  return new ProviderRefused(words, codeText);
}
