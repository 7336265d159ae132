/**
 * Handler types derived from the generated contract types (common/storefront-api.d.ts), so a handler
 * that returns the wrong shape or reads an undeclared parameter fails the typecheck.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../common/storefront-api';

export type OperationId = keyof operations;
export type Schemas = components['schemas'];

type Op<K extends OperationId> = operations[K];
type Part<T, P extends string> = T extends { [key in P]?: infer V }
  ? [NonNullable<V>] extends [never]
    ? unknown
    : V
  : unknown;

/** The query, path and body types of operation K. */
export type Query<K extends OperationId> = NonNullable<Part<Op<K>['parameters'], 'query'>>;
export type PathParams<K extends OperationId> = NonNullable<Part<Op<K>['parameters'], 'path'>>;
export type RequestBody<K extends OperationId> =
  NonNullable<Op<K>['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : unknown;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<K extends OperationId> = Op<K>['responses'];

/** The body of operation K's success answer (200 or 201). */
export type SuccessBody<K extends OperationId> =
  | JsonOf<Responses<K> extends Record<200, infer R> ? R : never>
  | JsonOf<Responses<K> extends Record<201, infer R> ? R : never>;

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
