/**
 * The pure part of `npm run contract:diff`: compares two parsed copies of the contract
 * (`openapi/storefront.yaml`, OpenAPI 3.1) with api-smart-diff, says which changes break a
 * client generated from the older copy, checks that `info.version` moved as semantic versioning
 * asks, and writes the report. No file or git access here; scripts/contract-diff.ts does that.
 *
 * The rules (also in openapi/CHANGELOG.md): a breaking change needs a new major version, any
 * other change at least a new patch version, and a version never goes backwards.
 *
 * api-smart-diff classifies most changes well, including OpenAPI 3.1's `type: [string, 'null']`
 * when only a member of the list is added or removed. Where its classification is wrong for
 * this contract, `reclassify` corrects it after the fact (each case is checked by
 * scripts/lib/contract-diff.test.ts):
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
import { isDeepStrictEqual } from 'node:util';
import { apiCompare, type Diff, type DiffType } from 'api-smart-diff';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type PathSegment = string | number;

/** How the report groups a change: what breaks a client, what does not, and the rest. */
export type ChangeGroup = 'breaking' | 'non-breaking' | 'other';

/** One change between the two contracts, as the report lists it. */
export interface ContractChange {
  /** api-smart-diff's classification, after `reclassify`. */
  type: DiffType;
  group: ChangeGroup;
  action: Diff['action'];
  /** `GET /products/` for a change inside an operation, else `document` or `components`. */
  where: string;
  /** What changed, in words: `response 200: field \`slug\` removed`. */
  description: string;
  /** The JSON path api-smart-diff gives (into the older contract, or the newer for additions). */
  path: PathSegment[];
  /** Why this module overrode the library's classification, when it did. */
  reclassified?: string;
}

/** The result of `compareContracts`. */
export interface ContractComparison {
  /** `info.version` of the older and of the newer contract (as written; may be invalid). */
  versions: { before: string; after: string };
  /** Every change the report lists, breaking first, each operation's changes together. */
  changes: ContractChange[];
  /** Changes inside components/ that the list shows where operations use them instead. */
  componentChanges: number;
  /** Whether the contracts differ in anything but `info.version`. */
  changed: boolean;
}

/** The verdict of `checkVersion`: `ok` false when `problems` is not empty. */
export interface VersionVerdict {
  ok: boolean;
  /** Why the check fails, one sentence each, with the version to use. */
  problems: string[];
  /** Advice that does not fail the check. */
  notes: string[];
}

