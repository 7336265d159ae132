/// <reference types="node" />
/**
 * `npm run lint`, after Redocly and ESLint: checks of a contract that those do not make, of
 * `openapi/storefront.yaml` by default or of the file named as the first argument (`npm run
 * lint` runs it once more on `openapi/admin.yaml`). Exits 1 with every problem listed.
 *
 * 1. YAML 1.1. Client generators in other languages read the contract with YAML 1.1 parsers
 *    (openapi-generator's SnakeYAML, PyYAML). The document must parse with the `yaml` package
 *    in 1.1 mode to exactly the same data as in 1.2 (so no `yes`, `12:30`, `010` or unquoted
 *    date silently changes type), and no plain scalar inside a flow collection (`{ ... }`,
 *    `[ ... ]`) may hold `?` or `:`, which PyYAML and SnakeYAML refuse (`{ message: Is it
 *    sharp?, ... }`), nor a comma: `{ detail: Sent, not collected. }` reads as `detail: Sent`
 *    and a second key `not collected.` without a value, in every YAML reader, so no other check
 *    would notice. When python3 has PyYAML, the document is also loaded with it and compared.
 * 2. Examples. Every request body and every response with content, success or error, has at
 *    least one example, and every example (media-type examples, parameter examples, schema
 *    `examples`) is valid against its schema, checked with Ajv's 2020-12 dialect and formats.
 * 3. Mock images. Every image address an example names under the API's media path is one that
 *    `npm run mock` serves (scripts/lib/mock-media.ts), so no picture is broken in the mock.
 * 4. Open objects. An object schema with no `properties` (and no composition) must say
 *    `additionalProperties`: the server's response serializer (fast-json-stringify) writes an
 *    object without properties as `{}`, so the activity log's `before` and `after` once reached
 *    the owner empty although the database held every change.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';
import { mediaPathOf, mockMedia } from './lib/mock-media.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contract = process.argv[2] ?? 'openapi/storefront.yaml';
/** The contract, or the file named as the first argument (the admin contract, or a copy to try the checks on). */
const contractPath = path.resolve(process.argv[2] ?? path.join(root, contract));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const problems: string[] = [];
const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The first place where two parsed documents differ, as a JSON pointer and both values, or
 * null when they are equal. `labels` name the two readers in the message.
 */
