/**
 * Walking a contract's operations (openapi/storefront.yaml or openapi/admin.yaml) in tests: every
 * operation with its parameters and body schema, schema-valid samples (json-schema-faker), and the
 * hostile values the fuzz tests break each field with. New operations are picked up without
 * touching a test.
 */
import { readFileSync } from 'node:fs';
import { generateSync } from 'json-schema-faker';
import { parse } from 'yaml';

export type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One operation of a contract. */
export interface Operation {
  id: string;
  method: (typeof METHODS)[number];
  path: string;
  parameters: { name: string; in: string; schema: Json; required: boolean }[];
  body: Json | null;
  /** The operation's own `security`, when it overrides the document's. */
  security: Json[] | null;
}

/** A parsed contract and what tests read from it. */
export class ContractWalk {
  readonly doc: Json;

  constructor(specificationPath: string) {
    this.doc = parse(readFileSync(specificationPath, 'utf8')) as Json;
  }

  /** Follows `$ref`s into the document. */
  resolve(node: unknown): Json {
    let current = node as Json;
    for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) {
      current = (current.$ref as string)
        .slice(2)
        .split('/')
        .reduce<unknown>((n, key) => (n as Json)[key], this.doc) as Json;
    }
    return current ?? {};
  }

  /** Every operation of the document, in its order. */
  operations(): Operation[] {
    const out: Operation[] = [];
    for (const [path, item] of Object.entries(this.doc.paths as Record<string, Json>)) {
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const parameters = [
          ...((item.parameters as unknown[]) ?? []),
          ...((op.parameters as unknown[]) ?? []),
        ]
          .map((p) => this.resolve(p))
          .map((p) => ({
            name: p.name as string,
            in: p.in as string,
            schema: this.resolve(p.schema),
            required: Boolean(p.required),
          }));
        const content = (this.resolve(op.requestBody).content ?? {}) as Record<string, Json>;
        const body = (content['application/json']?.schema as Json | undefined) ?? null;
        out.push({
          id: op.operationId as string,
          method,
          path,
          parameters,
          body,
          security: (op.security as Json[] | undefined) ?? null,
        });
      }
    }
    return out;
  }

  /** A schema-valid value of `schema` (refs into the contract's components resolved). */
  sample(schema: Json): unknown {
    return generateSync({ ...schema, components: this.doc.components } as never, {
      seed: 10,
      maxItems: 2,
      maxLength: 20,
      alwaysFakeOptionals: true,
      maxDepth: 4,
    });
  }

  /**
   * The operation's path with each parameter filled: `values` first, then a sample of its
   * schema; `override` puts a raw (already encoded) value in one.
   */
  fillPath(
    op: Operation,
    override?: { name: string; raw: string },
    values: Record<string, string> = {},
  ): string {
    return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (override?.name === name) return override.raw;
      if (values[name] !== undefined) return encodeURIComponent(values[name]);
      const param = op.parameters.find((p) => p.name === name && p.in === 'path');
      const value = param ? this.sample(param.schema) : '1';
      return encodeURIComponent(String(value));
    });
  }
}

/** Values that break a field of this schema in every way the hardening issues list. */
export function hostileValues(walk: ContractWalk, schema: Json): unknown[] {
  const s = walk.resolve(schema);
  const values: unknown[] = [
    null,
    true,
    [],
    {},
    -1,
    1.5,
    '',
    'x\u0000y',
    '\u0001\u001f\u007f\u202e',
    'x'.repeat(100_000),
    Number.MAX_SAFE_INTEGER * 1024,
    -1e300,
  ];
  if (typeof s.maxLength === 'number') values.push('y'.repeat(s.maxLength + 1));
  if (typeof s.minimum === 'number') values.push(s.minimum - 1);
  if (typeof s.maximum === 'number') values.push(s.maximum + 1);
  return values;
}

/** Query and path values that break a parameter. */
export const QUERY_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  '9'.repeat(40),
  'x'.repeat(5000),
  '%00',
  'a%00b',
  '%01%1F%7F',
  '%E0%A4%A',
  '%F0%9F%92%A9',
  '',
];

/** Null when an answer is well formed (no 5xx; a 4xx is `{detail}` or field errors), else why not. */
export function wellFormedError(status: number, text: string): string | null {
  if (status >= 500) return `answered ${status}: ${text.slice(0, 200)}`;
  if (status < 400 || status === 404 || !text) return status === 404 && !text ? 'empty 404' : null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `4xx body is not JSON: ${text.slice(0, 100)}`;
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const entries = Object.entries(body);
    if (typeof (body as Json).detail === 'string') return null;
    if (
      entries.length > 0 &&
      entries.every(
        ([, v]) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'),
      )
    )
      return null;
  }
  return `4xx body is neither {detail} nor field errors: ${text.slice(0, 200)}`;
}

/**
 * Sends one operation every hostile request of the fuzz tests: each parameter broken in turn,
 * then (for a body) a valid body, wrong wholes, malformed JSON, a wrong media type, each required
 * field missing and each field hostile. `send(url, payload?, contentType?)` makes one request.
 * @param prefix the API's path before the contract's paths, e.g. `/api` or `/api/admin`.
 * @param pathValues fixed values for path parameters (a real order number, an id).
 */
export async function sendHostileRequests(
  walk: ContractWalk,
  op: Operation,
  prefix: string,
  send: (url: string, payload?: string, contentType?: string) => Promise<void>,
  pathValues: Record<string, string> = {},
): Promise<void> {
  const base = `${prefix}${walk.fillPath(op, undefined, pathValues)}`;
  for (const param of op.parameters) {
    if (param.in !== 'path' && param.in !== 'query') continue;
    for (const raw of QUERY_VALUES) {
      if (param.in === 'path') {
        if (raw === '') continue;
        await send(
          `${prefix}${walk.fillPath(op, { name: param.name, raw }, pathValues)}`,
          op.body ? '{}' : undefined,
        );
      } else {
        await send(`${base}?${param.name}=${raw}`, op.body ? '{}' : undefined);
        await send(`${base}?${param.name}=${raw}&${param.name}=${raw}`, op.body ? '{}' : undefined);
      }
    }
  }
  if (!op.body) return;
  const schema = walk.resolve(op.body);
  const valid = walk.sample(schema);
  await send(base, JSON.stringify(valid));
  for (const whole of [null, [], 'text', 1, true]) await send(base, JSON.stringify(whole));
  await send(base, '{"a":');
  await send(base, JSON.stringify(valid), 'text/plain');
  if (valid && typeof valid === 'object' && !Array.isArray(valid)) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      const { [name]: _dropped, ...rest } = valid as Json;
      await send(base, JSON.stringify(rest));
    }
    for (const [name, propSchema] of Object.entries(properties)) {
      for (const value of hostileValues(walk, propSchema)) {
        await send(base, JSON.stringify({ ...(valid as Json), [name]: value }));
      }
    }
    // A number too large for a double, written out.
    const first = Object.keys(properties)[0];
    if (first) {
      const json = JSON.stringify({ ...(valid as Json), [first]: 0 });
      await send(base, json.replace(`"${first}":0`, `"${first}":1e400`));
    }
  }
}
