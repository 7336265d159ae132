/**
 * Handler types over the contract's operations (common/storefront-contract.ts): a handler that
 * returns the wrong shape or reads an undeclared parameter fails the type check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  OperationId,
  PathParams,
  Query,
  RequestBody,
  SuccessBody,
} from '../../common/storefront-contract.ts';

/** The typed Fastify request of operation K. */
export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Querystring: Query<K>;
  Params: PathParams<K>;
  Body: RequestBody<K>;
}>;

/**
 * One handler per operationId: returns the success body (Fastify serializes it with the
 * contract's response schema), or the reply once it has sent an already serialized body
 * (plugins/catalog-cache.ts), or throws an `HttpError` for a documented error.
 */
export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<K> | FastifyReply>;

/** A set of handlers keyed by operationId, each typed by its own operation. */
export type HandlerMap = { [K in OperationId]?: OperationHandler<K> };