function firstDifference(a: unknown, b: unknown, labels: [string, string], at = ''): string | null {
  if (Object.is(a, b)) return null;
  const kind = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : v instanceof Date ? 'date' : typeof v;
  if (kind(a) !== kind(b) || (typeof a !== 'object' && a !== b) || kind(a) === 'date') {
    const show = (v: unknown) => `${JSON.stringify(v)} (${kind(v)})`;
    return `${at || '/'}: ${labels[0]} reads ${show(a)}, ${labels[1]} reads ${show(b)}`;
  }
  const keysA = Object.keys(a as object);
  const keysB = Object.keys(b as object);
  for (const key of new Set([...keysA, ...keysB])) {
    const diff = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      labels,
      `${at}/${escapePointer(key)}`,
    );
    if (diff) return diff;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// 1. YAML 1.1

const source = readFileSync(contractPath, 'utf8');
const lineCounter = new LineCounter();
const doc12 = parseDocument(source, { lineCounter, prettyErrors: true });
const doc11 = parseDocument(source, { version: '1.1' });
for (const error of doc12.errors) problems.push(`YAML 1.2: ${error.message}`);
for (const error of doc11.errors) problems.push(`YAML 1.1: ${error.message}`);
const data = doc12.toJS({ maxAliasCount: -1 }) as JsonObject;

if (doc12.errors.length === 0 && doc11.errors.length === 0) {
  const diff = firstDifference(data, doc11.toJS({ maxAliasCount: -1 }), ['YAML 1.2', 'YAML 1.1']);
  if (diff) problems.push(`a value changes under YAML 1.1 (quote it): ${diff}`);
}

visit(doc12, {
  Pair(_key, pair, ancestors) {
    const parent = ancestors.at(-1);
    const key = pair.key;
    if (!isMap(parent) || !parent.flow || pair.value !== null || !isScalar(key) || !key.range) {
      return;
    }
    const { line, col } = lineCounter.linePos(key.range[0]);
    problems.push(
      `${contract}:${line}:${col}: ${JSON.stringify(key.source ?? String(key.value))} is a key without a value: a comma cut a plain scalar in a flow mapping (quote the whole value)`,
    );
  },
  Scalar(_key, node, ancestors) {
    if (node.type !== 'PLAIN' || !node.range) return;
    const inFlow = ancestors.some((a) => (isMap(a) || isSeq(a)) && a.flow);
    const text = source.slice(node.range[0], node.range[1]);
    if (inFlow && /[?:]/.test(text)) {
      const { line, col } = lineCounter.linePos(node.range[0]);
      problems.push(
        `${contract}:${line}:${col}: quote ${JSON.stringify(text)}: a plain scalar in a flow collection must not hold "?" or ":" (PyYAML and SnakeYAML refuse it)`,
      );
    }
  },
});

const python = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });
let pyYamlChecked = false;
if (python.status === 0 && problems.length === 0) {
  const load = spawnSync(
    'python3',
    [
      '-c',
      'import json, sys, yaml\n' +
        'with open(sys.argv[1], encoding="utf-8") as f: data = yaml.safe_load(f)\n' +
        'json.dump(data, sys.stdout, default=lambda v: {"not JSON": repr(v)})',
      contractPath,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (load.status !== 0) {
    problems.push(`PyYAML cannot load the contract:\n${load.stderr.trim()}`);
  } else {
    const diff = firstDifference(JSON.parse(JSON.stringify(data)), JSON.parse(load.stdout), [
      'YAML 1.2',
      'PyYAML',
    ]);
    if (diff) problems.push(`a value changes under PyYAML (quote it): ${diff}`);
  }
  pyYamlChecked = true;
}

// ---------------------------------------------------------------------------------------------
// 2. Examples

function resolve(
  value: Json | undefined,
  pointer: string,
): { value: Json | undefined; pointer: string } {
  let current = value;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    at = current.$ref;
    let target: Json | undefined = data;
    for (const raw of current.$ref.replace(/^#\//, '').split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return { value: current, pointer: at };
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ ...(data as object), $id: 'contract' }, 'contract');

let exampleCount = 0;
/** Every example value checked, with where it came from, for the image check. */
const exampleValues: { where: string; value: Json }[] = [];

function validate(where: string, schemaPointer: string, value: Json): void {
  exampleCount += 1;
  exampleValues.push({ where, value });
  const check = ajv.getSchema(`contract${schemaPointer}`);
  if (!check) {
    problems.push(`${where}: cannot compile the schema at ${schemaPointer}`);
    return;
  }
  if (!check(value)) {
    const errors = (check.errors ?? [])
      .slice(0, 4)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ');
    problems.push(`${where}: the example breaks its schema: ${errors}`);
  }
}

/** Checks the examples of one media type object; `required` demands at least one. */
function mediaExamples(where: string, pointer: string, media: JsonObject, required: boolean) {
  const schemaPointer = `${pointer}/schema`;
  let found = 0;
  if ('example' in media) {
    found += 1;
    if (media.schema !== undefined)
      validate(`${where} example`, schemaPointer, media.example ?? null);
  }
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const example = resolve(raw, '').value;
      if (!isObject(example) || !('value' in example)) {
        if (!(isObject(example) && 'externalValue' in example)) {
          problems.push(`${where}: example "${name}" has no value`);
        }
        continue;
      }
      found += 1;
      if (media.schema !== undefined)
        validate(`${where} example "${name}"`, schemaPointer, example.value ?? null);
    }
  }
  if (required && found === 0) problems.push(`${where}: no example`);
}

function contentExamples(where: string, pointer: string, owner: JsonObject, required: boolean) {
  if (!isObject(owner.content)) return;
  for (const [type, media] of Object.entries(owner.content)) {
    if (!isObject(media)) continue;
    mediaExamples(
      `${where} (${type})`,
      `${pointer}/content/${escapePointer(type)}`,
      media,
      required,
    );
  }
}

function parameterExamples(where: string, params: Json | undefined, basePointer: string) {
  if (!Array.isArray(params)) return;
  params.forEach((raw, i) => {
    const { value: param, pointer } = resolve(raw, `${basePointer}/${i}`);
    if (!isObject(param) || param.schema === undefined) return;
    const name = `${where} parameter ${String(param.name)}`;
    if ('example' in param) validate(name, `${pointer}/schema`, param.example ?? null);
    if (isObject(param.examples)) {
      for (const [key, ex] of Object.entries(param.examples)) {
        const example = resolve(ex, '').value;
        if (isObject(example) && 'value' in example) {
          validate(`${name} example "${key}"`, `${pointer}/schema`, example.value ?? null);
        }
      }
    }
  });
}

for (const [route, rawItem] of Object.entries(isObject(data.paths) ? data.paths : {})) {
  const itemPointer = `#/paths/${escapePointer(route)}`;
  const item = resolve(rawItem, itemPointer).value;
  if (!isObject(item)) continue;
  parameterExamples(route, item.parameters, `${itemPointer}/parameters`);
  for (const method of METHODS) {
    const op = item[method];
    if (!isObject(op)) continue;
    const opPointer = `${itemPointer}/${method}`;
    const name = typeof op.operationId === 'string' ? op.operationId : `${method} ${route}`;
    parameterExamples(name, op.parameters, `${opPointer}/parameters`);
    if (op.requestBody !== undefined) {
      const body = resolve(op.requestBody, `${opPointer}/requestBody`);
      if (isObject(body.value)) contentExamples(`${name} request`, body.pointer, body.value, true);
    }
    for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      const response = resolve(raw, `${opPointer}/responses/${escapePointer(code)}`);
      if (isObject(response.value)) {
        contentExamples(`${name} ${code}`, response.pointer, response.value, true);
      }
    }
  }
}

