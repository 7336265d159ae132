/**
 * The owner's discount codes in the back office (openapi/admin.yaml `listDiscountCodes`,
 * `createDiscountCode`, `updateDiscountCode`; issue 42, decision 088): made, changed and
 * deactivated (never deleted: orders name them), each change written to the activity log
 * through the door's journal (`discount.create`, `discount.update`; object `settings`
 * `discount_codes`, the code and what changed) in the transaction that makes it.
 *
 * A code's `value` is a percentage ("10.00", above 0 and at most 100, kept in basis points), an
 * amount ("5.00", above 0, kept in cents) or "0" for free delivery; its `scope` is the whole
 * order, or the chosen categories or products of the shop (at least one).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import { isRowId, isUniqueViolation } from '../platform/db/errors.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import { codeKey, MAX_CODE_LENGTH } from './discount-codes.ts';
import type { DiscountErrorCode } from './errors.ts';
import type { DiscountCodesTable, DiscountKind, DiscountScope } from './tables.ts';

export type AdminDiscountCode = Schemas['DiscountCode'];
type Row = Selectable<DiscountCodesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The owner's words for a refused field. */
export const CODE_FORM_MESSAGES = {
  code: 'Use 1 to 40 letters, digits, - or _.',
  taken: (code: string) => `Another code of the shop is ${code}.`,
  kind: 'Choose percent, amount or free_delivery.',
  scope: 'Choose order, categories or products.',
  percent: 'A percentage between 0.01 and 100.',
  amount: 'An amount above 0.00.',
  freeDelivery: 'A free-delivery code takes no value: use 0.',
  money: 'An amount such as 50.00.',
  targets: 'Choose at least one.',
  unknownCategory: 'Choose the shop’s own categories.',
  unknownProduct: 'Choose the shop’s own products.',
  date: 'A date and time such as 2026-12-01T00:00:00Z.',
  endAfterStart: 'The end must come after the start.',
  limit: 'A whole number from 1 to 1000000, or null for no limit.',
  boolean: 'Must be true or false.',
} as const;

const KINDS: readonly DiscountKind[] = ['percent', 'amount', 'free_delivery'];
const SCOPES: readonly DiscountScope[] = ['order', 'categories', 'products'];
/** The most money a code may take off or ask for (cents; a PostgreSQL `integer`). */
const MAX_CENTS = 2_147_483_647;

const notFound = () => new DomainError<DiscountErrorCode>('discount_not_found', 'Not found.');

function parseIds(text: string): number[] {
  try {
    const ids: unknown = JSON.parse(text);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** A row as the contract's DiscountCode. */
export function toAdminCode(row: Row): AdminDiscountCode {
  const value = Number(row.value);
  const ids = parseIds(row.target_ids);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: toDecimal(row.kind === 'free_delivery' ? 0 : value),
    scope: row.scope,
    category_ids: row.scope === 'categories' ? ids : [],
    product_ids: row.scope === 'products' ? ids : [],
    minimum_spend: toDecimal(Number(row.minimum_cents)),
    starts_at: row.starts_at === null ? null : toIsoString(row.starts_at),
    ends_at: row.ends_at === null ? null : toIsoString(row.ends_at),
    usage_limit: row.usage_limit,
    uses: row.uses,
    once_per_customer: toBool(row.once_per_customer),
    combinable_with_sale: toBool(row.combinable_with_sale),
    free_delivery: row.kind === 'free_delivery' || toBool(row.free_delivery),
    active: toBool(row.active),
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
  };
}

/** Every code of `tenantId`, newest first. */
export async function listCodes(db: Db, tenantId: number): Promise<AdminDiscountCode[]> {
  const rows = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAdminCode);
}

/** The columns a form sets, as checked. */
interface CodeColumns {
  code: string;
  code_key: string;
  kind: DiscountKind;
  value: number;
  scope: DiscountScope;
  target_ids: string;
  minimum_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  once_per_customer: number;
  combinable_with_sale: number;
  free_delivery: number;
  active: number;
}

type Form = Partial<Schemas['DiscountCodeUpdate']>;

