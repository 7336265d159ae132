/// <reference types="node" />
/**
 * The small HTTP server between Vite's `/api` proxy and Prism in `npm run mock`.
 *
 *     browser -> Vite :5173 /api/... -> this gateway /... -> prism mock :4010
 *
 * It adds four things Prism alone cannot give testers:
 * 1. Images: `GET /media/...` answers the pictures the contract's examples name, drawn by the
 *    reference API's seed code (scripts/lib/mock-media.ts), so product cards, the gallery, the
 *    blog and the contact page show real images.
 * 2. Matching examples: when an operation's success response has an example named like a path,
 *    query or JSON body value of the request (`GET /products/products/{slug}/` and an example
 *    named after the slug; `?category__slug=paintings` and an example `paintings`; `?post=3` and
 *    an example `post-3`; an order whose `payment_method` is `card_2c2p` and an example
 *    `card_2c2p`), it asks Prism for that one (`Prefer: code=200, example=...`), so a product
 *    card opens its own product.
 * 3. Error switches: a rule per operationId makes that operation answer a documented error
 *    (any `Prefer` value Prism understands, such as `code=404` or `code=400, example=blank`) or
 *    a bare server error that the contract does not document (`fail=500`, any 5xx: an answer
 *    without a `detail`, for the screens' fallback messages), or any answer at all
 *    (`raw=200 null`, for the messages about unusable answers), so every message of the
 *    spec's error catalogue can be seen. Rules come from `MOCK_PREFER` at start
 *    (`op=action; op=action`) and from the page at `/__mock/` (`/api/__mock/` through Vite),
 *    which also offers them as `POST /__mock/rules` (`op`, `action`; an empty action clears)
 *    and `POST /__mock/clear`. A request that already carries a `Prefer` header is passed
 *    through untouched.
 *
 * 4. A stand-in for the card gateway: the `redirectUrl` of a card payment points at
 *    `/payments/sandbox/checkout/{uuid}/` here (on the storefront's origin), a page whose Pay,
 *    Decline, Cancel and "leave it processing" buttons choose what `getPaymentStatus` answers
 *    and send the shopper back to `/payment/return?paymentId={uuid}`.
 *
 * Environment: MOCK_GATEWAY_PORT (listen on 127.0.0.1), PRISM_URL (Prism's address),
 * MOCK_PREFER (initial rules).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { mockMedia } from './lib/mock-media.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractPath = path.join(root, 'openapi', 'storefront.yaml');
const port = Number(process.env.MOCK_GATEWAY_PORT ?? '4011');
const prism = new URL(process.env.PRISM_URL ?? 'http://127.0.0.1:4010');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function log(message: string): void {
  console.log(`[mock-proxy] ${message}`);
}

// ---------------------------------------------------------------------------------------------
// The contract's operations, with the example names of each documented response

interface Operation {
  operationId: string;
  method: string;
  template: string;
  tag: string;
  summary: string;
  pattern: RegExp;
  pathParams: string[];
  /** Status code -> example names, in document order; codes in document order. */
  responses: Map<string, string[]>;
}

function resolveRef(doc: JsonObject, value: Json | undefined): Json | undefined {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    let target: Json | undefined = doc;
    for (const raw of pointer) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

function loadOperations(): Operation[] {
  const doc = parse(readFileSync(contractPath, 'utf8')) as JsonObject;
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const pathParams: string[] = [];
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          pathParams.push(name);
          return '([^/]+)';
        })
        .join('');
      const responses = new Map<string, string[]>();
      for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const response = resolveRef(doc, raw);
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        const media = content['application/json'];
        const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
        responses.set(code, Object.keys(examples));
      }
      out.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        template,
        tag: Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : '',
        summary: typeof op.summary === 'string' ? op.summary : '',
        pattern: new RegExp(`^${source}$`),
        pathParams,
        responses,
      });
    }
  }
  return out;
}

const operations = loadOperations();
const byId = new Map(operations.map((op) => [op.operationId, op]));

/** The operation a request is for, with its path parameters. */
function matchOperation(
  method: string,
  pathname: string,
): { op: Operation; params: Record<string, string> } | null {
  for (const op of operations) {
    if (op.method !== method) continue;
    const match = op.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    op.pathParams.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
    return { op, params };
  }
  return null;
}