/** A parsed semantic version (semver.org 2.0.0); build metadata is dropped. */
export interface SemanticVersion {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Components the library also reports at every operation that uses them. */
const COMPONENTS_SHOWN_AT_USE = [
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'examples',
  'pathItems',
  'links',
  'callbacks',
];
const COMBINERS = ['allOf', 'oneOf', 'anyOf'];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` inside `root`, or undefined. */
function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[String(key)];
    else return undefined;
  }
  return node;
}

/** Follows a local `$ref` (`#/components/...`) to its target; anything else comes back as is. */
function resolveRef(root: unknown, value: unknown, seen = new Set<string>()): unknown {
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
function typeList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((t): t is string => typeof t === 'string');
  return [];
}

/** Whether every type in `inner` is allowed by `outer` (a `number` also allows `integer`). */
function typesWithin(inner: string[], outer: string[]): boolean {
  return inner.every((t) => outer.includes(t) || (t === 'integer' && outer.includes('number')));
}

/** A `type` for a sentence: `string`, `string | null`. */
const showType = (value: unknown) => typeList(value).join(' | ') || show(value);

/** A value for a sentence: strings quoted, long values cut to 60 characters. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

// ---------------------------------------------------------------------------------------------
// Where a change is

/** A change's place: its operation (if any), the request or response side, and its schema. */
interface Place {
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
function mergedParameters(doc: unknown, pathKey: string, method: string): unknown[] {
  const own = valueAt(doc, ['paths', pathKey, method, 'parameters']);
  const shared = valueAt(doc, ['paths', pathKey, 'parameters']);
  return [...(Array.isArray(own) ? own : []), ...(Array.isArray(shared) ? shared : [])];
}

function locate(diff: Diff, before: unknown, after: unknown): Place {
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
interface SchemaTail {
  /** `results[].status`, or '' for the schema itself. */
  field: string;
  /** The keyword that changed (`type`, `enum`, `properties`...), or '' for the whole schema. */
  keyword: string;
  /** The property name (for `properties`) or the item index (for `enum`, `type`...). */
  key?: PathSegment;
  /** Segments below the keyword and its key, for changes deeper in a keyword's value. */
  deeper: PathSegment[];
}

function schemaTail(segments: readonly PathSegment[]): SchemaTail {
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

// ---------------------------------------------------------------------------------------------
// Words

const VERB: Record<Diff['action'], string> = {
  add: 'added',
  remove: 'removed',
  replace: 'changed',
  rename: 'renamed',
};

/** A schema change in words: `field \`slug\` removed`, `\`status\`: enum value "x" added`. */
function describeSchemaChange(diff: Diff, tail: SchemaTail, required: boolean): string {
  const { field, keyword, key } = tail;
  const verb = VERB[diff.action];
  // A change to the schema itself reads `response 200: type ...`, to a field `\`slug\`: type ...`.
  const subject = field ? `\`${field}\`: ` : '';
  const status = field ? `\`${field}\`` : 'it';
  const value = diff.action === 'remove' ? diff.before : diff.after;
  const within = (name: PathSegment) => (field ? `${field}.${name}` : String(name));
  switch (keyword) {
    case '':
      return `${field ? `field \`${field}\`` : 'schema'} ${verb}`;
    case 'properties':
      return diff.action === 'replace'
        ? `field \`${within(key ?? '')}\` changed: ${show(diff.before)} -> ${show(diff.after)}`
        : `${required ? 'required field' : 'field'} \`${within(key ?? '')}\` ${verb}`;
    case 'required':
      if (typeof key === 'number' && typeof value === 'string') {
        return diff.action === 'add'
          ? `\`${within(value)}\` is now required`
          : `\`${within(value)}\` is no longer required`;
      }
      break;
    case 'enum':
      if (typeof key === 'number') return `${subject}enum value ${show(value)} ${verb}`;
      break;
    case 'type':
      if (typeof key === 'number') return `${subject}type ${show(value)} ${verb}`;
      if (diff.action === 'replace') {
        return `${subject}type ${showType(diff.before)} -> ${showType(diff.after)}`;
      }
      break;
    case 'deprecated':
      return diff.action === 'remove' || diff.after === false
        ? `${status} is no longer deprecated`
        : `${status} is deprecated`;
    case 'description':
    case 'title':
    case 'examples':
    case 'example':
      return `${subject}${keyword} ${verb}`;
  }
  if (COMBINERS.includes(keyword) && typeof key === 'number') {
    return `${subject}${keyword} option ${key + 1} ${verb}${diff.action === 'remove' ? '' : ` (${show(value)})`}`;
  }
  const what = [keyword, ...(key !== undefined ? [key] : []), ...tail.deeper].join('.');
  if (diff.action === 'replace') {
    return `${subject}${what} ${show(diff.before)} -> ${show(diff.after)}`;
  }
  return `${subject}${what} ${verb} (${show(value)})`;
}

/** The change in words, without the operation (the report prints that beside it). */
function describe(
  diff: Diff,
  place: Place,
  before: unknown,
  after: unknown,
  required: boolean,
): string {
  const verb = VERB[diff.action];
  const path = diff.path as PathSegment[];
  if (place.operation) {
    if (place.rest.length === 0) return `operation ${verb}`;
    if (place.schema) {
      return `${place.part}: ${describeSchemaChange(diff, schemaTail(place.schema), required)}`;
    }
    const [first] = place.rest;
    if (first === 'requestBody' && place.rest.length === 1) return `request body ${verb}`;
    if (first === 'responses' && place.rest.length === 2) return `${place.part} ${verb}`;
    if (first === 'parameters' && place.rest.length === 1) {
      // A first parameter list, or the last one going: name each parameter.
      const doc = diff.action === 'remove' ? before : after;
      const list = diff.action === 'remove' ? diff.before : diff.after;
      const names = (Array.isArray(list) ? list : []).map((raw: unknown) => {
        const p = resolveRef(doc, raw);
        if (!isObject(p)) return show(raw);
        return `${p.required === true ? 'required ' : ''}${String(p.in)} parameter \`${String(p.name)}\``;
      });
      return `${names.join(', ') || 'parameters'} ${verb}`;
    }
    if (place.part && place.rest.length === 2) return `${place.part} ${verb}`;
    const last = place.rest[place.rest.length - 1];
    if (place.part && last === 'required') {
      const required = diff.action !== 'remove' && diff.after === true;
      return `${place.part} is ${required ? 'now' : 'no longer'} required`;
    }
    if (last === 'deprecated') {
      const deprecated = diff.action !== 'remove' && diff.after === true;
      return `${place.part ?? 'operation'} ${deprecated ? 'deprecated' : 'no longer deprecated'}`;
    }
    const inner = place.part ? place.rest.slice(2) : place.rest;
    const what = `${place.part ? `${place.part}: ` : ''}${inner.join('.')}`;
    if (diff.action === 'replace') return `${what} ${show(diff.before)} -> ${show(diff.after)}`;
    return `${what} ${verb}`;
  }
  if (path[0] === 'components' && path[1] === 'securitySchemes' && path[2] !== undefined) {
    const what = `security scheme \`${path[2]}\``;
    const inner = path.slice(3).join('.');
    if (diff.action === 'replace') {
      return `${what}: ${inner} ${show(diff.before)} -> ${show(diff.after)}`;
    }
    return inner ? `${what}: ${inner} ${verb}` : `${what} ${verb}`;
  }
  if (path[0] === 'paths' && path.length === 1 && diff.action === 'rename') {
    return `path renamed to ${String(diff.after)}`;
  }
  if (diff.action === 'rename')
    return `${path.join('.')} renamed: ${show(diff.before)} -> ${show(diff.after)}`;
  if (diff.action === 'replace') {
    return `${path.join('.')}: ${show(diff.before)} -> ${show(diff.after)}`;
  }
  return `${path.join('.')} ${verb} (${show(diff.action === 'remove' ? diff.before : diff.after)})`;
}

// ---------------------------------------------------------------------------------------------
// Classification

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
 * Corrects api-smart-diff's classification where it is wrong for this contract (the module's
 * docstring lists the cases). Returns the diff's type and, when it changed, why.
 */
function reclassify(
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

const groupOf = (type: DiffType): ChangeGroup =>
  type === 'breaking' ? 'breaking' : type === 'non-breaking' ? 'non-breaking' : 'other';

const GROUP_ORDER: ChangeGroup[] = ['breaking', 'non-breaking', 'other'];

/** `info.version` of a parsed contract, or '' when it has none. */
function versionOf(doc: unknown): string {
  const version = valueAt(doc, ['info', 'version']);
  return typeof version === 'string' ? version : version === undefined ? '' : String(version);
}

/** A copy of the document without `info.version`, to tell whether anything else changed. */
function withoutVersion(doc: unknown): unknown {
  if (!isObject(doc) || !isObject(doc.info)) return doc;
  const { version: _version, ...info } = doc.info;
  return { ...doc, info };
}

/**
 * Compares two parsed OpenAPI 3.x documents (the older first), as a client generated from the
 * older one sees it. The documents are not modified. Throws whatever api-smart-diff throws on
 * input it cannot read (a document that is not an object, say).
 *
 * Changes inside `components/` (schemas, parameters, responses...) are not listed themselves:
 * the library reports each again, and classifies it, at every operation that uses it. They are
 * counted in `componentChanges`. Security schemes are listed, as nothing else reports them.
 */
export function compareContracts(before: unknown, after: unknown): ContractComparison {
  const { diffs } = apiCompare(before, after);
  const versions = { before: versionOf(before), after: versionOf(after) };
  const relevant = diffs.filter((d) => !(d.path[0] === 'info' && d.path[1] === 'version'));

  let componentChanges = 0;
  const listed: ContractChange[] = [];
  const seen = new Set<string>();
  const pathKey = (d: Pick<Diff, 'action' | 'path'>) => `${d.action} ${JSON.stringify(d.path)}`;
  const paths = new Set(relevant.map(pathKey));
  // A field added or removed with its `required` entry is one change to the reader: the entry
  // is not listed, and the field is called a required field.
  const requiredEntries = new Set<string>();
  const requiredFields = new Set<string>();
  for (const diff of relevant) {
    const [index, list] = [diff.path.at(-1), diff.path.at(-2)];
    const name = diff.action === 'remove' ? diff.before : diff.after;
    if (list !== 'required' || typeof index !== 'number' || typeof name !== 'string') continue;
    const property = pathKey({
      action: diff.action,
      path: [...diff.path.slice(0, -2), 'properties', name],
    });
    if (!paths.has(property)) continue;
    requiredEntries.add(pathKey(diff));
    requiredFields.add(property);
  }
  for (const diff of relevant) {
    const path = diff.path as PathSegment[];
    if (path[0] === 'components' && COMPONENTS_SHOWN_AT_USE.includes(String(path[1]))) {
      componentChanges += 1;
      continue;
    }
    if (requiredEntries.has(pathKey(diff))) continue;
    const place = locate(diff, before, after);
    const { type, reason } = reclassify(diff, place, before, after);
    const description = describe(diff, place, before, after, requiredFields.has(pathKey(diff)));
    const key = `${type} ${place.where} ${description}`;
    if (seen.has(key)) continue;
    seen.add(key);
    listed.push({
      type,
      group: groupOf(type),
      action: diff.action,
      where: place.where,
      description,
      path,
      ...(reason ? { reclassified: reason } : {}),
    });
  }

  const changed =
    relevant.length > 0 || !isDeepStrictEqual(withoutVersion(before), withoutVersion(after));
  if (changed && relevant.length === 0) {
    // The library skips some keys; the file still changed, so the version must still move.
    listed.push({
      type: 'unclassified',
      group: 'other',
      action: 'replace',
      where: 'document',
      description: 'the document differs in a way the diff tool does not report',
      path: [],
    });
  }
  listed.sort(
    (a, b) =>
      GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) ||
      a.where.localeCompare(b.where) ||
      a.description.localeCompare(b.description),
  );
  return { versions, changes: listed, componentChanges, changed };
}

// ---------------------------------------------------------------------------------------------
// Versions

/**
 * Parses `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]` (semver.org 2.0.0, no leading zeros).
 * Returns null for anything else.
 */
export function parseSemver(text: string): SemanticVersion | null {
  const match =
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/.exec(
      text,
    );
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

/** Orders two versions as semver.org's precedence rules do: negative, 0 or positive. */
export function compareSemver(a: SemanticVersion, b: SemanticVersion): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return core;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return b.prerelease.length - a.prerelease.length;
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i += 1) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const numeric = /^\d+$/;
    if (numeric.test(x) && numeric.test(y)) return Number(x) - Number(y);
    if (numeric.test(x) !== numeric.test(y)) return numeric.test(x) ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Checks `info.version` against the changes (the rules in openapi/CHANGELOG.md): a breaking
 * change needs a higher major version; any change needs a higher version; the version never
 * goes backwards; both versions must be semantic versions. A patch-only bump over additions
 * is allowed but noted (additions usually take a minor version).
 */
export function checkVersion(comparison: ContractComparison): VersionVerdict {
  const { before: oldText, after: newText } = comparison.versions;
  const problems: string[] = [];
  const notes: string[] = [];
  const old = parseSemver(oldText);
  const now = parseSemver(newText);
  if (!old || !now) {
    for (const [text, which] of [
      [oldText, 'older'],
      [newText, 'current'],
    ] as const) {
      if (!parseSemver(text)) {
        problems.push(
          `the ${which} contract's info.version ${JSON.stringify(text)} is not a semantic version (MAJOR.MINOR.PATCH).`,
        );
      }
    }
    return { ok: false, problems, notes };
  }

  const breaking = comparison.changes.filter((c) => c.group === 'breaking').length;
  const additions = comparison.changes.filter(
    (c) => c.group === 'non-breaking' && c.action === 'add',
  ).length;
  const order = compareSemver(now, old);
  const nextMajor = `${old.major + 1}.0.0`;
  const nextMinor = `${old.major}.${old.minor + 1}.0`;
  const nextPatch = `${old.major}.${old.minor}.${old.patch + 1}`;

  if (order < 0) {
    problems.push(`info.version went backwards: ${oldText} -> ${newText}.`);
  } else if (comparison.changed && order === 0) {
    const next = breaking > 0 ? nextMajor : additions > 0 ? nextMinor : nextPatch;
    const why =
      breaking > 0 ? ` (with ${breaking} breaking change${breaking === 1 ? '' : 's'})` : '';
    problems.push(
      `the contract changed${why} but info.version did not move (still ${newText}): set it to ${next}.`,
    );
  } else if (breaking > 0 && now.major <= old.major) {
    problems.push(
      `${breaking} breaking change${breaking === 1 ? '' : 's'} but the major version did not increase (${oldText} -> ${newText}): set info.version to ${nextMajor}, or undo the breaking change${breaking === 1 ? '' : 's'}.`,
    );
  }
  if (
    problems.length === 0 &&
    breaking === 0 &&
    additions > 0 &&
    now.major === old.major &&
    now.minor === old.minor
  ) {
    notes.push(
      `${additions} addition${additions === 1 ? '' : 's'} under a patch version: additions usually take a minor version (${nextMinor}).`,
    );
  }
  return { ok: problems.length === 0, problems, notes };
}

// ---------------------------------------------------------------------------------------------
// Report

const HEADINGS: Record<ChangeGroup, string> = {
  breaking: 'Breaking (a client generated from the older contract may fail)',
  'non-breaking': 'Non-breaking',
  other: 'Other (descriptions, examples, deprecations, unclassified)',
};

/**
 * The report `npm run contract:diff` prints: both versions, the changes grouped breaking /
 * non-breaking / other with the operation (`METHOD /path`) each is in, and the verdict.
 * `labels` name the two sides (`contract-v1.0.0`, `working tree`).
 */
export function formatReport(
  comparison: ContractComparison,
  verdict: VersionVerdict,
  labels: { before: string; after: string },
): string {
  const lines: string[] = [];
  const { versions } = comparison;
  lines.push(
    `contract-diff: openapi/storefront.yaml at ${labels.before} (${versions.before || 'no version'}) -> ${labels.after} (${versions.after || 'no version'})`,
  );
  if (!comparison.changed) {
    lines.push('', 'No changes to the contract.');
  }
  for (const group of GROUP_ORDER) {
    const changes = comparison.changes.filter((c) => c.group === group);
    if (changes.length === 0) continue;
    lines.push('', `${HEADINGS[group]}: ${changes.length}`);
    const width = Math.min(Math.max(...changes.map((c) => c.where.length)), 48);
    for (const change of changes) {
      const label = group === 'other' ? `[${change.type}] ` : '';
      const note = change.reclassified ? `  (${change.reclassified})` : '';
      lines.push(`  ${change.where.padEnd(width)}  ${label}${change.description}${note}`);
    }
  }
  if (comparison.componentChanges > 0) {
    lines.push(
      '',
      `(${comparison.componentChanges} change${comparison.componentChanges === 1 ? '' : 's'} inside components/, listed above at the operations that use them.)`,
    );
  }
  lines.push('');
  for (const note of verdict.notes) lines.push(`Note: ${note}`);
  if (verdict.ok) {
    lines.push(`OK: info.version ${versions.before} -> ${versions.after} fits the changes.`);
  } else {
    for (const problem of verdict.problems) lines.push(`FAILED: ${problem}`);
    lines.push(
      "The versioning rules are at the top of openapi/CHANGELOG.md; add the new version's entry there too.",
    );
  }
  return lines.join('\n');
}
