/**
 * Handler types over the contracts' operations (common/storefront-contract.ts, and the back
 * office's common/admin-contract.ts): a handler that returns the wrong shape or reads an
 * undeclared parameter fails the type check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  OperationId,
  PathParams,
  Query,
  RequestBody,
  SuccessBody,
} from '../../common/storefront-contract.ts';
import type {
  OperationId as AdminOperationId,
  PathParams as AdminPathParams,
  Query as AdminQuery,
  RequestBody as AdminRequestBody,
  SuccessBody as AdminSuccessBody,
} from '../../common/admin-contract.ts';

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

/** The typed Fastify request of the back office's operation K (openapi/admin.yaml). */
export type AdminOperationRequest<K extends AdminOperationId> = FastifyRequest<{
  Querystring: AdminQuery<K>;
  Params: AdminPathParams<K>;
  Body: AdminRequestBody<K>;
}>;

/**
 * One handler per operationId of the admin contract, typed as `OperationHandler`: it returns
 * the success body, or the reply once it has sent one itself (a 204).
 */
export type AdminOperationHandler<K extends AdminOperationId> = (
  request: AdminOperationRequest<K>,
  reply: FastifyReply,
) => Promise<AdminSuccessBody<K> | FastifyReply>;

/** A set of the back office's handlers keyed by operationId, each typed by its own operation. */
export type AdminHandlerMap = { [K in AdminOperationId]?: AdminOperationHandler<K> };
