/**
 * An activity entry's change in words: each field in `before` or `after` as
 * "field: old → new" ("status: awaiting_payment → paid"), a field only in `after` as
 * "field: new", only in `before` as "field: old → (removed)". Values are shown as they are
 * (text as text, anything else as JSON).
 */
export interface Change {
  field: string;
  before?: string;
  after?: string;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields that changed, in the order they first appear. */
export function describeChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    before: before && field in before ? show(before[field]) : undefined,
    after: after && field in after ? show(after[field]) : undefined,
  }));
}

/** One change as a line of text. */
export function changeText(change: Change): string {
  const name = change.field.replace(/_/g, ' ');
  if (change.before === undefined) return `${name}: ${change.after}`;
  if (change.after === undefined) return `${name}: ${change.before} → (removed)`;
  return `${name}: ${change.before} → ${change.after}`;
}
