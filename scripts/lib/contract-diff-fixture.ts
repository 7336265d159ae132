/**
 * The real contract, parsed, and small edits of it, for the tests of `npm run contract:diff`
 * (scripts/lib/contract-diff*.test.ts). Test code only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * `openapi/storefront.yaml` as written, but at version 1.0.0 whatever its real version: the
 * tests name the versions a change needs from there, and must not break when the contract
 * itself moves on.
 */
export const contractText = readFileSync(
  path.join(root, 'openapi', 'storefront.yaml'),
  'utf8',
).replace(/^( {2}version: ).*$/m, '$11.0.0');
/** {@link contractText}, parsed; never modified (use `changed`). */
export const contract = parse(contractText, { maxAliasCount: -1 }) as Contract;

// Enough of the contract's shape for the edits the tests make.
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  [key: string]: unknown;
};
export type Operation = { parameters?: unknown[]; security?: unknown[]; [key: string]: unknown };
export type Contract = {
  info: { version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
};

/** The contract after `edit`, at `version`; the original stays untouched. */
export function changed(edit: (doc: Contract) => void, version = contract.info.version): Contract {
  const doc = structuredClone(contract);
  edit(doc);
  doc.info.version = version;
  return doc;
}

/** The schema `name` of components/schemas in `doc`; throws when the contract has none. */
export const schema = (doc: Contract, name: string): Schema => {
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`no schema ${name} in the contract`);
  return found;
};
/** The field `field` of the schema `name` in `doc`; throws when there is none. */
export const property = (doc: Contract, name: string, field: string): Schema => {
  const found = schema(doc, name).properties?.[field];
  if (!found) throw new Error(`no field ${field} in ${name}`);
  return found;
};

/** A removed response field: the Category schema loses its required `slug`. */
export function removeCategorySlug(doc: Contract) {
  const category = schema(doc, 'Category');
  delete category.properties?.slug;
  category.required = category.required?.filter((name) => name !== 'slug');
}