const schemas =
  isObject(data.components) && isObject(data.components.schemas) ? data.components.schemas : {};
for (const [name, schema] of Object.entries(schemas)) {
  if (!isObject(schema) || !Array.isArray(schema.examples)) continue;
  schema.examples.forEach((example, i) =>
    validate(
      `schema ${name} examples[${i}]`,
      `#/components/schemas/${escapePointer(name)}`,
      example,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// 3. Mock images

const imageAddresses = new Map<string, string>();
function collectImages(where: string, value: Json): void {
  if (typeof value === 'string') {
    const whole = mediaPathOf(value);
    if (whole) imageAddresses.set(whole, where);
    for (const match of value.matchAll(/\/api(\/media\/[^\s"'<>()?#]+)/g)) {
      imageAddresses.set(match[1]!, where);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) collectImages(where, v);
  } else if (isObject(value)) {
    for (const v of Object.values(value)) collectImages(where, v);
  }
}
for (const { where, value } of exampleValues) collectImages(where, value);
for (const [address, where] of imageAddresses) {
  if (!mockMedia(address)) {
    problems.push(
      `${where}: names the image /api${address}, which npm run mock does not serve (scripts/lib/mock-media.ts)`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Open objects

function openObjects(value: Json, pointer: string): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => openObjects(v, `${pointer}/${i}`));
    return;
  }
  if (!isObject(value)) return;
  const type = value.type;
  const isObjectType = type === 'object' || (Array.isArray(type) && type.includes('object'));
  const composed = ['properties', 'allOf', 'oneOf', 'anyOf', '$ref', 'additionalProperties'];
  if (isObjectType && !composed.some((key) => key in value)) {
    problems.push(
      `${pointer}: an object schema with no properties must say additionalProperties (the server's serializer would answer {})`,
    );
  }
  for (const [key, v] of Object.entries(value)) {
    if (key === 'examples' || key === 'example') continue;
    openObjects(v, `${pointer}/${escapePointer(key)}`);
  }
}
openObjects(data, '#');

// ---------------------------------------------------------------------------------------------

if (problems.length > 0) {
  console.error(`check-contract: ${problems.length} problem(s) in ${contract}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(
  `check-contract: ${contract} reads the same in YAML 1.1 and 1.2` +
    (pyYamlChecked ? ' (and in PyYAML)' : ' (PyYAML not installed: skipped)') +
    `; ${exampleCount} examples match their schemas; the mock serves all ${imageAddresses.size} example images.`,
);
