/**
 * What every settings change shares (the owner's settings, back office; the door checks
 * `settings.manage` and hands over an `Acting`, server/platform/journal.ts): the refusals, the
 * checks of typed text (no NUL or control characters, trimmed, bounded), the entry written down
 * through the door's journal (the activity log) with only the fields that changed, and the
 * storefront's caches forgotten after the commit.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, NUL_MESSAGE } from '../platform/field-messages.ts';
import type { Acting } from '../platform/journal.ts';
import type { SettingsErrorCode } from './errors.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

/**
 * What a settings change needs besides the database: who acts (their shop, and the journal the
 * change is written down through), and the storefront's caches to forget once it is committed
 * (`app.catalogCache.invalidate`, which tells other processes too).
 */
export interface SettingsContext {
  db: Db;
  /** The member acting, as the door hands them over: `tenantId` and `journal` are used. */
  acting: Acting;
  /** Called after the commit: the storefront (every process) forgets what it showed of the shop. */
  changed(tenantId: number): void;
  now?: () => Date;
}

/** `invalid_settings` (400) with each bad field's messages. */
export const invalidSettings = (fields: FieldErrors) =>
  new DomainError<SettingsErrorCode>('invalid_settings', 'Invalid input.', { fields });

/** `settings_not_found` (404, "Not found."). */
export const settingsNotFound = () =>
  new DomainError<SettingsErrorCode>('settings_not_found', 'Not found.');

/** `settings_conflict` (409) with the plain sentence the back office shows. */
export const settingsConflict = (message: string) =>
  new DomainError<SettingsErrorCode>('settings_conflict', message);

// Control characters but tab, line feed and carriage return (NUL among them).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Collects the field errors of one form, to refuse them all in one answer. */
export class FieldCheck {
  readonly errors: FieldErrors = {};

  /** Adds `message` to `field`. */
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /**
   * The text of `field` trimmed, or undefined (and an error) when it holds a NUL or another
   * control character (`multiline` lets line breaks and tabs through), is blank while
   * `required`, or is longer than `max` characters.
   */
  text(
    field: string,
    value: string,
    options: { max: number; required?: boolean; multiline?: boolean },
  ): string | undefined {
    if (value.includes('\u0000')) return void this.add(field, NUL_MESSAGE);
    if (CONTROL.test(value) || (!options.multiline && /[\r\n\t]/.test(value)))
      return void this.add(field, 'Control characters are not allowed.');
    const trimmed = value.trim();
    if (options.required && trimmed === '') return void this.add(field, BLANK_MESSAGE);
    if (trimmed.length > options.max)
      return void this.add(field, `Ensure this field has no more than ${options.max} characters.`);
    return trimmed;
  }

