/**
 * The back office contract's shapes by name and by operation, derived from the generated types
 * (./admin-api.d.ts, from openapi/admin.yaml): what the admin handlers answer with and the back
 * office reads, so a wrong shape or an undeclared parameter fails the type check. The same
 * helpers as ./storefront-contract.ts (./contract-types.ts), over the admin operations.
 */
import type { components, operations } from './admin-api';
import type { PathParamsOf, QueryOf, RequestBodyOf, SuccessBodyOf } from './contract-types';

export type OperationId = keyof operations;
export type Schemas = components['schemas'];

/** The query, path and body types of operation K. */
export type Query<K extends OperationId> = QueryOf<operations, K>;
export type PathParams<K extends OperationId> = PathParamsOf<operations, K>;
export type RequestBody<K extends OperationId> = RequestBodyOf<operations, K>;

/** The body of operation K's success answer (200 or 201); `never` for a 204-only operation. */
export type SuccessBody<K extends OperationId> = SuccessBodyOf<operations, K>;
