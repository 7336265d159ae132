/// <reference types="node" />
/**
 * The small HTTP server between Vite's `/api` proxy and Prism in `npm run mock`.
 *
 *     browser -> Vite :5173 /api/... -> this gateway /... -> prism mock :4010
 *
 * It adds five things Prism alone cannot give testers:
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
 * 5. The API reference: `/docs/` (`/api/docs/` through Vite) is the page the reference API
 *    serves at the same address, rendered from the contract by Scalar (lib/mock-docs.ts).
 *
 * Each part is its own module under scripts/lib/: mock-contract.ts (the contract's operations
 * and examples), mock-switches.ts (the rules), mock-switch-page.ts (`/__mock/`),
 * mock-card-gateway.ts, mock-media.ts, mock-docs.ts, and mock-http.ts (bodies, forwarding);
 * this file routes requests to them.
 *
 * Environment: MOCK_GATEWAY_PORT (listen on 127.0.0.1), PRISM_URL (Prism's address),
 * MOCK_PREFER (initial rules).
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MOCK_CHECKOUT_PATH, mockCheckout, toMockCheckout } from './lib/mock-card-gateway.ts';
import {
  bodyValues,
  loadOperations,
  matchingExample,
  matchOperation,
} from './lib/mock-contract.ts';
import { isDocsPath, mockApiDocs } from './lib/mock-docs.ts';
import { forward, readRaw } from './lib/mock-http.ts';
import { serveMockMedia } from './lib/mock-media.ts';
import { handleSwitchRequest } from './lib/mock-switch-page.ts';
import { MockSwitches } from './lib/mock-switches.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractPath = path.join(root, 'openapi', 'storefront.yaml');
const port = Number(process.env.MOCK_GATEWAY_PORT ?? '4011');
const prism = new URL(process.env.PRISM_URL ?? 'http://127.0.0.1:4010');

function log(message: string): void {
  console.log(`[mock-proxy] ${message}`);
}

const operations = loadOperations(contractPath);
const switches = new MockSwitches(operations, log);
try {
  switches.setAll(process.env.MOCK_PREFER ?? '');
} catch (error) {
  console.error(`[mock-proxy] MOCK_PREFER: ${(error as Error).message}`);
  process.exit(2);
}
// The storefront's own default tenant (src/api/config.ts), for the reference's "Test Request".
const docs = await mockApiDocs(contractPath, process.env.VITE_TENANT_TOKEN || 'demo-handcraft');

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mock.invalid');
  const method = req.method ?? 'GET';
  const fail = (error: unknown) => {
    console.error('[mock-proxy]', error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Mock gateway error.' }));
  };

  if ((method === 'GET' || method === 'HEAD') && url.pathname.startsWith('/media/')) {
    serveMockMedia(req, res, url.pathname).catch(fail);
    return;
  }
  if ((method === 'GET' || method === 'HEAD') && isDocsPath(url.pathname)) {
    docs(req, res);
    return;
  }
  if (url.pathname === '/__mock' || url.pathname.startsWith('/__mock/')) {
    if (url.pathname === '/__mock') {
      // Relative, so it also works behind Vite's /api prefix.
      res.writeHead(308, { location: '__mock/' });
      res.end();
      return;
    }
    handleSwitchRequest(req, res, url.pathname.slice('/__mock'.length), operations, switches).catch(
      fail,
    );
    return;
  }

  const checkout = MOCK_CHECKOUT_PATH.exec(url.pathname);
  if (checkout) {
    mockCheckout(req, res, checkout[1]!, checkout[2], switches).catch(fail);
    return;
  }

  const matched = matchOperation(operations, method, url.pathname);
  const rewrite =
    matched?.op.operationId === 'initiateCardPayment' ? toMockCheckout(req) : undefined;
  if (!matched || req.headers.prefer) {
    forward(prism, req, res, null, rewrite);
    return;
  }
  const rule = switches.get(matched.op.operationId);
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
    forward(prism, req, res, rule.action.prefer, rewrite);
    return;
  }
  const json = (req.headers['content-type'] ?? '').includes('json');
  if (!json || method === 'GET' || method === 'DELETE') {
    forward(
      prism,
      req,
      res,
      matchingExample(matched.op, matched.params, url.searchParams, []),
      rewrite,
    );
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
      forward(prism, req, res, prefer, rewrite, body);
    })
    .catch(fail);
});

server.listen(port, '127.0.0.1', () => {
  log(`listening on http://127.0.0.1:${port}, forwarding to Prism at ${prism.origin}`);
  log('error switches: /api/__mock/ in the storefront (or /__mock/ here)');
  log('API reference: /api/docs/ in the storefront');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
