/// <reference types="node" />
/**
 * The mock gateway's index of the contract (scripts/mock-proxy.ts): every operation of
 * openapi/storefront.yaml with its method, path pattern and the example names of each
 * documented response, and the matching of a request to an operation and to the success
 * example named after one of its values (spec section 7's contract, as Prism serves it).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** True for a JSON object (not an array, not null). */
export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One operation of the contract, as the gateway needs it. */
export interface Operation {
  operationId: string;
  /** Upper case (`GET`). */
  method: string;
  /** The contract's path (`/products/products/{slug}/`). */
  template: string;
  /** Its first tag, or ''. */
  tag: string;
  summary: string;
  /** Matches a request path without the API prefix; one group per path parameter. */
  pattern: RegExp;
  pathParams: string[];
  /** Status code -> example names, in document order; codes in document order. */
  responses: Map<string, string[]>;
}

function resolveRef(doc: JsonObject, value: Json | undefined): Json | undefined {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    let target: Json | undefined = doc;
    for (const raw of pointer) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

/**
 * Reads the contract at `contractPath` and lists its operations in document order (response
 * `$ref`s followed, examples of `application/json` only).
 * @throws Error when the file cannot be read or is not YAML.
 */
export function loadOperations(contractPath: string): Operation[] {
  const doc = parse(readFileSync(contractPath, 'utf8')) as JsonObject;
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      const pathParams: string[] = [];
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          pathParams.push(name);
          return '([^/]+)';
        })
        .join('');
      const responses = new Map<string, string[]>();
      for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const response = resolveRef(doc, raw);
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        const media = content['application/json'];
        const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
        responses.set(code, Object.keys(examples));
      }
      out.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        template,
        tag: Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : '',
        summary: typeof op.summary === 'string' ? op.summary : '',
        pattern: new RegExp(`^${source}$`),
        pathParams,
        responses,
      });
    }
  }
  return out;
}

/** The operation a request is for, with its (decoded) path parameters, or null. */
export function matchOperation(
  operations: readonly Operation[],
  method: string,
  pathname: string,
): { op: Operation; params: Record<string, string> } | null {
  for (const op of operations) {
    if (op.method !== method) continue;
    const match = op.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    op.pathParams.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
    return { op, params };
  }
  return null;
}

/** The operation's first documented 2xx code, if any. */
export const successCode = (op: Operation) =>
  [...op.responses.keys()].find((c) => /^2\d\d$/.test(c));

/**
 * The `Prefer` value (`code=200, example=NAME`) of the success example named after a path,
 * query or (top-level) JSON body value of the request, as `name` or `{parameter}-{value}`,
 * if there is one; the paging parameters never pick an example.
 */
export function matchingExample(
  op: Operation,
  params: Record<string, string>,
  query: URLSearchParams,
  body: [string, string][],
): string | null {
  const code = successCode(op);
  const names = code ? (op.responses.get(code) ?? []) : [];
  const values = [
    ...Object.entries(params),
    ...[...query.entries()].filter(([name]) => !['page', 'page_size'].includes(name)),
    ...body,
  ];
  for (const [name, value] of values) {
    const found = names.find((n) => n === value || n === `${name}-${value}`);
    if (found) return `code=${code}, example=${found}`;
  }
  return null;
}

/** The top-level string and number fields of a JSON object body, as [name, value] pairs. */
export function bodyValues(body: Buffer): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (!isObject(parsed)) return [];
    return Object.entries(parsed).flatMap(([name, value]): [string, string][] =>
      typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
    );
  } catch {
    return [];
  }
}