  /** Throws `invalid_settings` with every error collected, if any. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw invalidSettings(this.errors);
  }
}

/**
 * The fields of `before` and `after` whose values differ (compared as JSON), as the activity
 * log keeps them; null when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}

/**
 * Writes one settings change down through `ctx.acting.journal` inside `trx` (object type
 * `settings`, the object named `site`, `workshop`, `payments`, `shipping_zone:<id>` or
 * `shipping_method:<id>`), at `ctx.now` when given.
 */
export async function recordSettingsChange(
  trx: Trx,
  ctx: SettingsContext,
  action: string,
  objectId: string,
  change: { before?: unknown; after?: unknown },
): Promise<void> {
  await ctx.acting.journal(
    trx,
    {
      action,
      objectType: 'settings',
      objectId,
      before: change.before ?? null,
      after: change.after ?? null,
    },
    ctx.now?.() ?? new Date(),
  );
}

/**
 * Runs `change` in one transaction, then (once committed) tells the storefront's caches that
 * `ctx.acting`'s shop changed; answers what `change` answers.
 */
export async function settingsTransaction<T>(
  ctx: SettingsContext,
  change: (trx: Trx) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction().execute(change);
  ctx.changed(ctx.acting.tenantId);
  return result;
}

/** A shop's shipping zones or its methods: their table and their name in the log. */
export interface ShippingKind {
  table: 'shipping_zones' | 'shipping_methods';
  /** `zone` or `method`: the activity's action (`shipping_<noun>.create`) and refusals. */
  noun: 'zone' | 'method';
}

/** The zones (./shipping-zones.ts). */
export const ZONES: ShippingKind = { table: 'shipping_zones', noun: 'zone' };
/** The methods (./shipping-methods.ts). */
export const METHODS: ShippingKind = { table: 'shipping_methods', noun: 'method' };

/** What {@link reorderShippingRows} puts in order: a shop's zones or its methods. */
interface ShippingList<T extends { id: number; position: number }> extends ShippingKind {
  /** Every row of the shop, in its current order. */
  rows(trx: Trx, tenantId: number): Promise<T[]>;
}

/** The position after the last of `rows`: 0 for a shop's first. */
export function nextPosition(rows: readonly { position: number }[]): number {
  return rows.length === 0 ? 0 : Math.max(...rows.map((row) => row.position)) + 1;
}

/**
 * Logs `shipping_<noun>.create` for zone or method `created`, written in `trx`, with its fields
 * but its id and position.
 */
export async function recordShippingCreate(
  trx: Trx,
  ctx: SettingsContext,
  kind: ShippingKind,
  created: { id: number; position: number },
): Promise<void> {
  const { id, position: _position, ...after } = created;
  await recordSettingsChange(
    trx,
    ctx,
    `shipping_${kind.noun}.create`,
    `shipping_${kind.noun}:${id}`,
    {
      after,
    },
  );
}

/**
 * Deletes zone or method `deleted` (the caller found it in the shop and allowed it) and logs
 * `shipping_<noun>.delete` with its fields, but its id and position, as they were.
 */
export async function deleteShippingRow(
  trx: Trx,
  ctx: SettingsContext,
  kind: ShippingKind,
  deleted: { id: number; position: number },
): Promise<void> {
  await trx.deleteFrom(kind.table).where('id', '=', deleted.id).execute();
  const { id, position: _position, ...before } = deleted;
  await recordSettingsChange(
    trx,
    ctx,
    `shipping_${kind.noun}.delete`,
    `shipping_${kind.noun}:${id}`,
    {
      before,
    },
  );
}

/**
 * When `after` differs from `before` (zone or method `before.id`), runs `write` to save it and
 * logs `shipping_<noun>.update` with the fields that changed.
 */
export async function saveShippingChange<T extends { id: number; position: number }>(
  trx: Trx,
  ctx: SettingsContext,
  kind: ShippingKind,
  before: T,
  after: T,
  write: () => Promise<unknown>,
): Promise<void> {
  const diff = changedFields(before, after);
  if (!diff) return;
  await write();
  await recordSettingsChange(
    trx,
    ctx,
    `shipping_${kind.noun}.update`,
    `shipping_${kind.noun}:${before.id}`,
    diff,
  );
}

/**
 * Puts a shop's shipping zones or methods in the order of `ids` (each of them once), logs
 * `shipping_<noun>.reorder` with the ids before and after (nothing when the order is the same),
 * and answers them in their new order.
 * @throws DomainError `invalid_settings` on `ids` when it does not name each row once.
 */
export async function reorderShippingRows<T extends { id: number; position: number }>(
  ctx: SettingsContext,
  list: ShippingList<T>,
  ids: readonly number[],
): Promise<T[]> {
  const tenantId = ctx.acting.tenantId;
  return settingsTransaction(ctx, async (trx) => {
    const rows = await list.rows(trx, tenantId);
    const before = rows.map((row) => row.id);
    if (!sameIds(before, ids)) {
      throw invalidSettings({ ids: [`Name every ${list.noun} once, in the new order.`] });
    }
    for (const [position, id] of ids.entries()) {
      await trx
        .updateTable(list.table)
        .set({ position })
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .execute();
    }
    if (JSON.stringify(before) !== JSON.stringify(ids)) {
      await recordSettingsChange(trx, ctx, `shipping_${list.noun}.reorder`, list.table, {
        before: { ids: before },
        after: { ids },
      });
    }
    return ids.map((id, position) => ({ ...rows.find((row) => row.id === id)!, position }));
  });
}

/** True when `ids` names each of `existing` exactly once. */
export function sameIds(existing: readonly number[], ids: readonly number[]): boolean {
  return (
    existing.length === ids.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => existing.includes(id))
  );
}
