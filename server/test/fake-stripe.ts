/**
 * A local fake of the parts of the Stripe API the Stripe adapter uses, for tests: Checkout
 * Sessions (create, list, retrieve, expire), refunds, and signed webhook events. It listens on
 * 127.0.0.1 at a free port and speaks Stripe's wire format, so the official `stripe` package
 * talks to it unchanged (pointed here by its `host`, `port` and `protocol` options):
 * form-encoded requests with bracketed keys (`line_items[0][price_data][unit_amount]=4500`),
 * `Authorization: Bearer sk_...`, `Idempotency-Key`, JSON answers, and errors shaped
 * `{ error: { type, code?, message, param? } }` with Stripe's status codes.
 *
 * Only what the adapter needs is modelled; anything else answers Stripe's 404.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A decoded form or query value: Stripe's bracketed keys become nested objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Form = { [key: string]: FormValue };
type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body of a POST, or the query of a GET, decoded. */
  params: Form;
}

/** A 5xx in Stripe's error shape, a request that never gets an answer, or a dropped socket. */
export type FailureMode = 500 | 503 | 'hang' | 'close';

export interface FakeStripe {
  /** `http://127.0.0.1:{port}`, for the adapter's `apiBase`. */
  apiBase: string;
  /** Checkout Sessions by id, as Stripe would answer them. */
  sessions: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  refunds: Map<string, Json>;
  /** Every request received, in order, including the ones a failure switch swallowed. */
  requests: RecordedRequest[];
  /**
   * The next `count` requests fail as `mode`, whatever they ask; with `path`, the next `count`
   * requests to that path only (`/v1/refunds`), the others answered as usual.
   */
  failNext(mode: FailureMode, count?: number, path?: string): void;
  /**
   * The shopper finishes the hosted page: the session becomes `complete` with a PaymentIntent;
   * 'unpaid' is an asynchronous method (a bank debit) still settling.
   */
  complete(sessionId: string, options: { paymentStatus: 'paid' | 'unpaid' }): Json;
  /** An asynchronous payment settles: 'paid', or 'failed' (the session stays complete, unpaid). */
  settle(sessionId: string, outcome: 'paid' | 'failed'): Json;
  /** The session's lifetime ends unpaid (`status: 'expired'`). */
  expire(sessionId: string): Json;
  /** A webhook event about the session as Stripe sends it: pretty-printed JSON and its header. */
  webhook(
    type: string,
    sessionId: string,
    options?: { secret?: string; timestamp?: number; livemode?: boolean },
  ): { eventId: string; rawBody: string; headers: Record<string, string> };
  /** A `Stripe-Signature` header for any body (unix seconds; now by default). */
  sign(rawBody: string, options?: { secret?: string; timestamp?: number }): string;
  close(): Promise<void>;
}

/** Stripe-like ids: a prefix and 24 base62-ish characters. */
function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Decodes `a[b][0][c]=v` pairs into nested objects; all-numeric keys become arrays. */
function decodeForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, ''));
    if (!path) continue;
    let node: Form = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  const arrays = (value: FormValue): FormValue => {
    if (typeof value === 'string' || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    const entries = keys.map((k) => [k, arrays(value[k] as FormValue)] as const);
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

class StripeErrorAnswer {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string; param?: string },
  ) {}
}

