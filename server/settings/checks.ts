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
import { BLANK_MESSAGE, NUL_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
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
    if (trimmed.length > options.max) return void this.add(field, tooLongMessage(options.max));
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
 * Runs `change` in one transaction, handing it the acting member's shop (`ctx.acting.tenantId`),
 * then (once committed) tells the storefront's caches that the shop changed; answers what
 * `change` answers.
 */
export async function settingsTransaction<T>(
  ctx: SettingsContext,
  change: (trx: Trx, tenantId: number) => Promise<T>,
): Promise<T> {
  const tenantId = ctx.acting.tenantId;
  const result = await ctx.db.transaction().execute((trx) => change(trx, tenantId));
  ctx.changed(tenantId);
  return result;
}

/**
 * When `after` differs from `before` (compared field by field as JSON), runs `write` with the
 * fields that changed (`diff.after` their new values) to save them, then logs `action` on
 * `objectId` with those fields before and after (see {@link recordSettingsChange}); does
 * nothing when nothing changed. Errors of `write` or the journal reach the caller (the
 * transaction rolls back).
 */
export async function saveSettingsChange<T extends Record<string, unknown>>(
  trx: Trx,
  ctx: SettingsContext,
  action: string,
  objectId: string,
  before: T,
  after: T,
  write: (diff: { before: Partial<T>; after: Partial<T> }) => Promise<unknown>,
): Promise<void> {
  const diff = changedFields(before, after);
  if (!diff) return;
  await write(diff);
  await recordSettingsChange(trx, ctx, action, objectId, diff);
}
