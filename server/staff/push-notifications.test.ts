/**
 * The back office's push notifications through the API (issue 40, "Told at once of a new
 * order"): a member turns them on for a device, and a local HTTP endpoint standing in for the
 * browser's push service receives the VAPID-signed, encrypted POST when an order is paid (by
 * card or marked paid), when a bank-transfer order waits to be confirmed and when a shopper
 * writes; each member's switches are kept; a 410 forgets the device; another shop's or a removed
 * member's device is never told; two API processes send one notification per event; and a
 * subscription that is not a browser's push service is refused. Runs on SQLite and on
 * PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import type { components } from '../../common/admin-api';
import { formatPrice } from '../../common/money.ts';
import { useOrderMoves } from '../test/order-moves.ts';
import {
  decryptPush,
  type PushReceived,
  startTestPushService,
  testBrowser,
  type TestBrowser,
  type TestPushService,
} from '../test/push-service.ts';
import { call } from '../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf, type TestStaff } from '../test/staff.ts';
import type { PushSender } from '../platform/push/push-sender.ts';
import { PUSH_MESSAGES, PushOutbox, queuePushNotice } from './push-notifications.ts';

type PushSettings = components['schemas']['PushSettings'];
type Received = PushReceived;

let service: TestPushService;
let received: PushReceived[];
let gone: Set<string>;
let origin = '';
/** Each subscribed device's browser, to read what it was sent. */
const browsers = new Map<string, TestBrowser>();

beforeAll(async () => {
  service = await startTestPushService();
  ({ received, gone, origin } = service);
});
afterAll(async () => {
  await service.close();
});

const backOffice = useOrderMoves({ pushAllowLoopbackHttp: true });
const { t } = backOffice;

/** A browser's subscription to the stand-in service, named `device`, with real P-256 keys. */
function browserSubscription(device: string) {
  const browser = testBrowser();
  browsers.set(device, browser);
  return { endpoint: `${origin}/push/${device}`, keys: browser.keys };
}

/** The notice `message` carried, decrypted as its browser would. */
const noticeOf = (message: Received) =>
  JSON.parse(decryptPush(message.body, browsers.get(message.device)!)) as Record<string, string>;

