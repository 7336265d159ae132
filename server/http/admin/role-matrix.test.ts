/**
 * Who may call what in the back office (decision 053): every operation of openapi/admin.yaml,
 * walked from the contract itself (a new operation is covered without editing this file), is
 * called with no staff token, a shopper's token, another shop's owner's token, a staff
 * member's and an owner's. Nobody but the shop's own staff gets past the door, and a staff
 * member is refused exactly the operations their role does not hold
 * (server/http/admin/permissions.ts, server/staff/roles.ts).
 *
 * Path parameters name records that do not exist (an unknown order number, staff id or
 * session), so an allowed call is answered by its handler (404, 409, 400) without changing the
 * shop, and an owner's walk cannot remove the staff member whose turn comes next.
 *
 * The door comes first: a request without a valid staff token (none, a forged one, an expired
 * one) is refused 401 before its body is parsed or validated, whatever it carries (a body that
 * breaks every rule, another media type, broken JSON, NUL bytes), so no answer of the back
 * office tells a stranger what an operation takes. Only the public operations (signing in,
 * refreshing, accepting an invitation, a forgotten password) validate their body first. The
 * first-run set-up needs no shop at all, so neither token: a deployment with shops answers its
 * questions and refuses the set-up itself (./first-run.test.ts walks it).
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_SPECIFICATION_PATH } from './admin-spec.ts';
import { ADMIN_OPERATION_ACCESS, can, orderActingOf, type OperationAccess } from './permissions.ts';
import { FORBIDDEN_MESSAGE, PERMISSIONS, type Permission } from '../../staff/roles.ts';
import { ContractWalk, type Operation } from '../../test/contract-walk.ts';
import { createCustomer } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

const walk = new ContractWalk(ADMIN_SPECIFICATION_PATH);
const operations = walk.operations();
const SHOP = 'demo-handcraft';
const OTHER_SHOP = 'demo-pottery';
/** What the staff check answers a request it does not let in. */
const DOOR_REFUSALS = [
  'Authentication credentials were not provided.',
  'Given token not valid for any token type',
];

const t = useTestApp();

function accessOf(op: Operation): OperationAccess {
  const access = (ADMIN_OPERATION_ACCESS as Record<string, OperationAccess | undefined>)[op.id];
  if (!access) throw new Error(`${op.id} has no access in permissions.ts`);
  return access;
}

/** Values for path parameters that name nothing in the shop. */
function missingRecords(op: Operation): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    if (p.name === 'order_number') values[p.name] = 'ORD-ZZZZ-ZZZZ';
    else if (p.name === 'index') values[p.name] = '0';
    else if (p.schema.format === 'uuid') values[p.name] = randomUUID();
    else if (p.schema.type === 'integer') values[p.name] = '999999';
  }
  return values;
}

