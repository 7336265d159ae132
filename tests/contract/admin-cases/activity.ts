/**
 * The shop-wide activity log (admin contract: listActivity, owner only), read after the other
 * cases made their changes: newest first, one order's history (the staff member's mark paid and
 * ship among it), one member's doings, each kind of object, a page past the last, a type that
 * is not one (400), and the staff member refused (403).
 */
import { detailIs, type Case } from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { results } from '../request';
import { FORBIDDEN, SEEDED, adminCase, members, type AdminSetup } from './admin-setup';

/** A check that every entry passes `ok` and that the actions `wanted` are among them. */
function entries(ok: (e: JsonObject) => boolean, what: string, wanted: string[] = []) {
  return (b: Json) => {
    const list = results(b);
    const wrong = list.filter((e) => !ok(e));
    if (wrong.length) return `entries that are not ${what}: ${JSON.stringify(wrong).slice(0, 300)}`;
    const actions = list.map((e) => str(e.action));
    const missing = wanted.filter((w) => !actions.includes(w));
    return missing.length
      ? `expected actions ${missing.join(', ')}, got ${JSON.stringify(actions)}`
      : null;
  };
}

/**
 * A check that some entry of `action` holds the fields `before` and `after` among its changes
 * (the log keeps every changed field, as it was and as it became).
 */
function changeIs(
  b: Json,
  action: string,
  before: Record<string, Json>,
  after: Record<string, Json>,
): string | null {
  const holds = (side: Json | undefined, want: Record<string, Json>) =>
    isObject(side) && Object.entries(want).every(([k, v]) => side[k] === v);
  const found = results(b).filter((e) => e.action === action);
  return found.some((e) => holds(e.before, before) && holds(e.after, after))
    ? null
    : `no ${action} entry changing ${JSON.stringify(before)} to ${JSON.stringify(after)}: ${JSON.stringify(
        found.map((e) => ({ before: e.before, after: e.after })),
      ).slice(0, 300)}`;
}

/** The activity log's cases. */
export function activityCases(a: AdminSetup): Case[] {
  const s = a.state;
  const { asOwner, asStaff } = members(a);
  const activity = (
    name: string,
    query: () => Record<string, string>,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asOwner(
      adminCase(`listActivity ${name}`, 'listActivity', 'GET', '/activity/', status, {
        prepare: () => ({ query: query() }),
        ...rest,
      }),
    );
  return [
    activity('(newest first)', () => ({}), 200, {
      check: (b) => {
        const ids = results(b).map((e) => Number(e.id));
        const sorted = [...ids].sort((x, y) => y - x);
        if (ids.join() !== sorted.join()) return `not newest first: ${JSON.stringify(ids)}`;
        return ids.length > 0 && ids.length <= 50
          ? null
          : `expected 1 to 50 entries, got ${ids.length}`;
      },
    }),
    activity(
      "of one order (the staff member's moves)",
      () => ({ object_type: 'order', object_id: SEEDED.awaitingTransfer }),
      200,
      {
        check: (b) =>
          entries(
            (e) => e.object_type === 'order' && e.object_id === SEEDED.awaitingTransfer,
            `about ${SEEDED.awaitingTransfer}`,
            ['order.mark_paid', 'order.ship'],
          )(b) ??
          changeIs(b, 'order.mark_paid', { status: 'awaiting_payment' }, { status: 'paid' }),
      },
    ),
    // The owner must see what each change was: the fields as they were and as they became.
    activity("of the products (a price's change)", () => ({ object_type: 'product' }), 200, {
      check: (b) =>
        entries((e) => e.object_type === 'product', 'about products', ['product.update'])(b) ??
        changeIs(b, 'product.update', { price: '120.00' }, { price: '135.00' }) ??
        // Each named as the shop knows it, not as "Product 46".
        entries(
          (e) => str(e.object_label) !== '' && !/^Product \d+$/.test(str(e.object_label)),
          'named by the product',
        )(b),
    }),
    // By kind as well as by member: the staff member's other work (catalogue, moderation,
    // content) fills more than a page of their own.
    activity(
      "of the staff member's sign-ins",
      () => ({ staff_id: String(s.staffId), object_type: 'session' }),
      200,
      {
        check: entries(
          (e) => e.staff_id === s.staffId && e.staff_name === 'Sam Oak',
          'by Sam Oak',
          ['staff.sign_in'],
        ),
      },
    ),
    activity(
      "of the staff member's orders",
      () => ({ staff_id: String(s.staffId), object_type: 'order' }),
      200,
      {
        check: entries(
          (e) => e.staff_id === s.staffId && e.staff_name === 'Sam Oak',
          'by Sam Oak',
          ['order.mark_paid'],
        ),
      },
    ),
    activity('of the staff', () => ({ object_type: 'staff' }), 200, {
      check: entries((e) => e.object_type === 'staff', 'about staff', [
        'staff.change_role',
        'staff.remove',
        'staff.totp_reset',
        'staff.password_change',
        'staff.password_reset',
      ]),
    }),
    activity('of the invitations', () => ({ object_type: 'invitation' }), 200, {
      check: entries((e) => e.object_type === 'invitation', 'about invitations', [
        'staff.invite',
        'staff.revoke_invitation',
      ]),
    }),
    activity('of the settings', () => ({ object_type: 'settings' }), 200, {
      check: entries((e) => e.object_type === 'settings', 'about settings', ['settings.security']),
    }),
    activity('of the sessions', () => ({ object_type: 'session' }), 200, {
      check: entries(
        (e) =>
          e.object_type === 'session' &&
          isObject(e) &&
          str(e.staff_name) !== '' &&
          str(e.object_label).startsWith('Sign-in'),
        'about sessions, named as sign-ins',
        ['staff.sign_in'],
      ),
    }),
    activity('past the last page', () => ({ page: '999' }), 404, {
      check: detailIs('Invalid page.'),
    }),
    {
      ...activity('of a type that is not one (bad query)', () => ({ object_type: 'cart' }), 400, {
        // The list of kinds grows with the back office; its start and the refusal are fixed.
        check: (b) =>
          isObject(b) &&
          Array.isArray(b.object_type) &&
          str(b.object_type[0]).startsWith(
            'Not a valid choice. Expected one of: order, staff, invitation, settings, session',
          )
            ? null
            : `expected the object_type refusal, got ${JSON.stringify(b)}`,
      }),
      via: 'lenient',
    },
    asStaff(
      adminCase(
        'listActivity as the staff member (owner only)',
        'listActivity',
        'GET',
        '/activity/',
        403,
        { check: detailIs(FORBIDDEN) },
      ),
    ),
  ];
}
