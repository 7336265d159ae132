/**
 * The request validator of the reference API (architecture guide, "Server"): the contract's
 * schemas are JSON Schema 2020-12 (OpenAPI 3.1), compiled by Ajv's 2020 dialect instead of
 * Fastify's default draft-07 one, with the coercions the shop's API has always made (DRF's)
 * and two refusals the contract cannot express (non-finite numbers, NUL characters). Every
 * failure ends as a 400 in the contract's field-error shape (plugins/errors.ts words it).
 */
import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { DeferredCompiles } from './deferred-compiles.ts';

/**
 * A Fastify validator compiler (`app.setValidatorCompiler`) for the routes
 * fastify-openapi-glue makes from the contract: one Ajv for query strings, paths and headers
 * (strings coerced to the declared types, a repeated parameter to a list) and one for JSON
 * bodies (scalar coercion only). Header names are matched in lower case; query and path
 * values with a NUL are refused; non-finite numbers are refused everywhere. Each schema is
 * compiled on its route's first request, through `deferred` (deferred-compiles.ts says why).
 * @throws Error (from Ajv, on that first request or in `deferred.compileAll()`) for a schema
 * Ajv cannot compile.
 */
export function createValidatorCompiler(deferred: DeferredCompiles) {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12. Query strings arrive as strings, hence
  // coerceTypes; 'array' also turns a repeated parameter into a list where one is declared.
  // JSON bodies keep DRF's leniency for scalars ("2" for an integer, 42 for a string) but
  // not the list coercion: ["a"] where a string is expected is a wrong type, answered 400.
  const options = { strict: false, allErrors: true, useDefaults: true, removeAdditional: false };
  const ajv = new Ajv2020({ ...options, coerceTypes: 'array' });
  const bodyAjv = new Ajv2020({ ...options, coerceTypes: true });
  addFormats(ajv);
  addFormats(bodyAjv);
  let counter = 0;
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
    // fastify-openapi-glue gives every schema with a recursive $ref the same $id; Ajv refuses
    // a second schema with a known id, so each compiled schema gets its own.
    let own = '$id' in schema ? { ...schema, $id: `${String(schema.$id)}/${++counter}` } : schema;
    if (httpPart === 'headers') own = lowerCaseHeaderNames(own);
    const contractValidate = deferred.defer(() =>
      (httpPart === 'body' ? bodyAjv : ajv).compile(own),
    );
    return refuseUnstorable(contractValidate, httpPart === 'querystring' || httpPart === 'params');
  };
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Refuses, before and after the contract's own checks, values no field can mean and the database
 * cannot hold, so they end as a 400 instead of an odd lookup or a PostgreSQL error:
 * - a number too large for a double (`1e309` in JSON or in a query string) reads as Infinity,
 *   which Ajv's `integer` and `minimum` accept: 'A valid number is required.';
 * - with `refuseNul`, a NUL character in a query or path parameter (PostgreSQL cannot store or
 *   compare one in text): 'Null characters are not allowed.' (bodies are checked per field by
 *   their handlers).
 * `contractValidate` gives the contract's own validator (compiled on its first call).
 */
function refuseUnstorable(contractValidate: () => Validate, refuseNul: boolean): Validate {
  const wrapped: Validate = (data) => {
    // Looked for before the contract's checks, whose type coercion would turn a body's
    // Infinity into the string "Infinity" where a string is expected, and after them, when a
    // query string's "1e309" has become Infinity.
    let bad = unstorablePath(data, '', refuseNul);
    if (bad === null) {
      const validate = contractValidate();
      const valid = validate(data);
      wrapped.errors = validate.errors;
      if (!valid) return false;
      bad = unstorablePath(data, '', refuseNul);
      if (bad === null) return true;
    }
    wrapped.errors = [
      bad.nul
        ? {
            keyword: 'nul',
            instancePath: bad.path,
            schemaPath: '#',
            params: {},
            message: 'null characters are not allowed',
          }
        : {
            keyword: 'type',
            instancePath: bad.path,
            schemaPath: '#/type',
            params: { type: 'number' },
            message: 'must be a finite number',
          },
    ];
    return false;
  };
  return wrapped;
}

/** The JSON pointer of the first non-finite number (or NUL string) in `value`, or null. */
function unstorablePath(
  value: unknown,
  path: string,
  refuseNul: boolean,
): { path: string; nul: boolean } | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path, nul: false };
  if (typeof value === 'string')
    return refuseNul && value.includes('\u0000') ? { path, nul: true } : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const pointer = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const found = unstorablePath(item, pointer, refuseNul);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Node hands request headers over with lowercase names, and Fastify lowercases the names in a
 * headers schema only for its own validator: with a custom compiler the contract's
 * `Idempotency-Key` would never match (and a required `X-Gateway-Signature` never be found).
 */
function lowerCaseHeaderNames(schema: object): object {
  const { properties, required } = schema as {
    properties?: Record<string, unknown>;
    required?: unknown;
  };
  return {
    ...schema,
    ...(properties && {
      properties: Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    }),
    ...(Array.isArray(required) && {
      required: required.map((name) => (typeof name === 'string' ? name.toLowerCase() : name)),
    }),
  };
}
