/**
 * The pure part of `npm run contract:diff`: compares two parsed copies of the contract
 * (`openapi/storefront.yaml`, OpenAPI 3.1) with api-smart-diff, says which changes break a
 * client generated from the older copy, checks that `info.version` moved as semantic versioning
 * asks, and writes the report. No file or git access here; scripts/contract-diff.ts does that.
 *
 * The rules (also in openapi/CHANGELOG.md): a breaking change needs a new major version, any
 * other change at least a new patch version, and a version never goes backwards.
 *
 * The parts: contract-diff-place.ts says where a change is, contract-diff-classify.ts corrects
 * the library's classification where it misreads this contract (OpenAPI 3.1 type lists among
 * them), contract-diff-words.ts words each change, contract-diff-versions.ts checks the version.
 */
import { isDeepStrictEqual } from 'node:util';
import { apiCompare, type Diff, type DiffType } from 'api-smart-diff';
import { reclassify } from './contract-diff-classify.ts';
import { isObject, locate, valueAt, type PathSegment } from './contract-diff-place.ts';
import type { VersionVerdict } from './contract-diff-versions.ts';
import { describe } from './contract-diff-words.ts';

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
// Report

const HEADINGS: Record<ChangeGroup, string> = {
  breaking: 'Breaking (a client generated from the older contract may fail)',
  'non-breaking': 'Non-breaking',
  other: 'Other (descriptions, examples, deprecations, unclassified)',
};

/**
 * The report `npm run contract:diff` prints: both versions, the changes grouped breaking /
 * non-breaking / other with the operation (`METHOD /path`) each is in, and the verdict.
 * `labels` name the two sides (`openapi/releases/1.0.0.yaml`, `openapi/storefront.yaml`) and
 * the changelog that holds the contract's versioning rules (`openapi/CHANGELOG.md` by default).
 */
export function formatReport(
  comparison: ContractComparison,
  verdict: VersionVerdict,
  labels: { before: string; after: string; changelog?: string },
): string {
  const lines: string[] = [];
  const { versions } = comparison;
  lines.push(
    `contract-diff: ${labels.before} (${versions.before || 'no version'}) -> ${labels.after} (${versions.after || 'no version'})`,
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
      `The versioning rules are at the top of ${labels.changelog ?? 'openapi/CHANGELOG.md'}; add the new version's entry there too.`,
    );
  }
  return lines.join('\n');
}
