/**
 * The shop-wide activity log as an owner reads it (the back office, `GET /activity/`): newest
 * first, 50 a page, filtered by the member who acted, by the kind of object, or by one object
 * (an order's history by its number), each entry naming its member: their name, their e-mail
 * once they were removed (as the log kept it), or "System" when no member acted, and its object
 * as the shop knows it (./activity-names.ts). Each filter is
 * read through one of the log's indexes (migration 2026_010_back_office): by shop, by member,
 * by object.
 */
import type { Kysely } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database } from '../platform/db/database.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { readQueryPage } from '../platform/db/page-offset.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { StaffActor } from './actor.ts';
import { nameObjects, objectKey } from './activity-names.ts';

/** The largest id an integer column holds (PostgreSQL's `integer`). */
const MAX_ROW_ID = 2_147_483_647;

export type ActivityEntry = Schemas['ActivityEntry'];
type ObjectType = Schemas['ActivityObjectType'];

/** Entries a page of the log. */
export const ACTIVITY_PAGE_SIZE = 50;

/** What the log is filtered by; every field is optional. */
export interface ActivityFilters {
  staffId?: number;
  objectType?: ObjectType;
  /** With `objectType`, one object's history: an order number, a member's id. */
  objectId?: string;
  /** 1-based (default 1). */
  page?: number;
}

/** One page of the log, with the numbers of the pages beside it (null: there is none). */
export interface ActivityPage {
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  results: ActivityEntry[];
}

/** Who the log names for an entry made when no member acted. */
export const SYSTEM_NAME = 'System';

/** A JSON object the log stored, or null (no value, or not an object). */
function objectOf(text: string | null): ActivityEntry['before'] {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as ActivityEntry['before'])
      : null;
  } catch {
    return null;
  }
}

/**
 * Page `filters.page` of shop `actor.tenantId`'s activity log (see the module comment).
 * @throws DomainError `forbidden` (403) for a member who is not an owner (`activity.view`);
 *   `invalid_page` ("Invalid page.") for a page past the last (page 1 is always valid).
 */
export async function listActivity(
  db: Kysely<Database>,
  actor: StaffActor,
  filters: ActivityFilters,
): Promise<ActivityPage> {
  let query = db.selectFrom('activity_log as a').where('a.tenant_id', '=', actor.tenantId);
  if (filters.staffId !== undefined) {
    // An id past what the column holds names nobody (PostgreSQL would refuse to compare it).
    const staffId = filters.staffId <= MAX_ROW_ID ? filters.staffId : -1;
    query = query.where('a.staff_id', '=', staffId);
  }
  if (filters.objectType !== undefined) {
    query = query.where('a.object_type', '=', filters.objectType);
  }
  if (filters.objectId !== undefined) query = query.where('a.object_id', '=', filters.objectId);

  const { rows, ...links } = await readQueryPage(
    query,
    filters.page ?? 1,
    ACTIVITY_PAGE_SIZE,
    () => new DomainError<'invalid_page'>('invalid_page', 'Invalid page.'),
    (found) =>
      found
        .leftJoin('staff as s', 's.id', 'a.staff_id')
        .select([
          'a.id',
          'a.created_at',
          'a.staff_id',
          'a.staff_email',
          'a.action',
          'a.object_type',
          'a.object_id',
          'a.before',
          'a.after',
          's.name as staff_name',
          's.removed_at',
        ])
        .orderBy('a.id', 'desc'),
  );
  const entries = rows.map((row) => ({
    ...row,
    before: objectOf(row.before),
    after: objectOf(row.after),
  }));
  const names = await nameObjects(db, actor.tenantId, entries);
  return {
    ...links,
    results: entries.map((row) => {
      const name = names.get(objectKey(row.object_type, row.object_id)) ?? {
        label: row.object_id,
        deleted: false,
      };
      return {
        id: row.id,
        at: toIsoString(row.created_at),
        staff_id: row.staff_id,
        staff_name:
          row.staff_id === null
            ? SYSTEM_NAME
            : row.removed_at === null && row.staff_name !== null
              ? row.staff_name
              : (row.staff_email ?? row.staff_name ?? SYSTEM_NAME),
        action: row.action,
        object_type: row.object_type as ObjectType,
        object_id: row.object_id,
        object_label: name.label,
        object_deleted: name.deleted,
        before: row.before,
        after: row.after,
      };
    }),
  };
}