const missing = (param: string) =>
  new StripeErrorAnswer(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

const noSuch = (object: string, id: string, param: string) =>
  new StripeErrorAnswer(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${object}: '${id}'`,
    param,
  });

/**
 * Starts the fake. `secretKey` is the only key it accepts; `webhookSecret` signs its events
 * unless a test asks for another.
 */
export async function startFakeStripe(options: {
  secretKey: string;
  webhookSecret: string;
}): Promise<FakeStripe> {
  const sessions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const requests: RecordedRequest[] = [];
  const failures: { mode: FailureMode; path?: string }[] = [];
  // Stripe keeps an idempotent request's first answer and replays it for the same key and
  // parameters; other parameters under the same key are refused.
  const idempotent = new Map<string, { path: string; body: string; answer: Json }>();
  const now = () => Math.floor(Date.now() / 1000);

  const session = (id: string): Json => {
    const found = sessions.get(id);
    if (!found) throw noSuch('checkout.session', id, 'session');
    return found;
  };

  function createSession(form: Form): Json {
    if (!form.mode) throw missing('mode');
    const items = form.line_items;
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
    let amount = 0;
    let currency = '';
    for (const item of items as Form[]) {
      const price = item.price_data as Form | undefined;
      if (!/^[a-z]{3}$/.test(String(price?.currency))) {
        throw new StripeErrorAnswer(400, {
          type: 'invalid_request_error',
          message: `Invalid currency: ${String(price?.currency)}.`,
          param: 'line_items[0][price_data][currency]',
        });
      }
      currency = String(price?.currency);
      amount += Number(price?.unit_amount) * Number(item.quantity ?? 1);
    }
    const id = newId('cs_test');
    const created = now();
    const fresh: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created,
      currency,
      customer_email: form.customer_email ?? null,
      expires_at: form.expires_at ? Number(form.expires_at) : created + 24 * 3600,
      livemode: false,
      metadata: form.metadata ?? {},
      mode: form.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url ?? null,
      // The hosted page stays on this machine too, should anything follow the link.
      url: `${apiBase}/c/pay/${id}`,
    };
    sessions.set(id, fresh);
    return fresh;
  }

  function refund(form: Form): Json {
    const intentId = form.payment_intent;
    if (typeof intentId !== 'string') throw missing('payment_intent');
    const intent = paymentIntents.get(intentId);
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
    // Stripe keeps what was refunded of a payment and refuses a refund above what is left.
    const refunded = Number(intent.amount_refunded ?? 0);
    const left = Number(intent.amount) - refunded;
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (left <= 0) {
      throw new StripeErrorAnswer(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge for payment intent ${intentId} has already been refunded.`,
      });
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw new StripeErrorAnswer(400, {
        type: 'invalid_request_error',
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        param: 'amount',
      });
    }
    intent.amount_refunded = refunded + amount;
    const answer: Json = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      metadata: form.metadata ?? {},
      status: 'succeeded',
      created: now(),
    };
    refunds.set(answer.id as string, answer);
    return answer;
  }

  function route(method: string, path: string, params: Form): Json {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const limit = Math.min(Math.max(Number(params.limit ?? 10) || 10, 1), 100);
      const newest = [...sessions.values()].reverse();
      return {
        object: 'list',
        data: newest.slice(0, limit),
        has_more: newest.length > limit,
        url: '/v1/checkout/sessions',
      };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (match?.[1] && method === 'GET' && !match[2]) {
      const found = session(match[1]);
      const expand = Array.isArray(params.expand) ? params.expand : [];
      return expand.includes('payment_intent') && typeof found.payment_intent === 'string'
        ? { ...found, payment_intent: paymentIntents.get(found.payment_intent) }
        : found;
    }
    if (match?.[1] && method === 'POST' && match[2]) {
      const found = session(match[1]);
      if (found.status !== 'open') {
        throw new StripeErrorAnswer(400, {
          type: 'invalid_request_error',
          message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(found.status)}\`.`,
        });
      }
      return fake.expire(match[1]);
    }
    throw new StripeErrorAnswer(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function send(res: ServerResponse, status: number, body: Json, replayed = false) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': Stripe.API_VERSION,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(body, null, 2));
  }

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const params = decodeForm(method === 'POST' ? body : url.search.slice(1));
      requests.push({ method, path: url.pathname, headers: req.headers, params });

      const index = failures.findIndex((f) => f.path === undefined || f.path === url.pathname);
      const failure = index < 0 ? undefined : failures.splice(index, 1)[0]!.mode;
      if (failure === 'hang') return;
      if (failure === 'close') return void req.socket.destroy();
      if (failure) {
        return send(res, failure, {
          error: {
            type: 'api_error',
            message: 'Sorry, something went wrong on our end. Please try again in a moment.',
          },
        });
      }

      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${options.secretKey}`) {
        const given = auth.replace(/^Bearer /, '');
        const message = given
          ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(24)}${given.slice(-4)}`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
        return send(res, 401, { error: { type: 'invalid_request_error', message } });
      }

      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const earlier = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (earlier && typeof key === 'string') {
        if (earlier.path === url.pathname && earlier.body === body) {
          return send(res, 200, earlier.answer, true);
        }
        return send(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      try {
        const answer = route(method, url.pathname, params);
        if (typeof key === 'string') idempotent.set(key, { path: url.pathname, body, answer });
        send(res, 200, answer);
      } catch (error) {
        if (error instanceof StripeErrorAnswer)
          return send(res, error.status, { error: error.error });
        // A bug in the fake: say so loudly rather than pass for Stripe having a bad day.
        console.error('fake-stripe:', error);
        send(res, 500, { error: { type: 'api_error', message: `fake-stripe: ${String(error)}` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign: FakeStripe['sign'] = (rawBody, signing = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: signing.secret ?? options.webhookSecret,
      timestamp: signing.timestamp,
    });

  const fake: FakeStripe = {
    apiBase,
    sessions,
    paymentIntents,
    refunds,
    requests,
    failNext(mode, count = 1, path) {
      for (let i = 0; i < count; i += 1) failures.push({ mode, ...(path ? { path } : {}) });
    },
    complete(sessionId, { paymentStatus }) {
      const found = session(sessionId);
      const intent: Json = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: found.amount_total,
        currency: found.currency,
        metadata: found.metadata,
        status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
      };
      paymentIntents.set(intent.id as string, intent);
      Object.assign(found, {
        status: 'complete',
        payment_status: paymentStatus,
        payment_intent: intent.id,
        url: null,
      });
      return found;
    },
    settle(sessionId, outcome) {
      const found = session(sessionId);
      const intent = paymentIntents.get(String(found.payment_intent));
      if (!intent) throw new Error(`Session ${sessionId} has no PaymentIntent to settle.`);
      intent.status = outcome === 'paid' ? 'succeeded' : 'requires_payment_method';
      if (outcome === 'paid') found.payment_status = 'paid';
      return found;
    },
    expire(sessionId) {
      return Object.assign(session(sessionId), { status: 'expired', url: null });
    },
    webhook(type, sessionId, signing = {}) {
      const created = now();
      const event = {
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        data: { object: { ...session(sessionId) } },
        livemode: signing.livemode ?? false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const rawBody = JSON.stringify(event, null, 2);
      const header = sign(rawBody, { secret: signing.secret, timestamp: signing.timestamp });
      return { eventId: event.id, rawBody, headers: { 'stripe-signature': header } };
    },
    sign,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
