/**
 * The storefront contract's shapes by name and by operation, derived from the generated types
 * (./storefront-api.d.ts): what the server's domain folders answer with and its HTTP layer
 * checks handlers against, so a wrong shape or an undeclared parameter fails the type check.
 */
import type { components, operations } from './storefront-api';

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
