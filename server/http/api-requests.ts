/**
 * What the shop API's scope (app.ts) does to every request and answer besides routing, beside
 * the tenant check (plugins/tenant.ts):
 * - only JSON bodies are parsed: a body of any other media type answers 415, a JSON body
 *   nested deeper than any the contract defines 400 `{"detail":"The JSON body is nested too
 *   deeply."}`, and the raw text of each JSON body is kept as `request.rawBody` (the card
 *   gateway signs the bytes of its notification);
 * - an operation whose contract declares a body answers 400 `{"detail":"A JSON request body is
 *   required."}` when none was sent (every request body of the contract is required);
 * - answers under `noStorePrefix` (the storefront's `{publicApiPath}/accounts/`, the whole back
 *   office) carry `Cache-Control: no-store` (they hold tokens or a shop's private records);
 * - a security handler's error is answered as the error it wraps (plugins/auth.ts).
 *
 * Wrapped with fastify-plugin so the parsers, hooks and error handler apply to the scope that
 * registers it, and only to that scope: the docs, media and storefront routes keep Fastify's.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-error.ts';
import { nestsDeeperThan } from './json-depth.ts';
import { unwrapSecurityError } from './auth.ts';

export interface ApiRequestsPluginOptions {
  /** Routes under this path prefix answer `no-store`, e.g. `/api/accounts/`. */
  noStorePrefix: string;
}

async function apiRequestsPlugin(
  api: FastifyInstance,
  options: ApiRequestsPluginOptions,
): Promise<void> {
  // Tokens must never be stored by a browser or a proxy cache (RFC 6749, section 5.1).
  // Callback hooks here: they run on every API request, where a promise each is measurable.
  const { noStorePrefix } = options;
  api.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url?.startsWith(noStorePrefix)) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    done(null, payload);
  });
  api.setErrorHandler(unwrapSecurityError);
  // The API speaks JSON only: a body of any other type answers 415. (Fastify validates a
  // body against the schema of its own media type, so a text/plain body would otherwise
  // reach a handler unvalidated.) JSON bodies are kept as received too: the card gateway
  // signs the raw bytes of its notification. Parsing is still Fastify's own, with its
  // prototype-poisoning protection.
  const parseJson = api.getDefaultJsonParser('error', 'error');
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    // Refused before anything recurses into it: no body of the contract nests this deep.
    if (nestsDeeperThan(text)) {
      done(new HttpError(400, { detail: 'The JSON body is nested too deeply.' }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // Fastify validates a body only when one was sent with a media type; every request body
  // of the contract is required, so a request without one stops here.
  // (A body of another type, the back office's image upload, is its handler's to require.)
  api.addHook('preValidation', (request, _reply, done) => {
    const body = request.routeOptions.schema?.body as { content?: object } | undefined;
    if (
      request.body === undefined &&
      body &&
      (!body.content || 'application/json' in body.content)
    ) {
      return done(new HttpError(400, { detail: 'A JSON request body is required.' }));
    }
    done();
  });
}

/** Registers the API scope's body parsing, hooks and error handler (see the module comment). */
export const apiRequests = fp(apiRequestsPlugin, { name: 'api-requests' });