let devices = 0;
/** Subscribes a new device of `member` (of shop `shop`); answers its name. */
async function subscribe(member: TestStaff, shop = 'demo-handcraft'): Promise<string> {
  const device = `device-${++devices}`;
  const answer = await call<PushSettings>(
    t.app,
    'POST',
    '/admin/me/push/subscriptions/',
    asStaff(shop, await staffTokenFor(t.app, member)),
    browserSubscription(device),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return device;
}

/** Waits for every notice queued so far to be handled, then answers what arrived since `from`. */
async function arrivedSince(from: number): Promise<Received[]> {
  await t.app.push.outbox.drain();
  await t.app.push.outbox.idle();
  return received.slice(from);
}

const devicesOf = (list: Received[]) => list.map((r) => r.device).sort();

describe('push notifications of new orders and messages', () => {
  let owner: TestStaff;
  let staff: TestStaff;
  beforeAll(() => {
    owner = backOffice.owner;
    staff = backOffice.staff;
  });

  it("answers the server's VAPID key and every switch on until the member changes one", async () => {
    const answer = await call<PushSettings>(
      t.app,
      'GET',
      '/admin/me/push/',
      asStaff('demo-handcraft', await staffTokenFor(t.app, owner)),
    );
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.body.public_key!, 'base64url')).toHaveLength(65);
    expect(answer.body.events).toEqual({
      order_paid: true,
      transfer_to_confirm: true,
      new_message: true,
    });
    expect(answer.body.devices).toBe(0);
  });

  it('sends the VAPID-signed, encrypted notice of a transfer to confirm, then of the order paid', async () => {
    const phone = await subscribe(owner);
    const from = received.length;
    const piece = await backOffice.freshProduct();
    const order = await backOffice.placeOrder([{ productId: piece.id }], 'bank_transfer');
    const placed = await arrivedSince(from);
    expect(devicesOf(placed)).toEqual([phone]);
    const [notice] = placed;
    const publicKey = (
      await call<PushSettings>(
        t.app,
        'GET',
        '/admin/me/push/',
        asStaff('demo-handcraft', await staffTokenFor(t.app, owner)),
      )
    ).body.public_key!;
    // RFC 8292: a JWT for this push service's origin, signed with the key the browser was given.
    const authorization = notice!.headers.authorization ?? '';
    const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
    expect(vapid, authorization).not.toBeNull();
    expect(vapid![2]).toBe(publicKey);
    const claims = JSON.parse(Buffer.from(vapid![1]!.split('.')[1]!, 'base64url').toString()) as {
      aud: string;
      exp: number;
      sub: string;
    };
    expect(claims.aud).toBe(origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    // RFC 8291: an encrypted body, nothing of the order readable in it.
    expect(notice!.headers['content-encoding']).toBe('aes128gcm');
    expect(notice!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(notice!.headers.ttl)).toBeGreaterThan(0);
    expect(notice!.body.length).toBeGreaterThan(100);
    expect(notice!.body.toString('latin1')).not.toContain(order.order_number);
    // The phone reads it: the order, its amount, and the page to open.
    expect(noticeOf(notice!)).toEqual({
      title: `Order ${order.order_number}: ${formatPrice(order.total_price, 'USD')} to confirm`,
      body: 'Waiting for a bank transfer. Mark it paid when the money arrives.',
      url: `/admin/orders/${order.order_number}`,
      tag: `order-${order.order_number}`,
    });

    const owners = asStaff('demo-handcraft', await staffTokenFor(t.app, owner));
    const paidFrom = received.length;
    const marked = await call(
      t.app,
      'POST',
      `/admin/orders/${order.order_number}/mark-paid/`,
      owners,
      { amount: order.total_price, payer_reference: order.order_number },
    );
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(devicesOf(await arrivedSince(paidFrom))).toEqual([phone]);
    // The outbox keeps what the lock screen shows: the number and the amount, nobody's name.
    const rows = await t.app.db
      .selectFrom('push_outbox')
      .select(['kind', 'data', 'sent_at'])
      .where('dedupe_key', 'like', `order:${order.id}:%`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['transfer_to_confirm', 'order_paid']);
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    const paidNotice = JSON.parse(rows[1]!.data) as Record<string, string>;
    expect(paidNotice).toEqual({
      title: `New paid order: ${formatPrice(order.total_price, 'USD')}`,
      body: `Order ${order.order_number} is paid and ready to prepare.`,
      url: `/admin/orders/${order.order_number}`,
      tag: `order-${order.order_number}`,
    });
    // Nobody's name or address: the order's own fields never reach the notice.
    for (const row of rows) {
      expect(row.data).not.toContain(order.delivery_address.fullname);
      expect(row.data).not.toContain(order.delivery_address.street);
    }
  });

  it("keeps each member's switches: one who turned paid orders off is not told of them", async () => {
    const ownersPhone = await subscribe(owner);
    const staffPhone = await subscribe(staff);
    const staffs = asStaff('demo-handcraft', await staffTokenFor(t.app, staff));
    const off = await call<PushSettings>(t.app, 'PATCH', '/admin/me/push/', staffs, {
      order_paid: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.events).toEqual({
      order_paid: false,
      transfer_to_confirm: true,
      new_message: true,
    });
    expect(off.body.devices).toBe(1);
    const piece = await backOffice.freshProduct();
    const order = await backOffice.placeOrder([{ productId: piece.id }], 'card_2c2p');
    const from = received.length;
    await backOffice.payByCard(order);
    const told = devicesOf(await arrivedSince(from));
    expect(told).toContain(ownersPhone);
    expect(told).not.toContain(staffPhone);
    // A card order is not a transfer to confirm: placing it told nobody.
    // Messages are still on for the staff member.
    const msgFrom = received.length;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages/',
      headers: { 'x-tenant-token': 'demo-handcraft', 'content-type': 'application/json' },
      payload: { name: 'Sam Kerr', email: 'sam@example.com', subject: 'Hi', message: 'A gyuto?' },
    });
    expect(sent.statusCode).toBe(201);
    const toldOfMessage = devicesOf(await arrivedSince(msgFrom));
    expect(toldOfMessage).toContain(staffPhone);
    expect(toldOfMessage).toContain(ownersPhone);
    const row = await t.app.db
      .selectFrom('push_outbox')
      .select('data')
      .where('dedupe_key', '=', `message:${(sent.json() as { id: number }).id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ body: 'New message from a shopper' });
    expect(row.data).not.toContain('Sam');
  });

  it("never tells another shop's member, nor a removed one, and forgets a device whose service answers 410", async () => {
    const otherOwner = await createStaff(t.app.db, {
      tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
      role: 'owner',
    });
    const otherPhone = await subscribe(otherOwner, 'demo-pottery');
    const leaver = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    const leaversPhone = await subscribe(leaver);
    await t.app.db
      .updateTable('staff')
      .set({ removed_at: new Date().toISOString() })
      .where('id', '=', leaver.id)
      .execute();
    const unsubscribed = await subscribe(owner);
    gone.add(unsubscribed);

    const piece = await backOffice.freshProduct();
    const from = received.length;
    await backOffice.placeOrder([{ productId: piece.id }], 'bank_transfer');
    const told = devicesOf(await arrivedSince(from));
    expect(told).not.toContain(otherPhone);
    expect(told).not.toContain(leaversPhone);
    expect(told).toContain(unsubscribed);
    const left = await t.app.db
      .selectFrom('staff_push_subscriptions')
      .select('endpoint')
      .where('endpoint', '=', `${origin}/push/${unsubscribed}`)
      .execute();
    expect(left).toEqual([]);
  });

  it('sends one notification per event when two API processes share the database', async () => {
    const member = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    const phone = await subscribe(member);
    const second = await t.reopen();
    try {
      const piece = await backOffice.freshProduct();
      const from = received.length;
      await backOffice.placeOrder([{ productId: piece.id }], 'bank_transfer');
      await Promise.all([t.app.push.outbox.drain(), second.app.push.outbox.drain()]);
      await second.app.push.outbox.idle();
      const told = (await arrivedSince(from)).filter((r) => r.device === phone);
      expect(told).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('tells every device at once, and gives up on a silent push service well before the claim runs out', async () => {
    const member = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    const silent = await subscribe(member);
    const quick = await subscribe(member);
    const events: string[] = [];
    // A push service that never answers (until the outbox's deadline aborts the request), and
    // one that answers at once: a send one device after another would wait for the first.
    const send: PushSender = (target, _payload, options) => {
      const device = target.endpoint.split('/').pop()!;
      if (device !== silent) {
        events.push(`told ${device}`);
        return Promise.resolve({ status: 201 });
      }
      return new Promise((_resolve, reject) => {
        options.signal?.addEventListener('abort', () => {
          events.push(`aborted ${device}`);
          reject(new Error('aborted'));
        });
      });
    };
    const lockSeconds = 3;
    const outbox = new PushOutbox({ db: t.app.db, send, log: t.app.log, lockSeconds });
    await queuePushNotice(t.app.db, backOffice.tenantId, 'new_message', `test:slow:${quick}`, {
      title: 'New message from a shopper',
      body: 'Open it in the back office.',
      url: '/admin/messages',
      tag: 'messages',
    });
    const started = Date.now();
    await outbox.drain();
    // Done, and marked sent, while its claim still held: no other process could tell it again.
    expect(Date.now() - started).toBeLessThan(lockSeconds * 1000);
    expect(events).toContain(`told ${quick}`);
    expect(events.indexOf(`told ${quick}`)).toBeLessThan(events.indexOf(`aborted ${silent}`));
    const row = await t.app.db
      .selectFrom('push_outbox')
      .select('sent_at')
      .where('dedupe_key', '=', `test:slow:${quick}`)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  it('turns a device off, and leaves alone another member asking to turn it off', async () => {
    const member = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    const phone = await subscribe(member);
    const endpoint = `${origin}/push/${phone}`;
    const owners = asStaff('demo-handcraft', await staffTokenFor(t.app, owner));
    const members = asStaff('demo-handcraft', await staffTokenFor(t.app, member));
    const remove = (who: Record<string, string>) =>
      call(t.app, 'POST', '/admin/me/push/subscriptions/remove/', who, { endpoint });
    expect((await remove(owners)).status).toBe(204);
    const still = await call<PushSettings>(t.app, 'GET', '/admin/me/push/', members);
    expect(still.body.devices).toBe(1);
    expect((await remove(members)).status).toBe(204);
    const none = await call<PushSettings>(t.app, 'GET', '/admin/me/push/', members);
    expect(none.body.devices).toBe(0);
  });
});

describe('a push subscription refused', () => {
  const refusals: [string, Record<string, unknown>, string][] = [
    ['a plain-HTTP endpoint elsewhere', { endpoint: 'http://push.example.com/x' }, 'endpoint'],
    ['a name that is no push service', { endpoint: 'https://push.example.com/x' }, 'endpoint'],
    [
      'an internal name',
      { endpoint: 'https://metadata.google.internal/computeMetadata/v1/' },
      'endpoint',
    ],
    [
      "a push service's name inside another",
      { endpoint: 'https://fcm.googleapis.com.attacker.example/x' },
      'endpoint',
    ],
    ['a name only ending alike', { endpoint: 'https://evilpush.apple.com/x' }, 'endpoint'],
    [
      "a push service's name on a port",
      { endpoint: 'https://fcm.googleapis.com:8443/x' },
      'endpoint',
    ],
    ['an address literal', { endpoint: 'https://10.0.0.5/push/x' }, 'endpoint'],
    ['a local name', { endpoint: 'https://localhost/push/x' }, 'endpoint'],
    ['a name of the local network', { endpoint: 'https://printer.local/x' }, 'endpoint'],
    ['a port', { endpoint: 'https://push.example.com:8443/x' }, 'endpoint'],
    ['credentials', { endpoint: 'https://user:pw@push.example.com/x' }, 'endpoint'],
    ['not a URL', { endpoint: 'not a url' }, 'endpoint'],
    ['a NUL character', { endpoint: 'https://push.example.com/\u0000' }, 'endpoint'],
    [
      'a short key',
      { keys: { p256dh: 'BAAA', auth: randomBytes(16).toString('base64url') } },
      'keys',
    ],
    [
      'a key that is not a point',
      { keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: 'x'.repeat(22) } },
      'keys',
    ],
    ['a huge key', { keys: { p256dh: 'B'.repeat(100_000), auth: 'x'.repeat(22) } }, 'keys.p256dh'],
    ['an unexpected field', { expirationTime: null }, 'expirationTime'],
  ];

  it.each(refusals)('for %s (400 on the field, nothing stored)', async (_what, change, field) => {
    const member = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    const good = browserSubscription('refused');
    const body = {
      ...good,
      ...change,
      ...(change.keys ? { keys: change.keys } : {}),
    };
    const answer = await call<Record<string, unknown>>(
      t.app,
      'POST',
      '/admin/me/push/subscriptions/',
      asStaff('demo-handcraft', await staffTokenFor(t.app, member)),
      body,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toHaveProperty(field);
    if (field === 'endpoint' && !String(change.endpoint).includes('\u0000')) {
      expect(answer.body.endpoint).toEqual([PUSH_MESSAGES.endpoint]);
    }
    const stored = await t.app.db
      .selectFrom('staff_push_subscriptions')
      .select('id')
      .where('staff_id', '=', member.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('for an address longer than the 1,024 characters kept, once normalised', async () => {
    const member = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    // 300 characters sent, 1,836 once percent-encoded.
    const endpoint = `https://fcm.googleapis.com/fcm/send/${'é'.repeat(300)}`;
    const answer = await call<Record<string, unknown>>(
      t.app,
      'POST',
      '/admin/me/push/subscriptions/',
      asStaff('demo-handcraft', await staffTokenFor(t.app, member)),
      { ...browserSubscription('long'), endpoint },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toEqual({ endpoint: [PUSH_MESSAGES.longEndpoint] });
  });

  it.each([
    ['Chrome', 'https://fcm.googleapis.com/fcm/send/dG9rZW4'],
    ['Firefox', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA'],
    ['Safari', 'https://web.push.apple.com/QGx0a2Vu'],
    ['Edge', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA'],
  ])("accepts %s's push service", async (_browser, endpoint) => {
    const member = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    const who = asStaff('demo-handcraft', await staffTokenFor(t.app, member));
    const body = { ...browserSubscription('real'), endpoint };
    const answer = await call<PushSettings>(
      t.app,
      'POST',
      '/admin/me/push/subscriptions/',
      who,
      body,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.devices).toBe(1);
    // Forgotten again, so no later notice goes to the real service.
    await call(t.app, 'POST', '/admin/me/push/subscriptions/remove/', who, { endpoint });
  });

  it('without a staff token (401), or not as JSON (415)', async () => {
    const body = browserSubscription('anonymous');
    const anonymous = await call(
      t.app,
      'POST',
      '/admin/me/push/subscriptions/',
      { 'x-tenant-token': 'demo-handcraft' },
      body,
    );
    expect(anonymous.status).toBe(401);
    const member = await createStaff(t.app.db, { tenantId: backOffice.tenantId, role: 'staff' });
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/push/subscriptions/',
      headers: {
        ...asStaff('demo-handcraft', await staffTokenFor(t.app, member)),
        'content-type': 'text/plain',
      },
      payload: JSON.stringify(body),
    });
    expect(asText.statusCode).toBe(415);
    expect(asText.json()).toHaveProperty('detail');
  });
});