function checkDate(value: unknown, field: string, errors: FieldErrors): string | null {
  if (value === null || value === undefined) return null;
  const at = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (typeof value !== 'string' || Number.isNaN(at.getTime()) || value.includes('\0')) {
    errors[field] = [CODE_FORM_MESSAGES.date];
    return null;
  }
  return at.toISOString();
}

function checkBool(value: unknown, field: string, fallback: boolean, errors: FieldErrors) {
  if (value === undefined) return fallback ? 1 : 0;
  if (typeof value !== 'boolean') {
    errors[field] = [CODE_FORM_MESSAGES.boolean];
    return 0;
  }
  return value ? 1 : 0;
}

/**
 * The columns of `form` over `before` (a new code: none), checked against the shop's
 * categories and products.
 * @throws DomainError `invalid_discount_input` with every field error at once.
 */
async function checkForm(
  db: Db,
  tenantId: number,
  form: Form,
  before: AdminDiscountCode | null,
): Promise<CodeColumns> {
  const errors: FieldErrors = {};
  const code = form.code ?? before?.code ?? '';
  if (typeof code !== 'string' || code.length > MAX_CODE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(code)) {
    errors.code = [CODE_FORM_MESSAGES.code];
  }
  const kind = (form.kind ?? before?.kind) as DiscountKind;
  if (!KINDS.includes(kind)) errors.kind = [CODE_FORM_MESSAGES.kind];
  const scope = (form.scope ?? before?.scope ?? 'order') as DiscountScope;
  if (!SCOPES.includes(scope)) errors.scope = [CODE_FORM_MESSAGES.scope];

  const valueText = form.value ?? before?.value ?? '';
  const cents = typeof valueText === 'string' ? toMinorUnits(valueText) : null;
  let value = 0;
  if (kind === 'percent') {
    if (cents === null || cents < 1 || cents > 10000) errors.value = [CODE_FORM_MESSAGES.percent];
    else value = cents; // "10.00" -> 1000 basis points
  } else if (kind === 'amount') {
    if (cents === null || cents < 1 || cents > MAX_CENTS)
      errors.value = [CODE_FORM_MESSAGES.amount];
    else value = cents;
  } else if (kind === 'free_delivery' && form.value !== undefined && cents !== 0) {
    errors.value = [CODE_FORM_MESSAGES.freeDelivery];
  }

  const minimumText = form.minimum_spend ?? before?.minimum_spend ?? '0';
  const minimum = typeof minimumText === 'string' ? toMinorUnits(minimumText) : null;
  if (minimum === null || minimum < 0 || minimum > MAX_CENTS) {
    errors.minimum_spend = [CODE_FORM_MESSAGES.money];
  }

  let ids: number[] = [];
  if (scope === 'categories' || scope === 'products') {
    const field = scope === 'categories' ? 'category_ids' : 'product_ids';
    const given = form[field] ?? before?.[field] ?? [];
    ids = [...new Set(Array.isArray(given) ? given : [])];
    if (ids.length === 0) errors[field] = [CODE_FORM_MESSAGES.targets];
    else if (!ids.every(isRowId)) {
      errors[field] = [
        scope === 'categories'
          ? CODE_FORM_MESSAGES.unknownCategory
          : CODE_FORM_MESSAGES.unknownProduct,
      ];
    } else {
      const table = scope === 'categories' ? 'categories' : 'products';
      const found = await db
        .selectFrom(table)
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
      if (found.length !== ids.length) {
        errors[field] = [
          scope === 'categories'
            ? CODE_FORM_MESSAGES.unknownCategory
            : CODE_FORM_MESSAGES.unknownProduct,
        ];
      }
      ids.sort((a, b) => a - b);
    }
  }

  const startsAt = checkDate(
    form.starts_at === undefined ? before?.starts_at : form.starts_at,
    'starts_at',
    errors,
  );
  const endsAt = checkDate(
    form.ends_at === undefined ? before?.ends_at : form.ends_at,
    'ends_at',
    errors,
  );
  if (startsAt && endsAt && endsAt <= startsAt && !errors.ends_at) {
    errors.ends_at = [CODE_FORM_MESSAGES.endAfterStart];
  }
  const limit = form.usage_limit === undefined ? (before?.usage_limit ?? null) : form.usage_limit;
  if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000)) {
    errors.usage_limit = [CODE_FORM_MESSAGES.limit];
  }
  const once = checkBool(
    form.once_per_customer,
    'once_per_customer',
    before?.once_per_customer ?? false,
    errors,
  );
  const combinable = checkBool(
    form.combinable_with_sale,
    'combinable_with_sale',
    before?.combinable_with_sale ?? true,
    errors,
  );
  const freeDelivery =
    kind === 'free_delivery'
      ? 1
      : checkBool(form.free_delivery, 'free_delivery', before?.free_delivery ?? false, errors);
  const active = checkBool(form.active, 'active', before?.active ?? true, errors);
  if (Object.keys(errors).length > 0) {
    throw new DomainError<DiscountErrorCode>('invalid_discount_input', 'The code is refused.', {
      fields: errors,
    });
  }
  return {
    code,
    code_key: codeKey(code),
    kind,
    value,
    scope,
    target_ids: JSON.stringify(ids),
    minimum_cents: minimum!,
    starts_at: startsAt,
    ends_at: endsAt,
    usage_limit: limit,
    once_per_customer: once,
    combinable_with_sale: combinable,
    free_delivery: freeDelivery,
    active,
  };
}

