/**
 * Request fuzzing generated from the contract. For EVERY operation of
 * openapi/storefront.yaml (new ones are picked up without touching this file), a schema-valid
 * body is generated with json-schema-faker, then broken one field at a time: wrong types, out
 * of range, oversized, NUL and control characters, each required field missing; every path and
 * query parameter gets the same treatment. The requests carry a valid tenant and bearer token,
 * so they reach validation and the handlers.
 *
 * No answer may be a 5xx, and every 4xx must be `{detail: string}` or DRF field errors
 * (`{field: [string, ...]}`).
 */
import { readFileSync } from 'node:fs';
import { generateSync } from 'json-schema-faker';
import { parse } from 'yaml';
import { SPECIFICATION_PATH } from '../app.ts';
import { createCustomer, type TestCustomer } from '../test/shop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Json = Record<string, unknown>;
const doc = parse(readFileSync(SPECIFICATION_PATH, 'utf8')) as Json;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function resolve(node: unknown): Json {
  let current = node as Json;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i++) {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((n, key) => (n as Json)[key], doc) as Json;
  }
  return current ?? {};
}

interface Operation {
  id: string;
  method: (typeof METHODS)[number];
  path: string;
  parameters: { name: string; in: string; schema: Json; required: boolean }[];
  body: Json | null;
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = [
        ...((item.parameters as unknown[]) ?? []),
        ...((op.parameters as unknown[]) ?? []),
      ]
        .map(resolve)
        .map((p) => ({
          name: p.name as string,
          in: p.in as string,
          schema: resolve(p.schema),
          required: Boolean(p.required),
        }));
      const content = (resolve(op.requestBody).content ?? {}) as Record<string, Json>;
      const body = (content['application/json']?.schema as Json | undefined) ?? null;
      out.push({ id: op.operationId as string, method, path, parameters, body });
    }
  }
  return out;
}

/** A schema-valid value of `schema` (refs into the contract's components resolved). */
function sample(schema: Json): unknown {
  return generateSync({ ...schema, components: doc.components } as never, {
    seed: 10,
    maxItems: 2,
    maxLength: 20,
    alwaysFakeOptionals: true,
    maxDepth: 4,
  });
}

/** Values that break a field of this schema in every way the issue lists. */
function hostileValues(schema: Json): unknown[] {
  const s = resolve(schema);
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

const QUERY_VALUES = [
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

function fillPath(op: Operation, override?: { name: string; raw: string }): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (override?.name === name) return override.raw;
    const param = op.parameters.find((p) => p.name === name && p.in === 'path');
    const value = param ? sample(param.schema) : '1';
    return encodeURIComponent(String(value));
  });
}

function wellFormedError(status: number, text: string): string | null {
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

let t: TestApp;
let customer: TestCustomer;
beforeAll(async () => {
  t = await createTestApp({ contactMaxPerAddress: 100_000 });
  customer = await createCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('request fuzzing from the contract', () => {
  const ops = operations();

  it('covers every operation of the contract', () => {
    expect(ops.length).toBeGreaterThan(20);
  });

  for (const op of ops) {
    it(`${op.id}: hostile bodies and parameters never answer 5xx, and 4xx answers are {detail} or field errors`, async () => {
      const problems: string[] = [];
      let sent = 0;
      const send = async (url: string, payload?: string, contentType = 'application/json') => {
        sent++;
        const response = await t.app.inject({
          method: op.method.toUpperCase() as 'GET',
          url,
          headers: {
            ...customer.headers,
            ...(payload === undefined ? {} : { 'content-type': contentType }),
          },
          payload,
        });
        const problem = wellFormedError(response.statusCode, response.body);
        if (problem)
          problems.push(
            `${op.method.toUpperCase()} ${url.slice(0, 120)} ${payload?.slice(0, 120) ?? ''}: ${problem}`,
          );
      };
      const base = `/api${fillPath(op)}`;

      // Parameters, one at a time.
      for (const param of op.parameters) {
        if (param.in !== 'path' && param.in !== 'query') continue;
        for (const raw of QUERY_VALUES) {
          if (param.in === 'path') {
            if (raw === '') continue;
            await send(
              `/api${fillPath(op, { name: param.name, raw })}`,
              op.body ? '{}' : undefined,
            );
          } else {
            await send(`${base}?${param.name}=${raw}`, op.body ? '{}' : undefined);
            await send(
              `${base}?${param.name}=${raw}&${param.name}=${raw}`,
              op.body ? '{}' : undefined,
            );
          }
        }
      }

      if (op.body) {
        const schema = resolve(op.body);
        const valid = sample(schema);
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
            for (const value of hostileValues(propSchema)) {
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
      expect(problems, `${problems.length} of ${sent} requests`).toEqual([]);
    });
  }
});
