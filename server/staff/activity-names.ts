/**
 * The names the activity log gives its objects (`object_label`, `object_deleted` of each entry
 * of `GET /activity/`): the object as the shop knows it today, not as a table row: a product's
 * or a category's name, "Shipping method: Royal Mail Tracked", a member's name, "Sign-in from
 * Chrome on Android", a page's title.
 *
 * A page of the log is named with one query per kind of object on it (never one per entry),
 * each reading only the shop's own rows (`tenant_id`), so another shop's object of the same id
 * is never named. An object since deleted keeps the name the log recorded with it (the `name`,
 * `title`, `question` or e-mail in its `before` or `after`), else its kind and id, followed by
 * " (deleted)".
 *
 * The log holds objects of every domain, so this reads their tables by name (through the shared
 * `Database` type, importing none of their modules): it stays at the bottom of the domains, with
 * the log it names.
 */
import type { Kysely } from 'kysely';
import { deviceName } from '../../common/device-name.ts';
import type { Database } from '../platform/db/database.ts';

/** The largest id an integer column holds (PostgreSQL's `integer`). */
const MAX_ROW_ID = 2_147_483_647;

/** What names an entry's object: its kind, its id as logged, and the fields the log kept. */
export interface LoggedObject {
  object_type: string;
  object_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The name of an entry's object, and whether the object is gone. */
export interface ObjectName {
  label: string;
  deleted: boolean;
}

/** Each kind's words when the object has no name of its own ("Product 46"). */
const KIND_WORDS: Record<string, string> = {
  order: 'Order',
  staff: 'Member',
  invitation: 'Invitation',
  settings: 'Settings',
  session: 'Sign-in',
  blog_post: 'Blog post',
  faq: 'FAQ',
  policy: 'Policy',
  company: 'Company page',
  core_value: 'Core value',
  contact_location: 'Location',
  contact_email: 'Contact e-mail',
  social_profile: 'Social profile',
  product: 'Product',
  category: 'Category',
  review: 'Review',
  comment: 'Comment',
  contact_message: 'Message',
  shop: 'Shop',
  sale: 'Sale',
};

/** The settings objects that are not rows: the page of the settings each names. */
const SETTINGS_WORDS: Record<string, string> = {
  site: 'Site settings',
  workshop: 'Workshop settings',
  payments: 'Payment settings',
  security: 'Two-step verification rule',
  moderation: 'Moderation settings',
  shipping_zones: 'Order of the shipping zones',
  shipping_methods: 'Order of the shipping methods',
};

/** The policies by their document type, as the content screens name them. */
const POLICY_WORDS = {
  refund_policy: 'Refund policy',
  privacy_policy: 'Privacy policy',
  review_policy: 'Review policy',
  accessibility_statement: 'Accessibility statement',
} as const;
type PolicyType = keyof typeof POLICY_WORDS;
const isPolicyType = (value: string): value is PolicyType => Object.hasOwn(POLICY_WORDS, value);

/** The key of one object in the answer's map. */
export const objectKey = (type: string, id: string) => `${type}\u0000${id}`;

/** `value` as a row id, or null when it is none (a word such as `order`, or too large). */
function rowId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ROW_ID ? id : null;
}

/** The name the log recorded with the object, if it kept one. */
function recordedName(entry: LoggedObject): string | null {
  for (const fields of [entry.before, entry.after]) {
    if (!fields) continue;
    for (const key of ['name', 'title', 'question', 'email', 'email_address', 'platform_display']) {
      const value = fields[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 200);
    }
  }
  return null;
}

/** What names a gone object: the recorded name, else "Kind id", with " (deleted)". */
function gone(entry: LoggedObject, prefix = ''): ObjectName {
  const recorded = recordedName(entry);
  const kind = KIND_WORDS[entry.object_type] ?? 'Object';
  return {
    label: `${recorded ? `${prefix}${recorded}` : `${kind} ${entry.object_id}`} (deleted)`,
    deleted: true,
  };
}

