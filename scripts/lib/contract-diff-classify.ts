/**
 * How a change found by api-smart-diff affects a client generated from the older contract,
 * for `npm run contract:diff`.
 *
 * api-smart-diff classifies most changes well, including OpenAPI 3.1's `type: [string, 'null']`
 * when only a member of the list is added or removed. Where its classification is wrong for
 * this contract, `reclassify` corrects it after the fact (each case is checked by
 * scripts/lib/contract-diff-classify.test.ts):
 * - A `type` replaced outright (`string` to `[string, 'null']`, `integer` to `string`): the
 *   library reverses every rule inside a response schema, so any replaced type read as
 *   non-breaking there, and as breaking in every request. Here the two sets of types are
 *   compared: a response may only narrow, a request only widen.
 * - A `format`, `pattern` or `const` replaced inside a response: the same reversal made these
 *   non-breaking; a client may parse the value by its format, so they break.
 * - A request body added with `required: true`, or a first `parameters` list added holding a
 *   required parameter, read as non-breaking: old clients send neither, so they break.
 * - A path whose parameter is renamed (`/categories/{slug}/` to `/categories/{key}/`) read as
 *   non-breaking: the URL is the same, but a generated client names the path as written.
 * - Security requirements: the library calls an operation that newly needs a bearer token
 *   non-breaking. Here the requirements each operation ends up with are compared: a change
 *   breaks when a client that met the old requirement no longer meets the new one.
 */
import type { Diff, DiffType } from 'api-smart-diff';
import {
  METHODS,
  isObject,
  resolveRef,
  schemaTail,
  typeList,
  typesWithin,
  valueAt,
  type JsonObject,
  type Place,
} from './contract-diff-place.ts';

/** An operation's security requirements: its own, or the document's, as alternatives. */
function effectiveSecurity(doc: unknown, pathKey: string, method: string): Set<string>[] | null {
  const operation = valueAt(doc, ['paths', pathKey, method]);
  if (!isObject(operation)) return null;
  const requirements = operation.security ?? valueAt(doc, ['security']) ?? [];
  if (!Array.isArray(requirements) || requirements.length === 0) return [new Set()];
  return requirements.map(
    (requirement) => new Set(isObject(requirement) ? Object.keys(requirement) : []),
  );
}

/**
 * Whether a client that met the older requirements may fail the newer ones: some old
 * alternative (a set of schemes the client sends) satisfies no new alternative. Scopes are not
 * compared: the contract's schemes (an API key and a bearer token) have none.
 */
function securityTightened(before: Set<string>[], after: Set<string>[]): boolean {
  return before.some((sent) => !after.some((needed) => [...needed].every((s) => sent.has(s))));
}

function operationTightened(
  before: unknown,
  after: unknown,
  pathKey: string,
  method: string,
): boolean {
  const old = effectiveSecurity(before, pathKey, method);
  const now = effectiveSecurity(after, pathKey, method);
  return old !== null && now !== null && securityTightened(old, now);
}

/**
 * Corrects api-smart-diff's classification where it is wrong for this contract (this module's
 * docstring lists the cases). Returns the diff's type and, when it changed, why.
 */
export function reclassify(
  diff: Diff,
  place: Place,
  before: unknown,
  after: unknown,
): { type: DiffType; reason?: string } {
  const override = (type: DiffType, reason: string) =>
    type === diff.type ? { type } : { type, reason };

  if (place.schema && place.side) {
    const tail = schemaTail(place.schema);
    if (tail.keyword === 'type' && tail.key === undefined && diff.action === 'replace') {
      const old = typeList(diff.before);
      const now = typeList(diff.after);
      const compatible = place.side === 'request' ? typesWithin(old, now) : typesWithin(now, old);
      return override(
        compatible ? 'non-breaking' : 'breaking',
        place.side === 'request'
          ? 'a request type may widen, never narrow'
          : 'a response type may narrow, never widen',
      );
    }
    if (
      place.side === 'response' &&
      diff.action === 'replace' &&
      tail.key === undefined &&
      ['format', 'pattern', 'const'].includes(tail.keyword)
    ) {
      return override('breaking', `a client may rely on a response's ${tail.keyword}`);
    }
    return { type: diff.type };
  }

  if (place.operation) {
    const [pathKey, method] = place.operation;
    const [first] = place.rest;
    if (first === 'requestBody' && place.rest.length === 1 && diff.action === 'add') {
      const body = resolveRef(after, diff.after);
      if (isObject(body) && body.required === true) {
        return override('breaking', 'older clients send no request body');
      }
    }
    if (first === 'parameters' && place.rest.length === 1 && diff.action === 'add') {
      const added = Array.isArray(diff.after) ? diff.after : [];
      if (
        added.some(
          (p) =>
            isObject(resolveRef(after, p)) &&
            (resolveRef(after, p) as JsonObject).required === true,
        )
      ) {
        return override('breaking', 'older clients do not send a new required parameter');
      }
    }
    if (first === 'security') {
      return override(
        operationTightened(before, after, pathKey, method) ? 'breaking' : 'non-breaking',
        'compared the security requirements the operation ends up with',
      );
    }
  }

  if (diff.path[0] === 'paths' && diff.path.length === 1 && diff.action === 'rename') {
    // `/categories/{slug}/` to `/categories/{key}/` is the same URL, but a generated client
    // names the path and its parameters as written (openapi-fetch's `GET('/categories/{slug}/')`).
    return override('breaking', 'a generated client names the path as written');
  }
  if (place.where === 'document' && diff.path[0] === 'security') {
    const tightened = Object.entries(
      isObject(after) && isObject(after.paths) ? after.paths : {},
    ).some(
      ([pathKey, item]) =>
        isObject(item) &&
        METHODS.some(
          (method) =>
            isObject(item[method]) &&
            (item[method] as JsonObject).security === undefined &&
            operationTightened(before, after, pathKey, method),
        ),
    );
    return override(
      tightened ? 'breaking' : 'non-breaking',
      'compared the security requirements each operation ends up with',
    );
  }
  return { type: diff.type };
}
