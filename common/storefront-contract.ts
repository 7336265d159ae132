/**
 * The storefront contract's shapes by name and by operation, derived from the generated types
 * (./storefront-api.d.ts): what the server's domain folders answer with and its HTTP layer
 * checks handlers against, so a wrong shape or an undeclared parameter fails the type check.
 * The helpers are ./contract-types.ts's, bound to this contract's operations.
 */
import type { PathParamsOf, QueryOf, RequestBodyOf, SuccessBodyOf } from './contract-types';
import type { components, operations } from './storefront-api';

export type OperationId = keyof operations;
export type Schemas = components['schemas'];

/** The query, path and body types of operation K. */
export type Query<K extends OperationId> = QueryOf<operations, K>;
export type PathParams<K extends OperationId> = PathParamsOf<operations, K>;
export type RequestBody<K extends OperationId> = RequestBodyOf<operations, K>;

/** The body of operation K's success answer (200 or 201). */
export type SuccessBody<K extends OperationId> = SuccessBodyOf<operations, K>;
