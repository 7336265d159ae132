/**
 * The words `npm run contract:diff` prints for each change: `response 200: required field
 * \`slug\` removed`, `query parameter \`ordering\`: enum value "name" removed`. Pure functions.
 */
import type { Diff } from 'api-smart-diff';
import {
  COMBINERS,
  isObject,
  resolveRef,
  schemaTail,
  typeList,
  type PathSegment,
  type Place,
  type SchemaTail,
} from './contract-diff-place.ts';

/** A `type` for a sentence: `string`, `string | null`. */
const showType = (value: unknown) => typeList(value).join(' | ') || show(value);

/** A value for a sentence: strings quoted, long values cut to 60 characters. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

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

/**
 * The change in words, without the operation (the report prints that beside it). `required`
 * says the field was added or removed together with its `required` entry.
 */
export function describe(
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