const successCode = (op: Operation) => [...op.responses.keys()].find((c) => /^2\d\d$/.test(c));

// ---------------------------------------------------------------------------------------------
// Rules

type Action =
  | { kind: 'prefer'; prefer: string }
  | { kind: 'fail'; status: number }
  | { kind: 'raw'; status: number; body: string };

const rules = new Map<string, { text: string; action: Action }>();

/**
 * Parses a rule's action for `op`: `fail=5xx` (such as `fail=500`), `raw=STATUS BODY` (an
 * answer outside the contract, such as `raw=200 null`, sent as JSON), or a `Prefer` value
 * whose `code` is documented for the operation and whose `example` exists under that code (or
 * under the success code when no code is given). Throws Error with a message for the tester.
 */
function parseAction(op: Operation, text: string): Action {
  const value = text.trim();
  const raw = /^raw=([1-5]\d\d)(?:\s([\s\S]*))?$/.exec(value);
  if (raw) return { kind: 'raw', status: Number(raw[1]), body: raw[2] ?? '' };
  const fail = /^fail=(5\d\d)$/.exec(value);
  if (fail) return { kind: 'fail', status: Number(fail[1]) };
  const parts = new Map<string, string>();
  for (const piece of value.split(',')) {
    const [key, ...rest] = piece.split('=');
    const k = key?.trim() ?? '';
    const v = rest.join('=').trim();
    if (!['code', 'example', 'dynamic'].includes(k) || !v) {
      throw new Error(
        `"${value}" is not an action: use fail=500 (any 5xx), raw=STATUS BODY, or a Prefer value such as code=404 or code=400, example=NAME`,
      );
    }
    parts.set(k, v);
  }
  const code = parts.get('code') ?? successCode(op) ?? '';
  const examples = op.responses.get(code);
  if (!examples) {
    throw new Error(
      `${op.operationId} documents no ${code} response (documented: ${[...op.responses.keys()].join(', ')})`,
    );
  }
  const example = parts.get('example');
  if (example && !examples.includes(example)) {
    throw new Error(
      `${op.operationId} has no example "${example}" for ${code} (has: ${examples.join(', ') || 'none'})`,
    );
  }
  // Name the response's first example when the rule names none: given only a code, Prism
  // would take a schema's own `examples` first, which need not fit this operation.
  if (!example && !parts.has('dynamic') && examples[0]) {
    return { kind: 'prefer', prefer: `${value}, example=${examples[0]}` };
  }
  return { kind: 'prefer', prefer: value };
}

/** Sets (or, with an empty action, clears) the rule of one operation. Throws Error when invalid. */
function setRule(operationId: string, actionText: string): void {
  const op = byId.get(operationId.trim());
  if (!op) throw new Error(`no operation "${operationId}" in the contract`);
  if (!actionText.trim()) {
    rules.delete(op.operationId);
    log(`${op.operationId}: default answers`);
    return;
  }
  const action = parseAction(op, actionText);
  rules.set(op.operationId, { text: actionText.trim(), action });
  log(`${op.operationId}: ${actionText.trim()}`);
}

for (const entry of (process.env.MOCK_PREFER ?? '').split(';')) {
  if (!entry.trim()) continue;
  const at = entry.indexOf('=');
  try {
    if (at < 0) throw new Error(`"${entry.trim()}" is not op=action`);
    setRule(entry.slice(0, at), entry.slice(at + 1));
  } catch (error) {
    console.error(`[mock-proxy] MOCK_PREFER: ${(error as Error).message}`);
    process.exit(2);
  }
}

/**
 * The success example named after a path, query or (top-level) JSON body value of the
 * request, as `name` or `{parameter}-{value}`, if there is one.
 */
