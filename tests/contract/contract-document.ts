/**
 * The contract documents as the contract test reads them: openapi/storefront.yaml (and the back
 * office's openapi/admin.yaml) parsed to JSON, their operations, local `$ref`s followed, the
 * documented response of a status, and an Ajv 2020 instance that validates answers against the
 * response schemas (OpenAPI 3.1 schemas are JSON Schema 2020-12).
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** The repository root (the API and Prism run from there). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const contractFile = path.join(root, 'openapi', 'storefront.yaml');
/** The back office's contract, served by the same API under `/api/admin/`. */
export const adminContractFile = path.join(root, 'openapi', 'admin.yaml');

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One operation of the contract: `method` in upper case, `path` as written in the contract. */
export interface Operation {
  operationId: string;
  method: string;
  path: string;
  op: JsonObject;
}

/**
 * The parsed contract (the storefront's unless `file` names another).
 * @throws when the file is missing or is not YAML.
 */
export function loadContract(file: string = contractFile): JsonObject {
  return parse(readFileSync(file, 'utf8')) as JsonObject;
}

/** True for a JSON object (not null, not an array). */
export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string value, or '' for anything else (the cases read loosely typed answers). */
export function str(value: Json | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** Follows a local `$ref` (`#/components/...`); returns the value and its JSON pointer. */
export function deref(
  doc: JsonObject,
  value: Json | undefined,
  pointer: string,
): { value: Json | undefined; pointer: string } {
  let current = value;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    at = current.$ref;
    current = resolvePointer(doc, at);
  }
  return { value: current, pointer: at };
}

/** The value at a local JSON pointer. @throws for a `$ref` into another document. */
export function resolvePointer(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node: Json | undefined = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  }
  return node;
}

/** A key escaped for a JSON pointer (`~` as `~0`, `/` as `~1`). */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation of the contract that has an operationId, in document order. */
export function operations(doc: JsonObject): Operation[] {
  const out: Operation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [p, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op) && typeof op.operationId === 'string') {
        out.push({ operationId: op.operationId, method: method.toUpperCase(), path: p, op });
      }
    }
  }
  return out;
}

/** The documented response for `status` (exact code, then `4XX`-style range), or null. */
export function documentedResponse(
  doc: JsonObject,
  op: Operation,
  status: number,
): { pointer: string; response: JsonObject } | null {
  const responses = op.op.responses;
  if (!isObject(responses)) return null;
  const base = `#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses`;
  for (const key of [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`]) {
    if (key in responses) {
      const { value, pointer } = deref(doc, responses[key], `${base}/${key}`);
      if (isObject(value)) return { pointer, response: value };
    }
  }
  return null;
}

/** An Ajv 2020 with formats, holding the whole contract under the id `contract`. */
export function makeAjv(doc: JsonObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // The whole document is registered once, so `#/components/...` refs inside response
  // schemas resolve against it exactly as they do in the contract.
  ajv.addSchema({ ...doc, $id: 'contract' } as object, 'contract');
  return ajv;
}

export type ContractAjv = ReturnType<typeof makeAjv>;
