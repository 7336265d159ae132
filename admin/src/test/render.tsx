/**
 * Test helpers for the back office's components: a fresh QueryClient per render, a signed-in
 * member's tokens, and a fake API (`fakeApi`) that answers by `METHOD path` and records every
 * request the client sends.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { setTokens } from '../api/tokens';
import { SHOP_CURRENCY_QUERY_KEY } from '../api/shop-currency';

/**
 * Renders `ui` inside a QueryClientProvider with retries off, the shop's currency known (US
 * dollars, the demo shop's; `currency` for another), as the frame has it.
 */
export function renderWithQuery(
  ui: ReactElement,
  { currency = 'USD' }: { currency?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(SHOP_CURRENCY_QUERY_KEY, currency);
  return {
    queryClient,
    ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>),
  };
}

/** Stores a token pair that does not expire for an hour. */
export function signIn(): void {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  setTokens(`h.${payload}.s`, 'refresh-1');
}

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces `fetch`: `answers['POST /orders/ORD-1/mark-paid/']` gives the status and body of
 * that call (a function may hold it back); anything else is a 404. Returns what was sent.
 */
export function fakeApi(
  answers: Record<string, { status: number; body?: unknown } | (() => Promise<Response>)>,
): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(input, init) : input;
      const path = new URL(request.url).pathname.replace(/^\/api\/admin/, '');
      // The sign-in guard asks whether the first-run set-up is due when the page names no shop,
      // as a test's page does, at moments a test does not choose: answered "no", and not counted
      // among the test's requests, unless the test answers it itself (features/setup).
      if (request.method === 'GET' && path === '/setup/' && !answers['GET /setup/'])
        return new Response(JSON.stringify({ required: false }), {
          headers: { 'Content-Type': 'application/json' },
        });
      // The sign-in screen reads the shop's name from the storefront's public settings: not
      // counted among the test's requests, and unknown (404) unless the test answers it.
      if (
        request.method === 'GET' &&
        path === '/api/pages/settings/public/' &&
        !answers['GET /api/pages/settings/public/']
      )
        return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
      const text = await request.clone().text();
      sent.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
      const answer = answers[`${request.method} ${path}`];
      if (typeof answer === 'function') return answer();
      if (!answer) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}
