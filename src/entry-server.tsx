/**
 * The server render of the storefront (decision 008), built by `vite build --ssr` into
 * `dist/server/entry-server.js` and called by the reference server (server/http/pages.ts)
 * for every page request.
 *
 * Each call gets its own QueryClient and router (nothing is shared between requests), runs the
 * matched routes' loaders through the app's own openapi-fetch client, whose requests are handed
 * to the API in the same process for the tenant of the request (`fetchApi`), renders the
 * document with React and TanStack Router's SSR, and returns it with the dehydrated router and
 * query state inlined in nonce'd scripts. Any error thrown while rendering is re-thrown, so
 * the caller can log it and serve the SPA shell instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  RouterServer,
  createRequestHandler,
  getSsrStatus,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import { setApiTransport, type ApiTransport } from './api/client';
import type { RenderInput, RenderResult } from '../common/render-contract';
import { setServerSanitizer } from './components/sanitized-html';
import { createAppQueryClient, createAppRouter } from './app/router';
import { sanitizeOnServer } from './ssr/server-sanitizer';

export type { RenderInput, RenderResult } from '../common/render-contract';

const requestScope = new AsyncLocalStorage<ApiTransport>();

// One transport for the process; which request it serves is looked up per call, so two
// renders running at once never see each other's tenant.
setApiTransport((request) => {
  const fetchApi = requestScope.getStore();
  if (!fetchApi) return Promise.reject(new Error('API call outside a server render'));
  return fetchApi(request);
});
setServerSanitizer(sanitizeOnServer);

/** Renders `node` to a string once everything has loaded; rejects on the first render error. */
function renderToHtml(node: ReactNode, nonce: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const stream = renderToPipeableStream(node, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // An error inside a Suspense boundary would otherwise leave it to the browser to render:
      // a page that half failed is served as the shell instead.
      onError: fail,
      onShellError: fail,
      onAllReady() {
        if (failed) return;
        const sink = new PassThrough();
        let html = '';
        sink.setEncoding('utf8');
        sink.on('data', (chunk: string) => (html += chunk));
        sink.on('end', () => resolve(html));
        sink.on('error', fail);
        stream.pipe(sink);
      },
    });
    signal.addEventListener('abort', () => {
      fail(signal.reason);
      stream.abort(signal.reason);
    });
  });
}

/** Renders the page at `input.url`; see the module comment. Rejects when the render fails. */
export async function render(input: RenderInput): Promise<RenderResult> {
  const signal = AbortSignal.timeout(input.timeoutMs ?? 5000);
  const request = new Request(new URL(input.url, input.origin), {
    headers: { accept: 'text/html' },
    signal,
  });
  return requestScope.run(input.fetchApi, async () => {
    let routeIds: string[] = [];
    let status = 200;
    const handler = createRequestHandler({
      request,
      createRouter: () =>
        createAppRouter(createAppQueryClient({ server: true }), {
          origin: input.origin,
          nonce: input.nonce,
        }),
    });
    const response = await handler(async ({ router, responseHeaders }) => {
      routeIds = router.stores.matches.get().map((match) => match.routeId);
      status = getSsrStatus(router);
      const body = await renderToHtml(<RouterServer router={router} />, input.nonce, signal);
      // React writes the doctype of the <html> it renders; the router adds its own in front.
      const html = await transformHtmlStringWithRouter(router, body, { signal });
      return new Response(html.replace(/^(<!DOCTYPE html>)+/i, '<!DOCTYPE html>'), {
        status,
        headers: responseHeaders,
      });
    });
    if (response.status >= 300 && response.status < 400) {
      return {
        kind: 'redirect',
        status: response.status,
        location: response.headers.get('location') ?? '/',
      };
    }
    return { kind: 'html', status: response.status, html: await response.text(), routeIds };
  });
}
