/**
 * A well-formed request for any operation of the contract, for the cases that only need the
 * API to get past validation (the 401s of customer operations, the 501s of operations not
 * implemented yet): the contract's own `example`/`examples` where it gives them, otherwise a
 * schema-valid value from json-schema-faker. The faker is seeded, so a run sends the same
 * values every time and a failure can be reproduced.
 */
import { generateSync, type JsonSchema } from 'json-schema-faker';
import {
  deref,
  escapePointer,
  isObject,
  resolvePointer,
  str,
  type Json,
  type JsonObject,
  type Operation,
} from './contract-document';

/** Fixed, so every run (and every schema) gets the same sample. */
const SEED = 7;

/**
 * A value valid against `schema` (local `$ref`s resolve against the contract's components):
 * required properties only, the schema's examples and defaults where it has them. Properties
 * marked readOnly are left out, since the server sets them and a request must not send them.
 * @throws when json-schema-faker cannot satisfy the schema.
 */
export function sample(doc: JsonObject, schema: Json | undefined): Json {
  if (!isObject(schema)) return null;
  return generateSync({ ...schema, components: doc.components } as JsonSchema, {
    seed: SEED,
    optionalsProbability: 0,
    useExamplesValue: true,
    useDefaultValue: true,
    // Deep enough that nested request objects are built in full rather than cut to nulls.
    maxDepth: 10,
    outputTransform: (value, node, at) =>
      at !== '/' && typeof node === 'object' && node.readOnly === true ? undefined : value,
  }) as Json;
}

/**
 * The example the contract gives on a parameter or media type: `example`, else the value of
 * its first named example; undefined when it gives none.
 */
function exampleOf(doc: JsonObject, holder: JsonObject): Json | undefined {
  if ('example' in holder) return holder.example;
  const named = isObject(holder.examples) ? Object.values(holder.examples) : [];
  const first = named.map((e) => deref(doc, e, '').value).find(isObject);
  return first && 'value' in first ? first.value : undefined;
}

function parameterValue(doc: JsonObject, param: JsonObject): string {
  const example = exampleOf(doc, param);
  const value = example !== undefined ? example : sample(doc, param.schema);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The path (parameters filled in, no `/api` prefix), required query parameters and JSON body
 * (undefined when the operation takes none) of a request the contract accepts for `op`.
 */
export function wellFormedRequest(
  doc: JsonObject,
  op: Operation,
): {
  path: string;
  query: Record<string, string>;
  body: Json | undefined;
  /** For a body that is not JSON (an image upload): its first media type's example as bytes. */
  rawBody?: { bytes: Uint8Array; contentType: string };
} {
  const pathItem = resolvePointer(doc, `#/paths/${escapePointer(op.path)}`);
  const params = [
    ...(isObject(pathItem) && Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(op.op.parameters) ? op.op.parameters : []),
  ]
    .map((p) => deref(doc, p, '').value)
    .filter(isObject);
  let p = op.path;
  const query: Record<string, string> = {};
  for (const param of params) {
    const name = str(param.name);
    if (param.in === 'path')
      p = p.replace(`{${name}}`, encodeURIComponent(parameterValue(doc, param)));
    if (param.in === 'query' && param.required === true) query[name] = parameterValue(doc, param);
  }
  let body: Json | undefined;
  const requestBody = deref(doc, op.op.requestBody, '').value;
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const media = requestBody.content['application/json'];
    if (isObject(media)) {
      const example = exampleOf(doc, media);
      body = example !== undefined ? example : sample(doc, media.schema);
    } else {
      const [contentType, other] = Object.entries(requestBody.content)[0] ?? [];
      if (contentType && isObject(other)) {
        const example = exampleOf(doc, other);
        const text = typeof example === 'string' ? example : '';
        return {
          path: p,
          query,
          body,
          rawBody: { bytes: new TextEncoder().encode(text), contentType },
        };
      }
    }
  }
  return { path: p, query, body };
}
