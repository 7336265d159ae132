/**
 * Turns every error into a DRF-style body (contract: ErrorDetail / FieldErrors):
 * - request validation -> 400 `{"<field>": ["message"]}`, or `{"detail": ...}` when no field
 *   applies;
 * - `DomainError` (a domain folder's refusal) -> the status ./domain-errors.ts maps its code to,
 *   and its DRF-style body;
 * - `HttpError` (the HTTP layer's own refusals) -> its status and body;
 * - other client errors (bad JSON, wrong content type, too large) -> their status and `{"detail":
 *   ...}`;
 * - anything else -> 500 `{"detail":"Internal server error."}`, logged, never leaking a stack;
 * - unknown routes -> 404 `{"detail":"Not found."}` (plugins/pages.ts may answer HTML instead).
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-error.ts';
import { DomainError, errorBody, type FieldErrors } from '../platform/domain-error.ts';
import { statusOfDomainError } from './domain-errors.ts';
import { BLANK_MESSAGE, REQUIRED_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';

/** A handler for requests no route matched; plugins/pages.ts swaps in one that serves the page. */
export type NotFoundResponder = (request: FastifyRequest, reply: FastifyReply) => unknown;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers 404 `{"detail":"Not found."}`; replaceable to add an SPA fallback. */
    notFoundResponder: NotFoundResponder;
  }
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return REQUIRED_MESSAGE;
    case 'type': {
      const type = String(p.type).split(',')[0];
      if (type === 'integer') return 'A valid integer is required.';
      if (type === 'number') return 'A valid number is required.';
      if (type === 'boolean') return 'Must be a valid boolean.';
      if (type === 'string') return 'Not a valid string.';
      if (type === 'array') return 'Expected a list of items.';
      if (type === 'object') return 'Expected a dictionary of items.';
      return `Must be of type ${String(p.type)}.`;
    }
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(p.limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(p.limit)}.`;
    case 'minLength':
      return Number(p.limit) === 1
        ? BLANK_MESSAGE
        : `Ensure this field has at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return tooLongMessage(Number(p.limit));
    case 'enum':
      return `Not a valid choice. Expected one of: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'format':
      return p.format === 'email'
        ? 'Enter a valid email address.'
        : `Enter a valid ${String(p.format)}.`;
    case 'additionalProperties':
      return 'Unexpected field.';
    default: {
      const message = error.message ?? 'Invalid value.';
      return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
    }
  }
}

function fieldOf(error: ErrorObject): string | null {
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof p.missingProperty === 'string') {
    return [...pathSegments(error.instancePath), p.missingProperty].join('.');
  }
  if (error.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') {
    return [...pathSegments(error.instancePath), p.additionalProperty].join('.');
  }
  const segments = pathSegments(error.instancePath);
  return segments.length > 0 ? segments.join('.') : null;
}

function pathSegments(instancePath: string): string[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

// Ajv reports every failed branch of anyOf/oneOf; those branch errors say little on their own,
// so a field keeps only its first, most specific message.
const COMPOSITE = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not']);

/**
 * Maps Ajv errors of one request part to DRF field errors (nested paths joined with '.').
 * @returns field errors, or a `detail` body when no error names a field.
 */
export function validationBody(errors: readonly ErrorObject[]): FieldErrors | { detail: string } {
  const fields: FieldErrors = {};
  let detail: string | null = null;
  for (const error of errors) {
    if (COMPOSITE.has(error.keyword)) continue;
    const field = fieldOf(error);
    const message = describe(error);
    if (field === null) {
      detail ??= error.keyword === 'type' ? 'Invalid data. Expected a JSON object.' : message;
      continue;
    }
    const list = (fields[field] ??= []);
    if (list.length === 0) list.push(message);
  }
  if (Object.keys(fields).length > 0) return fields;
  return { detail: detail ?? 'Invalid request.' };
}

/**
 * The `detail` of a client error raised by Fastify or a plugin (bad JSON, wrong media type, body
 * too large, malformed URL): a fixed sentence per status. The framework's own message is never
 * sent: it echoes the URL or parts of the body and names the framework's internals.
 */
export function clientErrorDetail(error: { code?: string }, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'JSON parse error.';
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'A JSON request body is required.';
  if (status === 400) return 'Malformed request.';
  return STATUS_CODES[status] ?? 'Bad request.';
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that does not decode,
 * a path parameter longer than `maxParamLength`) answer in the API's `{detail}` shape too.
 */
export function frameworkErrorResponder(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  void reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .send({ detail: status === 414 ? 'URI Too Long' : clientErrorDetail(error, status) });
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate<NotFoundResponder>('notFoundResponder', (_request, reply) =>
    reply.code(404).send({ detail: 'Not found.' }),
  );

  app.setNotFoundHandler((request, reply) => app.notFoundResponder(request, reply));

  // No answer may be sniffed into another type (HTML, assets and media set it themselves).
  // A callback hook: it runs on every answer, where a promise each is measurable.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('x-content-type-options'))
      reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = statusOfDomainError(error);
      if (status === 500)
        request.log.error({ code: error.code }, 'a domain error without a status');
      return reply
        .code(status)
        .send(status === 500 ? { detail: 'Internal server error.' } : errorBody(error));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.body);
    }
    if (error.validation) {
      return reply.code(400).send(validationBody(error.validation as ErrorObject[]));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: clientErrorDetail(error, status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.' });
  });
}

/** Registers the error and not-found handlers on the root instance. */
export const errors = fp(errorsPlugin, { name: 'errors' });
