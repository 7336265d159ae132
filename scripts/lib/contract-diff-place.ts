/**
 * Where a change found by api-smart-diff sits in the contract, for `npm run contract:diff`:
 * the operation (`GET /products/`), the request or response side, the part of the operation
 * (`response 200`, `query parameter \`ordering\``) and the field inside its schema. Also the
 * small JSON helpers the other contract-diff modules share. Pure functions, no I/O.
 */
import type { Diff } from 'api-smart-diff';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type PathSegment = string | number;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
export const COMBINERS = ['allOf', 'oneOf', 'anyOf'];

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` inside `root`, or undefined. */
export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[String(key)];
    else return undefined;
  }
  return node;
}

/** Follows a local `$ref` (`#/components/...`) to its target; anything else comes back as is. */
export function resolveRef(root: unknown, value: unknown, seen = new Set<string>()): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) {
    return value;
  }
  const ref = value.$ref;
  if (seen.has(ref)) return undefined;
  seen.add(ref);
  const path = ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  return resolveRef(root, valueAt(root, path), seen);
}

/** `[string, 'null']`, `string` or nothing, as a list of type names. */
export function typeList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((t): t is string => typeof t === 'string');
  return [];
}

/** Whether every type in `inner` is allowed by `outer` (a `number` also allows `integer`). */
export function typesWithin(inner: string[], outer: string[]): boolean {
  return inner.every((t) => outer.includes(t) || (t === 'integer' && outer.includes('number')));
}
/** A change's place: its operation (if any), the request or response side, and its schema. */
export interface Place {
  /** `GET /products/`, or `document` / `components` outside the paths. */
  where: string;
  /** [path, method] when the change is inside an operation. */
  operation?: [string, string];
  side?: 'request' | 'response';
  /** The part of the operation, in words: `request body`, `response 200`, `query parameter x`. */
  part?: string;
  /** The path after the operation (`['responses', '200', ...]`). */
  rest: PathSegment[];
  /** The path inside the part's schema, when the change is in one. */
  schema?: PathSegment[];
}

/**
 * The parameters api-smart-diff sees for an operation: its own, then its path item's (the
 * library merges them in that order, and a parameter diff's index counts in that list).
 */
export function mergedParameters(doc: unknown, pathKey: string, method: string): unknown[] {
  const own = valueAt(doc, ['paths', pathKey, method, 'parameters']);
  const shared = valueAt(doc, ['paths', pathKey, 'parameters']);
  return [...(Array.isArray(own) ? own : []), ...(Array.isArray(shared) ? shared : [])];
}

/**
 * Where `diff` is: its operation, side, part and schema path. `before` and `after` are the two
 * parsed documents, read to name a parameter that the diff gives only by its index.
 */
export function locate(diff: Diff, before: unknown, after: unknown): Place {
  const path = diff.path as PathSegment[];
  if (path[0] === 'components') return { where: 'components', rest: path.slice(1) };
  if (path[0] === 'paths' && path.length === 1 && diff.action === 'rename') {
    return { where: String(diff.before), rest: [] };
  }
  if (path[0] !== 'paths' || path.length < 2) return { where: 'document', rest: path };
  const pathKey = String(path[1]);
  const method = String(path[2] ?? '');
  if (!METHODS.includes(method)) return { where: pathKey, rest: path.slice(2) };

  const place: Place = {
    where: `${method.toUpperCase()} ${pathKey}`,
    operation: [pathKey, method],
    rest: path.slice(3),
  };
  const [first, second] = place.rest;
  if (first === 'requestBody') {
    place.side = 'request';
    place.part = 'request body';
    if (place.rest[1] === 'content' && place.rest[3] === 'schema') {
      place.schema = place.rest.slice(4);
    }
    const mediaType = place.rest[2];
    if (typeof mediaType === 'string' && mediaType !== 'application/json') {
      place.part += ` (${mediaType})`;
    }
  } else if (first === 'responses' && second !== undefined) {
    place.side = 'response';
    place.part = `response ${second}`;
    const mediaType = place.rest[3];
    if (place.rest[2] === 'content' && place.rest[4] === 'schema') {
      place.schema = place.rest.slice(5);
      if (typeof mediaType === 'string' && mediaType !== 'application/json') {
        place.part += ` (${mediaType})`;
      }
    } else if (place.rest[2] === 'headers' && place.rest[3] !== undefined) {
      place.part += ` header \`${place.rest[3]}\``;
      if (place.rest[4] === 'schema') place.schema = place.rest.slice(5);
    }
  } else if (first === 'parameters' && typeof second === 'number') {
    place.side = 'request';
    const wholeParameter = place.rest.length === 2;
    const raw =
      wholeParameter && diff.action === 'add'
        ? diff.after
        : wholeParameter && diff.action === 'remove'
          ? diff.before
          : mergedParameters(before, pathKey, method)[second];
    const doc = diff.action === 'add' ? after : before;
    const parameter = resolveRef(doc, raw);
    const name = isObject(parameter) ? parameter.name : undefined;
    const where = isObject(parameter) ? parameter.in : undefined;
    const required = wholeParameter && isObject(parameter) && parameter.required === true;
    place.part = [required ? 'required' : '', typeof where === 'string' ? where : '', 'parameter']
      .filter(Boolean)
      .join(' ')
      .concat(` \`${String(name)}\``);
    if (place.rest[2] === 'schema') place.schema = place.rest.slice(3);
    else if (place.rest[2] === 'content' && place.rest[4] === 'schema') {
      place.schema = place.rest.slice(5);
    }
  } else if (first === 'parameters') {
    place.side = 'request';
    place.part = 'parameters';
  }
  return place;
}

/** A schema path split into the field it is about and the keyword that changed. */
export interface SchemaTail {
  /** `results[].status`, or '' for the schema itself. */
  field: string;
  /** The keyword that changed (`type`, `enum`, `properties`...), or '' for the whole schema. */
  keyword: string;
  /** The property name (for `properties`) or the item index (for `enum`, `type`...). */
  key?: PathSegment;
  /** Segments below the keyword and its key, for changes deeper in a keyword's value. */
  deeper: PathSegment[];
}

/** Splits a path inside a schema into the field (`results[].status`) and the changed keyword. */
export function schemaTail(segments: readonly PathSegment[]): SchemaTail {
  let field = '';
  const join = (name: PathSegment) => (field ? `${field}.${name}` : String(name));
  for (let i = 0; i < segments.length;) {
    const segment = segments[i];
    const next = segments[i + 1];
    const last = i + 1 === segments.length;
    if (segment === 'properties' && next !== undefined) {
      if (i + 2 === segments.length) return { field, keyword: 'properties', key: next, deeper: [] };
      field = join(next);
      i += 2;
    } else if (segment === 'items' && !last) {
      field += '[]';
      i += 1;
    } else if (segment === 'additionalProperties' && !last) {
      field += '{}';
      i += 1;
    } else if (typeof segment === 'string' && COMBINERS.includes(segment) && next !== undefined) {
      // A oneOf's branches are one field for the reader (a value or null, say).
      if (i + 2 === segments.length) return { field, keyword: segment, key: next, deeper: [] };
      i += 2;
    } else {
      return { field, keyword: String(segment), key: next, deeper: segments.slice(i + 2) };
    }
  }
  return { field, keyword: '', deeper: [] };
}
