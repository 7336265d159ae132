/**
 * The type machinery behind a contract's shapes by operation, generic over the `operations`
 * type openapi-typescript generates (./storefront-api.d.ts, ./admin-api.d.ts), so each contract
 * module (./storefront-contract.ts, ./admin-contract.ts) is a few lines that bind it to its own
 * generated types instead of a copy of these helpers.
 *
 * `Ops` is a generated `operations` interface and `K` one of its operationIds.
 */

type Part<T, P extends string> = T extends { [key in P]?: infer V }
  ? [NonNullable<V>] extends [never]
    ? unknown
    : V
  : unknown;

type ParametersOf<Op> = Op extends { parameters: infer P } ? P : unknown;

/** The query parameters of operation K (`unknown` when it declares none). */
export type QueryOf<Ops, K extends keyof Ops> = NonNullable<Part<ParametersOf<Ops[K]>, 'query'>>;

/** The path parameters of operation K (`unknown` when it declares none). */
export type PathParamsOf<Ops, K extends keyof Ops> = NonNullable<
  Part<ParametersOf<Ops[K]>, 'path'>
>;

/** The JSON request body of operation K (`unknown` when it takes none). */
export type RequestBodyOf<Ops, K extends keyof Ops> = Ops[K] extends { requestBody?: infer R }
  ? NonNullable<R> extends { content: { 'application/json': infer B } }
    ? B
    : unknown
  : unknown;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ResponsesOf<Op> = Op extends { responses: infer R } ? R : never;

/** The body of operation K's success answer (200 or 201); `never` for a 204-only operation. */
export type SuccessBodyOf<Ops, K extends keyof Ops> =
  | JsonOf<ResponsesOf<Ops[K]> extends Record<200, infer R> ? R : never>
  | JsonOf<ResponsesOf<Ops[K]> extends Record<201, infer R> ? R : never>;
