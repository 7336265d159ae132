/// <reference types="node" />
/**
 * The mock gateway's stand-in for the card gateway's hosted page (scripts/mock-proxy.ts; spec
 * section 7's card payment): the `redirectUrl` of `POST /payments/card/initiate/` answers is
 * pointed at `/payments/sandbox/checkout/{uuid}/` here (on the storefront's origin), a page
 * whose Pay, Decline, Cancel and "leave it processing" buttons choose what `getPaymentStatus`
 * answers and send the shopper back to `/payment/return?paymentId={uuid}`.
 */
import type http from 'node:http';
import type { JsonObject } from './mock-contract.ts';
import { readBody } from './mock-http.ts';
import { escapeHtml } from './mock-switch-page.ts';
import type { MockSwitches } from './mock-switches.ts';

/** The page's paths: the page itself, and (`result`) where its buttons post. */
export const MOCK_CHECKOUT_PATH = /^\/payments\/sandbox\/checkout\/([0-9a-fA-F-]{36})\/(result)?$/;

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
 * API's; under the mock it becomes this gateway's page, on the storefront's origin. Returns the
 * rewrite of the answer's body (unchanged when the request names no origin or the answer no
 * `payment_uuid`).
 */
export function toMockCheckout(req: http.IncomingMessage) {
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
 * processing"; `POST .../result` makes `getPaymentStatus` answer that example (a switch) and
 * sends the shopper to the storefront's `/payment/return?paymentId={uuid}` with a 303, as the
 * real gateway does; 400 (text) for an unknown outcome or no storefront origin; 404 otherwise.
 */
export async function mockCheckout(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  uuid: string,
  action: string | undefined,
  switches: MockSwitches,
): Promise<void> {
  if (req.method === 'POST' && action === 'result') {
    const outcome = OUTCOMES[new URLSearchParams(await readBody(req)).get('outcome') ?? ''];
    const origin = storefrontOrigin(req);
    if (!outcome || !origin) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Choose Pay, Decline, Cancel or Leave it processing.');
      return;
    }
    switches.set('getPaymentStatus', `code=200, example=${outcome.example}`);
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