const taken = (code: string) =>
  new DomainError<DiscountErrorCode>('discount_code_taken', CODE_FORM_MESSAGES.taken(code), {
    field: 'code',
  });

/** The fields of `after` that differ from `before` (for the activity log). */
function changed(before: AdminDiscountCode, after: AdminDiscountCode) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminDiscountCode)[]) {
    if (key === 'updated_at' || key === 'uses') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { was, now };
}

/**
 * Makes a code of `acting`'s shop from `form` (createDiscountCode) and answers it.
 * @throws DomainError `invalid_discount_input` (field errors), `discount_code_taken` (400 on
 *   `code`: the same letters in any case).
 */
export async function createCode(
  db: Kysely<Database>,
  acting: Acting,
  form: Form,
  now = new Date(),
): Promise<AdminDiscountCode> {
  const columns = await checkForm(db, acting.tenantId, form, null);
  try {
    return await db.transaction().execute(async (trx) => {
      const at = now.toISOString();
      const row = await trx
        .insertInto('discount_codes')
        .values({ ...columns, tenant_id: acting.tenantId, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      const code = toAdminCode(row);
      const { id: _id, created_at: _c, updated_at: _u, uses: _n, ...logged } = code;
      await acting.journal(trx, {
        action: 'discount.create',
        objectType: 'settings',
        objectId: 'discount_codes',
        after: logged,
      });
      return code;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(columns.code);
    throw error;
  }
}

/**
 * Changes code `codeId` of `acting`'s shop by `form` (updateDiscountCode; `active: false`
 * deactivates it) and answers it. Nothing changed: no log entry.
 * @throws DomainError `discount_not_found` (another shop's or no code), `invalid_discount_input`,
 *   `discount_code_taken`.
 */
export async function updateCode(
  db: Kysely<Database>,
  acting: Acting,
  codeId: number,
  form: Form,
  now = new Date(),
): Promise<AdminDiscountCode> {
  if (!isRowId(codeId)) throw notFound();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('discount_codes')
        .selectAll()
        .where('id', '=', codeId)
        .where('tenant_id', '=', acting.tenantId)
        .executeTakeFirst();
      if (!row) throw notFound();
      const before = toAdminCode(row);
      const columns = await checkForm(trx, acting.tenantId, form, before);
      const updated = await trx
        .updateTable('discount_codes')
        .set({ ...columns, updated_at: now.toISOString() })
        .where('id', '=', codeId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = toAdminCode(updated);
      const { was, now: is } = changed(before, after);
      if (Object.keys(is).length > 0) {
        await acting.journal(trx, {
          action: 'discount.update',
          objectType: 'settings',
          objectId: 'discount_codes',
          before: { code: before.code, ...was },
          after: { code: after.code, ...is },
        });
      }
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(String(form.code ?? ''));
    throw error;
  }
}
