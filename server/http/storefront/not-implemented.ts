/**
 * The answer of every contract operation that no issue has implemented yet:
 * 501 `{"detail":"Not implemented yet."}`. app.ts falls back to it for any
 * operationId of the contract without a handler, so the route list always equals the contract's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function notImplemented(
  _request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  return reply.code(501).send({ detail: 'Not implemented yet.' });
}