async function call(op: Operation, headers: Record<string, string>) {
  const body = op.body ? walk.sample(walk.resolve(op.body)) : undefined;
  const response = await t.app.inject({
    method: op.method.toUpperCase() as 'GET',
    url: `/api/admin${walk.fillPath(op, undefined, missingRecords(op))}`,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  // A 204 (an operation the sample body fully satisfies) has no body to read.
  const detail = (response.body ? (response.json() as { detail?: unknown } | null) : null)?.detail;
  return { status: response.statusCode, detail: typeof detail === 'string' ? detail : null };
}

const refusedAtTheDoor = (answer: { status: number; detail: string | null }) =>
  answer.status === 401 && answer.detail !== null && DOOR_REFUSALS.includes(answer.detail);

/** A request of `op` with a body of our choosing (already serialized) and headers. */
async function raw(
  op: Operation,
  headers: Record<string, string>,
  payload: string,
  contentType = 'application/json',
) {
  const response = await t.app.inject({
    method: op.method.toUpperCase() as 'POST',
    url: `/api/admin${walk.fillPath(op, undefined, missingRecords(op))}`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  const body = response.body ? (response.json() as Record<string, unknown>) : null;
  return { status: response.statusCode, body };
}

describe('the back office role matrix', () => {
  let headers: Record<
    'none' | 'shopper' | 'otherShop' | 'staff' | 'owner' | 'forged' | 'expired',
    Record<string, string>
  >;

  beforeAll(async () => {
    const db = t.app.db;
    const shop = await tenantIdOf(db, SHOP);
    const other = await tenantIdOf(db, OTHER_SHOP);
    const staff = await createStaff(db, { tenantId: shop, role: 'staff' });
    const owner = await createStaff(db, { tenantId: shop, role: 'owner' });
    const otherOwner = await createStaff(db, { tenantId: other, role: 'owner' });
    const shopper = await createCustomer(t.app, SHOP);
    const ownerToken = await staffTokenFor(t.app, owner);
    const expired = await t.app.staff.tokens.issue(
      owner.id,
      owner.tenantId,
      owner.sessionId,
      Math.floor(Date.now() / 1000) - 3600,
    );
    headers = {
      none: { 'x-tenant-token': SHOP },
      shopper: shopper.headers,
      otherShop: asStaff(SHOP, await staffTokenFor(t.app, otherOwner)),
      staff: asStaff(SHOP, await staffTokenFor(t.app, staff)),
      owner: asStaff(SHOP, ownerToken),
      // The owner's own token with its signature changed, and one that ran out an hour ago.
      forged: asStaff(SHOP, `${ownerToken.slice(0, -4)}AAAA`),
      expired: asStaff(SHOP, expired),
    };
  });

  it('names as public exactly the operations whose contract needs no staff token', () => {
    const publicInContract = operations
      .filter((op) => !JSON.stringify(op.security ?? walk.doc.security).includes('staffAuth'))
      .filter((op) => accessOf(op) !== 'first_run')
      .map((op) => op.id)
      .sort();
    const publicHere = operations
      .filter((op) => accessOf(op) === 'public')
      .map((op) => op.id)
      .sort();
    expect(publicHere).toEqual(publicInContract);
    expect(publicHere).toEqual([
      'acceptInvitation',
      'confirmStaffPasswordReset',
      'requestStaffPasswordReset',
      'staffLogin',
      'staffRefresh',
    ]);
  });

  it('needs no token at all only for the first-run set-up', () => {
    const noToken = operations
      .filter((op) => ((op.security ?? walk.doc.security) as unknown[]).length === 0)
      .map((op) => op.id)
      .sort();
    expect(noToken).toEqual(['getShopSetup', 'setUpShop']);
    expect(noToken.map((id) => accessOf(operations.find((op) => op.id === id)!))).toEqual([
      'first_run',
      'first_run',
    ]);
  });

  it('refuses a refund without a staff token with 401, before it reads the amount', async () => {
    const refund = operations.find((op) => op.id === 'refundOrder')!;
    const url = `/api/admin/orders/ORD-ZZZZ-ZZZZ/refunds/`;
    expect(refund.path).toBe('/orders/{order_number}/refunds/');
    const send = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...extra, 'content-type': 'application/json' },
        payload: JSON.stringify({ amount: 'abc' }),
      });
    const none = await send(headers.none);
    expect({ status: none.statusCode, body: none.json() }).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    for (const who of ['forged', 'expired', 'shopper'] as const) {
      const answer = await send(headers[who]);
      expect({ who, status: answer.statusCode, body: answer.json() }).toEqual({
        who,
        status: 401,
        body: { detail: 'Given token not valid for any token type' },
      });
    }
    // A member without the permission is refused by role before the body is read too.
    expect((await send(headers.staff)).json()).toEqual({ detail: FORBIDDEN_MESSAGE });
    // The owner gets past the door, and only then is the amount checked.
    const owner = await send(headers.owner);
    expect(owner.statusCode).toBe(400);
    expect(Object.keys(owner.json() as object)).toContain('amount');
  });

  const hostileBodies: { name: string; payload: string; contentType?: string }[] = [
    {
      name: 'a body that breaks every rule',
      payload: JSON.stringify({ amount: 'abc', unexpected: 1, x: '\u0000' }),
    },
    { name: 'a text/plain body', payload: 'amount=abc', contentType: 'text/plain' },
    { name: 'broken JSON', payload: '{"amount":' },
    {
      name: 'a body of NUL bytes',
      payload: '\u0000'.repeat(64),
      contentType: 'application/octet-stream',
    },
    { name: 'a huge body', payload: JSON.stringify({ amount: 'x'.repeat(2_000_000) }) },
  ];

  it('refuses every staff operation 401 without a valid staff token, whatever the body', async () => {
    const refused: string[] = [];
    for (const op of operations.filter((o) => !['public', 'first_run'].includes(accessOf(o)))) {
      for (const [i, who] of (['none', 'forged', 'expired'] as const).entries()) {
        // Each operation gets each hostile body once, under one of the three missing tokens.
        for (const body of hostileBodies.filter((_, j) => j % 3 === i)) {
          const answer = await raw(op, headers[who], body.payload, body.contentType);
          const detail = typeof answer.body?.detail === 'string' ? answer.body.detail : null;
          if (!refusedAtTheDoor({ status: answer.status, detail })) {
            refused.push(
              `${op.id} (${who}, ${body.name}): ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('still checks a public operation’s body, which needs no staff token', async () => {
    const login = operations.find((op) => op.id === 'staffLogin')!;
    const answer = await raw(login, headers.none, JSON.stringify({ email: 5 }));
    expect(answer.status).toBe(400);
  });

  it('grants a role the table does not name nothing: no permission, no move at the back office', () => {
    // The door is the only role check (issue 37): a member whose role is unknown (a row written
    // by a later release, a typo in SQL) is refused every operation but their own account's.
    const viewer = 'viewer' as never;
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(viewer, permission)).toBe(false);
    }
    const actor = { id: 1, tenantId: 1, email: 'v@example.com', name: 'V', sessionId: 's' };
    expect(orderActingOf({ ...actor, role: viewer }).may).toEqual({ fulfil: false, money: false });
    expect(orderActingOf({ ...actor, role: 'staff' }).may).toEqual({ fulfil: true, money: false });
    expect(orderActingOf({ ...actor, role: 'owner' }).may).toEqual({ fulfil: true, money: true });
  });

  it('gives every operation of the contract an access rule', () => {
    expect(operations.length).toBeGreaterThanOrEqual(29);
    expect(operations.map((op) => op.id).sort()).toEqual(
      Object.keys(ADMIN_OPERATION_ACCESS).sort(),
    );
  });

  for (const op of operations) {
    const access = accessOf(op);
    if (access === 'first_run') {
      it(`${op.id} is reached with no token at all`, async () => {
        const answer = await call(op, {});
        // This deployment has shops: it says the set-up is not due, and refuses to make one.
        expect(answer.status).toBe(op.method === 'get' ? 200 : 409);
        expect(refusedAtTheDoor(answer)).toBe(false);
      });
      continue;
    }
    if (access === 'public') {
      it(`${op.id} is reached without a staff token, and never without the shop's tenant token`, async () => {
        expect(refusedAtTheDoor(await call(op, headers.none))).toBe(false);
        expect((await call(op, {})).status).toBe(401);
      });
      continue;
    }
    it(`${op.id} (${access}): no token, a shopper's and another shop's staff token get 401; staff ${
      access === 'signed_in' || can('staff', access) ? 'pass' : 'get 403'
    }; the owner passes`, async () => {
      for (const who of ['none', 'shopper', 'otherShop'] as const) {
        const answer = await call(op, headers[who]);
        expect(refusedAtTheDoor(answer), `${who}: ${answer.status} ${answer.detail}`).toBe(true);
      }
      const staff = await call(op, headers.staff);
      if (access === 'signed_in' || can('staff', access)) {
        expect(staff.status, `staff: ${staff.detail}`).not.toBe(403);
        expect(refusedAtTheDoor(staff)).toBe(false);
      } else {
        expect(staff).toEqual({ status: 403, detail: FORBIDDEN_MESSAGE });
      }
      const owner = await call(op, headers.owner);
      expect(owner.status, `owner: ${owner.detail}`).not.toBe(403);
      expect(refusedAtTheDoor(owner)).toBe(false);
    });
  }
});