/** Ids of `type` among `entries`, as row ids, without repeats. */
function idsOf(entries: readonly LoggedObject[], type: string, prefix = ''): number[] {
  const ids = new Set<number>();
  for (const entry of entries) {
    if (entry.object_type !== type || !entry.object_id.startsWith(prefix)) continue;
    const id = rowId(entry.object_id.slice(prefix.length));
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/**
 * The names of `entries`' objects in shop `tenantId`, by {@link objectKey}: one query per kind
 * of object present (products, categories, members, shipping zones…), none for kinds whose
 * name is their id (orders) or fixed (the site settings). Every entry gets a name.
 */
export async function nameObjects(
  db: Kysely<Database>,
  tenantId: number,
  entries: readonly LoggedObject[],
): Promise<Map<string, ObjectName>> {
  const names = new Map<string, ObjectName>();
  /** Names by id of one kind, read in one query when the page has any. */
  const lookup = async (
    type: string,
    read: (ids: number[]) => Promise<{ id: number; label: string }[]>,
    prefix = '',
  ): Promise<Map<number, string>> => {
    const ids = idsOf(entries, type, prefix);
    if (ids.length === 0) return new Map();
    return new Map((await read(ids)).map((row) => [row.id, row.label]));
  };
  const [
    products,
    categories,
    members,
    invitations,
    posts,
    faqs,
    values,
    locations,
    emails,
    profiles,
    reviews,
    comments,
    messages,
    zones,
    methods,
    sales,
  ] = await Promise.all([
    lookup('product', (ids) =>
      db
        .selectFrom('products')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'name as label'])
        .execute(),
    ),
    lookup('category', (ids) =>
      db
        .selectFrom('categories')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'name as label'])
        .execute(),
    ),
    lookup('staff', async (ids) =>
      (
        await db
          .selectFrom('staff')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .select(['id', 'name', 'email', 'removed_at'])
          .execute()
      ).map((row) => ({
        id: row.id,
        label: `${row.name.trim() || row.email}${row.removed_at === null ? '' : ' (removed)'}`,
      })),
    ),
    lookup('invitation', async (ids) =>
      (
        await db
          .selectFrom('staff_invitations')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .select(['id', 'email'])
          .execute()
      ).map((row) => ({ id: row.id, label: `Invitation to ${row.email}` })),
    ),
    lookup('blog_post', (ids) =>
      db
        .selectFrom('blog_posts')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'title as label'])
        .execute(),
    ),
    lookup('faq', (ids) =>
      db
        .selectFrom('faqs')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'question as label'])
        .execute(),
    ),
    lookup('core_value', (ids) =>
      db
        .selectFrom('core_values')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'name as label'])
        .execute(),
    ),
    lookup('contact_location', (ids) =>
      db
        .selectFrom('contact_locations')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'name as label'])
        .execute(),
    ),
    lookup('contact_email', (ids) =>
      db
        .selectFrom('contact_emails')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'email_address as label'])
        .execute(),
    ),
    lookup('social_profile', (ids) =>
      db
        .selectFrom('social_profiles')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'platform_display as label'])
        .execute(),
    ),
    lookup('review', async (ids) =>
      (
        await db
          .selectFrom('reviews as r')
          .leftJoin('products as p', (join) =>
            join.onRef('p.id', '=', 'r.product_id').on('p.tenant_id', '=', tenantId),
          )
          .where('r.tenant_id', '=', tenantId)
          .where('r.id', 'in', ids)
          .select(['r.id', 'r.username', 'p.name as product'])
          .execute()
      ).map((row) => ({
        id: row.id,
        label: `Review by ${row.username?.trim() || 'Anonymous'}${row.product ? ` of ${row.product}` : ''}`,
      })),
    ),
    lookup('comment', async (ids) =>
      (
        await db
          .selectFrom('blog_comments as c')
          .leftJoin('blog_posts as b', (join) =>
            join.onRef('b.id', '=', 'c.post_id').on('b.tenant_id', '=', tenantId),
          )
          .where('c.tenant_id', '=', tenantId)
          .where('c.id', 'in', ids)
          .select(['c.id', 'b.title as post'])
          .execute()
      ).map((row) => ({ id: row.id, label: row.post ? `Comment on ${row.post}` : 'Comment' })),
    ),
    lookup('contact_message', async (ids) =>
      (
        await db
          .selectFrom('contact_messages')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .select(['id', 'name', 'subject'])
          .execute()
      ).map((row) => ({ id: row.id, label: `Message from ${row.name}: ${row.subject}` })),
    ),
    lookup(
      'settings',
      (ids) =>
        db
          .selectFrom('shipping_zones')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .select(['id', 'name as label'])
          .execute(),
      'shipping_zone:',
    ),
    lookup(
      'settings',
      (ids) =>
        db
          .selectFrom('shipping_methods')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .select(['id', 'name as label'])
          .execute(),
      'shipping_method:',
    ),
    lookup('sale', async (ids) =>
      (
        await db
          .selectFrom('sales')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .select(['id', 'name'])
          .execute()
      ).map((row) => ({ id: row.id, label: `Sale: ${row.name}` })),
    ),
  ]);
  const sessions = await sessionsOf(db, tenantId, entries);
  const policies = await policiesOf(db, tenantId, entries);
  const shop = entries.some((entry) => entry.object_type === 'shop')
    ? await db.selectFrom('tenants').where('id', '=', tenantId).select('name').executeTakeFirst()
    : undefined;

  const byKind: Record<string, Map<number, string>> = {
    product: products,
    category: categories,
    staff: members,
    invitation: invitations,
    blog_post: posts,
    faq: faqs,
    core_value: values,
    contact_location: locations,
    contact_email: emails,
    social_profile: profiles,
    review: reviews,
    comment: comments,
    contact_message: messages,
    sale: sales,
  };

  for (const entry of entries) {
    const key = objectKey(entry.object_type, entry.object_id);
    if (names.has(key)) continue;
    names.set(key, nameOne(entry));
  }
  return names;

  function nameOne(entry: LoggedObject): ObjectName {
    const { object_type: type, object_id: id } = entry;
    const found = (label: string | undefined, prefix = ''): ObjectName =>
      label === undefined ? gone(entry, prefix) : { label: `${prefix}${label}`, deleted: false };
    switch (type) {
      case 'order':
        return { label: id, deleted: false };
      case 'category':
        if (id === 'order') return { label: 'Order of the categories', deleted: false };
        break;
      case 'faq':
        if (rowId(id) === null) return { label: 'Order of the FAQ', deleted: false };
        break;
      case 'company':
        return { label: 'Company page', deleted: false };
      case 'session':
        return sessions.get(id) ?? { label: 'Sign-in (deleted)', deleted: true };
      case 'policy':
        return {
          label: policies.get(id) ?? (isPolicyType(id) ? POLICY_WORDS[id] : `Policy: ${id}`),
          deleted: false,
        };
      case 'shop':
        return { label: shop?.name ?? 'The shop', deleted: false };
      case 'settings': {
        if (id.startsWith('shipping_zone:')) {
          const zoneId = rowId(id.slice('shipping_zone:'.length));
          return found(zoneId === null ? undefined : zones.get(zoneId), 'Shipping zone: ');
        }
        if (id.startsWith('shipping_method:')) {
          const methodId = rowId(id.slice('shipping_method:'.length));
          return found(methodId === null ? undefined : methods.get(methodId), 'Shipping method: ');
        }
        return {
          label: SETTINGS_WORDS[id] ?? `Settings: ${id.replace(/_/g, ' ')}`,
          deleted: false,
        };
      }
    }
    const names = byKind[type];
    if (!names) return { label: `${KIND_WORDS[type] ?? 'Object'} ${id}`, deleted: false };
    const rowIdOf = rowId(id);
    if (rowIdOf === null)
      return { label: `${KIND_WORDS[type] ?? 'Object'}: ${id}`, deleted: false };
    return found(names.get(rowIdOf));
  }
}

