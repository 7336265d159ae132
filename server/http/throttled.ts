/**
 * The answer to a throttled request: 429 `{"detail":"Request was throttled. Expected available
 * in N seconds."}` with Retry-After (DRF's wording). A throttle is the HTTP layer's own refusal
 * (decision 019): the domain's throttles (server/platform/credentials/throttle.ts) throw
 * ThrottledError, and only this module knows it becomes a status and a header.
 */
import type { FastifyReply } from 'fastify';
import { ThrottledError } from '../platform/credentials/throttle.ts';

/**
 * Answers 429 `{detail}` with Retry-After for a ThrottledError; rethrows anything else (a
 * DomainError then reaches the error handler as usual). Used by every throttled operation
 * (login, registration, password change and reset, contact).
 */
export function throttled(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof ThrottledError)) throw error;
  return reply
    .code(429)
    .header('retry-after', String(error.retryAfterSeconds))
    .send({ detail: error.message });
}
