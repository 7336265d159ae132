/*
 * Test helper (only tests import it): answers the storefront's fetch calls from a table of
 * API paths, so the real openapi-fetch client and its middleware run (a non-2xx answer becomes
 * an ApiError, as in the browser). Records every call with its method, path, query and body.
 */
import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** Reject the fetch instead of answering (a network failure). */
  networkError?: boolean;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs `fetch`: each request is answered from `answers` by its API path (the part after
 * `/api`), else 404 `{detail: 'Not found.'}`. A function answer is called per request.
 */
export function stubApi(
  answers: Record<string, StubAnswer | ((call: RecordedCall) => StubAnswer)>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api(?=\/)/, '');
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const call: RecordedCall = {
        method: request.method,
        path,
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      calls.push(call);
      const entry = answers[path];
      const answer = typeof entry === 'function' ? entry(call) : entry;
      if (answer?.networkError) throw new TypeError('Failed to fetch');
      const status = answer?.status ?? (answer ? 200 : 404);
      const body = answer ? answer.body : { detail: 'Not found.' };
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