/**
 * The sign-ins on the page by their session's public id: "Sign-in from Chrome on Android" (the
 * session's browser), read in one query.
 */
async function sessionsOf(
  db: Kysely<Database>,
  tenantId: number,
  entries: readonly LoggedObject[],
): Promise<Map<string, ObjectName>> {
  const uuids = [
    ...new Set(
      entries
        .filter((entry) => entry.object_type === 'session' && entry.object_id.length <= 64)
        .map((entry) => entry.object_id),
    ),
  ];
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff_sessions')
    .where('tenant_id', '=', tenantId)
    .where('uuid', 'in', uuids)
    .select(['uuid', 'user_agent'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.uuid,
      { label: `Sign-in from ${deviceName(row.user_agent)}`, deleted: false },
    ]),
  );
}

/** The policies on the page by document type: their titles, read in one query. */
async function policiesOf(
  db: Kysely<Database>,
  tenantId: number,
  entries: readonly LoggedObject[],
): Promise<Map<string, string>> {
  const types = [
    ...new Set(
      entries
        .filter((entry) => entry.object_type === 'policy')
        .map((entry) => entry.object_id)
        .filter(isPolicyType),
    ),
  ];
  if (types.length === 0) return new Map();
  const rows = await db
    .selectFrom('legal_documents')
    .where('tenant_id', '=', tenantId)
    .where('document_type', 'in', types)
    .select(['document_type', 'title'])
    .execute();
  return new Map(rows.map((row) => [String(row.document_type), row.title]));
}