function matchingExample(
  op: Operation,
  params: Record<string, string>,
  query: URLSearchParams,
  body: [string, string][],
) {
  const code = successCode(op);
  const names = code ? (op.responses.get(code) ?? []) : [];
  const values = [
    ...Object.entries(params),
    ...[...query.entries()].filter(([name]) => !['page', 'page_size'].includes(name)),
    ...body,
  ];
  for (const [name, value] of values) {
    const found = names.find((n) => n === value || n === `${name}-${value}`);
    if (found) return `code=${code}, example=${found}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The control page

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function actionChoices(op: Operation): { value: string; label: string }[] {
  const choices = [{ value: '', label: 'default answer' }];
  for (const [code, examples] of op.responses) {
    if (/^2/.test(code)) {
      // The first success example is the default; the others are worth a switch.
      for (const name of examples.slice(1)) {
        choices.push({ value: `code=${code}, example=${name}`, label: `${code} ${name}` });
      }
      continue;
    }
    if (examples.length === 0) choices.push({ value: `code=${code}`, label: code });
    for (const name of examples) {
      choices.push({ value: `code=${code}, example=${name}`, label: `${code} ${name}` });
    }
  }
  choices.push({ value: 'fail=500', label: '500 without a body (not in the contract)' });
  return choices;
}

function controlPage(message = ''): string {
  const rows = operations
    .map((op) => {
      const current = rules.get(op.operationId)?.text ?? '';
      const choices = actionChoices(op);
      // A rule typed in (MOCK_PREFER, "Any action") shows as itself.
      if (current && !choices.some((c) => c.value === current)) {
        choices.push({ value: current, label: current });
      }
      const options = choices
        .map(
          (c) =>
            `<option value="${escapeHtml(c.value)}"${c.value === current ? ' selected' : ''}>${escapeHtml(c.label)}</option>`,
        )
        .join('');
      return (
        `<tr${current ? ' class="on"' : ''}><td>${escapeHtml(op.tag)}</td>` +
        `<td><code>${op.method} ${escapeHtml(op.template)}</code><br><small>${escapeHtml(op.summary)}</small></td>` +
        `<td><form method="post" action="rules"><input type="hidden" name="op" value="${op.operationId}">` +
        `<label>${op.operationId} <select name="action">${options}</select></label> <button>Set</button></form></td></tr>`
      );
    })
    .join('\n');
  const active = [...rules]
    .map(([id, r]) => `<li><code>${id}</code>: <code>${escapeHtml(r.text)}</code></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mock answers</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}
td{border-top:1px solid #ddd;padding:.4rem;vertical-align:top}tr.on{background:#fff4d6}.msg{background:#eef6ee;padding:.5rem}</style></head>
<body><h1>Mock answers</h1>
<p>Choose what an operation of the Prism mock answers, then reload the storefront tab. A rule stays until you change it
or stop <code>npm run mock</code>. Codes and example names are the contract's (<code>openapi/storefront.yaml</code>).</p>
${message ? `<p class="msg">${escapeHtml(message)}</p>` : ''}
<h2>Active rules</h2>${active ? `<ul>${active}</ul><form method="post" action="clear"><button>Clear all rules</button></form>` : '<p>None: every operation gives its first success example.</p>'}
<h2>Any action</h2><form method="post" action="rules"><select name="op" aria-label="Operation">${operations
    .map((op) => `<option>${op.operationId}</option>`)
    .join(
      '',
    )}</select> <input name="action" size="50" aria-label="Action" placeholder="raw=200 null"> <button>Set</button></form>
<p><small>Actions: a Prefer value (<code>code=404</code>, <code>code=400, example=NAME</code>, <code>dynamic=true</code>),
<code>fail=500</code> (any 5xx, no body) or <code>raw=STATUS BODY</code> (an answer the contract does not allow,
such as <code>raw=200 null</code> or <code>raw=200 {"status":"refunded"}</code>). An empty action restores the default.</small></p>
<h2>Operations</h2><table>${rows}</table></body></html>`;
}

async function readRaw(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const readBody = async (req: http.IncomingMessage) =>
  (await readRaw(req, 64 * 1024)).toString('utf8');

/** The top-level string and number fields of a JSON object body, as [name, value] pairs. */
function bodyValues(body: Buffer): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (!isObject(parsed)) return [];
    return Object.entries(parsed).flatMap(([name, value]): [string, string][] =>
      typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
    );
  } catch {
    return [];
  }
}

async function control(req: http.IncomingMessage, res: http.ServerResponse, route: string) {
  const wantsHtml = (req.headers.accept ?? '').includes('text/html');
  const reply = (status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && route === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(controlPage());
    return;
  }
  if (req.method === 'GET' && route === '/rules') {
    reply(200, Object.fromEntries([...rules].map(([id, r]) => [id, r.text])));
    return;
  }
  if (req.method === 'POST' && (route === '/rules' || route === '/clear')) {
    let message: string;
    let status = 200;
    try {
      if (route === '/clear') {
        rules.clear();
        log('all rules cleared');
        message = 'All rules cleared.';
      } else {
        const text = await readBody(req);
        const form = (req.headers['content-type'] ?? '').includes('application/json')
          ? new URLSearchParams(Object.entries(JSON.parse(text) as Record<string, string>))
          : new URLSearchParams(text);
        const op = form.get('op') ?? '';
        const action = form.get('action') ?? '';
        setRule(op, action);
        message = action.trim() ? `${op}: ${action.trim()}` : `${op}: default answer`;
      }
    } catch (error) {
      status = 400;
      message = (error as Error).message;
    }
    if (wantsHtml) {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(controlPage(message));
    } else {
      reply(status, { detail: message });
    }
    return;
  }
  reply(404, { detail: 'Not found.' });
}

// ---------------------------------------------------------------------------------------------
// Media and forwarding

const rendered = new Map<string, Promise<Buffer>>();

async function media(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
  const found = mockMedia(pathname);
  if (!found) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Not found.' }));
    return;
  }
  let bytes = rendered.get(pathname);
  if (!bytes) {
    bytes = found.render();
    rendered.set(pathname, bytes);
    bytes.catch(() => rendered.delete(pathname));
  }
  const body = await bytes;
  res.writeHead(200, {
    'content-type': found.contentType,
    'content-length': body.length,
    'cache-control': 'public, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Passes the request to Prism, with `prefer` as its Prefer header when given. `rewrite`, when
 * given, may change a 2xx JSON answer before it goes back.
 */
function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  prefer: string | null,
  rewrite?: (body: JsonObject) => JsonObject,
  body?: Buffer,
) {
  const headers: http.OutgoingHttpHeaders = { ...req.headers, host: prism.host };
  if (prefer) headers.prefer = prefer;
  if (rewrite) delete headers['accept-encoding'];
  const upstream = http.request(
    { hostname: prism.hostname, port: prism.port, method: req.method, path: req.url, headers },
    (answer) => {
      const status = answer.statusCode ?? 502;
      const json = (answer.headers['content-type'] ?? '').includes('json');
      if (!rewrite || !json || status < 200 || status > 299) {
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        try {
          const parsed: unknown = JSON.parse(body.toString('utf8'));
          if (isObject(parsed)) body = Buffer.from(JSON.stringify(rewrite(parsed)));
        } catch {
          // not JSON after all: pass it on as it came
        }
        res.writeHead(status, { ...answer.headers, 'content-length': body.length });
        res.end(body);
      });
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'The Prism mock is not answering (still starting?).' }));
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

// ---------------------------------------------------------------------------------------------
// A stand-in for the card gateway's hosted page

/** The storefront's origin, from the browser's Origin or Referer header (null when neither). */
function storefrontOrigin(req: http.IncomingMessage): string | null {
  for (const value of [req.headers.origin, req.headers.referer]) {
    if (!value || value === 'null') continue;
    try {
      return new URL(value).origin;
    } catch {
      // try the next one
    }
  }
  return null;
}

/**
 * The card gateway's address in `POST /payments/card/initiate/` answers is the reference
 * API's; under the mock it becomes this gateway's page below, on the storefront's origin.
 */
function toMockCheckout(req: http.IncomingMessage) {
  return (body: JsonObject): JsonObject => {
    const origin = storefrontOrigin(req);
    const uuid = typeof body.payment_uuid === 'string' ? body.payment_uuid : null;
    if (!origin || !uuid) return body;
    return { ...body, redirectUrl: `${origin}/api/payments/sandbox/checkout/${uuid}/` };
  };
}

const OUTCOMES: Record<string, { label: string; example: string }> = {
  succeeded: { label: 'Pay', example: 'succeeded' },
  failed: { label: 'Decline', example: 'failed' },
  canceled: { label: 'Cancel', example: 'canceled' },
  processing: { label: 'Leave it processing', example: 'processing' },
};

/**
 * `GET /payments/sandbox/checkout/{uuid}/`: a page with Pay, Decline, Cancel and "leave it
 * processing"; `POST .../result` makes `getPaymentStatus` answer that example and sends the
 * shopper to the storefront's `/payment/return?paymentId={uuid}`, as the real gateway does.
 */
async function mockCheckout(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  uuid: string,
  action: string | undefined,
) {
  if (req.method === 'POST' && action === 'result') {
    const outcome = OUTCOMES[new URLSearchParams(await readBody(req)).get('outcome') ?? ''];
    const origin = storefrontOrigin(req);
    if (!outcome || !origin) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Choose Pay, Decline, Cancel or Leave it processing.');
      return;
    }
    setRule('getPaymentStatus', `code=200, example=${outcome.example}`);
    res.writeHead(303, { location: `${origin}/payment/return?paymentId=${uuid}` });
    res.end();
    return;
  }
  if (req.method !== 'GET' || action) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Not found.' }));
    return;
  }
  const buttons = Object.entries(OUTCOMES)
    .map(([value, o]) => `<button name="outcome" value="${value}">${escapeHtml(o.label)}</button>`)
    .join(' ');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mock card gateway</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:32rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem}</style></head>
<body><h1>Mock card gateway</h1><p>Payment <code>${escapeHtml(uuid)}</code>. This page stands in for the card gateway under
<code>npm run mock</code>: choose how the payment ends, and the storefront's payment return page shows it.</p>
<form method="post" action="result">${buttons}</form></body></html>`);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mock.invalid');
  const method = req.method ?? 'GET';
  const fail = (error: unknown) => {
    console.error('[mock-proxy]', error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Mock gateway error.' }));
  };

  if ((method === 'GET' || method === 'HEAD') && url.pathname.startsWith('/media/')) {
    media(req, res, url.pathname).catch(fail);
    return;
  }
  if (url.pathname === '/__mock' || url.pathname.startsWith('/__mock/')) {
    if (url.pathname === '/__mock') {
      // Relative, so it also works behind Vite's /api prefix.
      res.writeHead(308, { location: '__mock/' });
      res.end();
      return;
    }
    control(req, res, url.pathname.slice('/__mock'.length)).catch(fail);
    return;
  }

  const checkout = /^\/payments\/sandbox\/checkout\/([0-9a-fA-F-]{36})\/(result)?$/.exec(
    url.pathname,
  );
  if (checkout) {
    mockCheckout(req, res, checkout[1]!, checkout[2]).catch(fail);
    return;
  }

  const matched = matchOperation(method, url.pathname);
  const rewrite =
    matched?.op.operationId === 'initiateCardPayment' ? toMockCheckout(req) : undefined;
  if (!matched || req.headers.prefer) {
    forward(req, res, null, rewrite);
    return;
  }
  const rule = rules.get(matched.op.operationId);
  if (rule?.action.kind === 'fail' || rule?.action.kind === 'raw') {
    const body = rule.action.kind === 'raw' ? Buffer.from(rule.action.body) : Buffer.alloc(0);
    log(`${method} ${url.pathname}: ${rule.text}`);
    req.resume();
    res.writeHead(rule.action.status, {
      'content-length': body.length,
      ...(body.length ? { 'content-type': 'application/json' } : {}),
    });
    res.end(body);
    return;
  }
  if (rule?.action.kind === 'prefer') {
    log(`${method} ${url.pathname}: Prefer: ${rule.action.prefer}`);
    forward(req, res, rule.action.prefer, rewrite);
    return;
  }
  const json = (req.headers['content-type'] ?? '').includes('json');
  if (!json || method === 'GET' || method === 'DELETE') {
    forward(req, res, matchingExample(matched.op, matched.params, url.searchParams, []), rewrite);
    return;
  }
  readRaw(req, 1024 * 1024)
    .then((body) => {
      const prefer = matchingExample(
        matched.op,
        matched.params,
        url.searchParams,
        bodyValues(body),
      );
      forward(req, res, prefer, rewrite, body);
    })
    .catch(fail);
});

server.listen(port, '127.0.0.1', () => {
  log(`listening on http://127.0.0.1:${port}, forwarding to Prism at ${prism.origin}`);
  log('error switches: /api/__mock/ in the storefront (or /__mock/ here)');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
