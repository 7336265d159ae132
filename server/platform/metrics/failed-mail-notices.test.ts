/**
 * The owners' e-mail about failed mail (issue 39, server/orders/failed-mail-notices.ts): when the
 * outbox gives up on a shop's e-mails, the order sweep e-mails each of its owners once, saying
 * which e-mails and what the mail server answered; a second sweep, another process or a restart
 * sends nothing more, and the next notice, hours later, tells only of the failures since.
 */
import type { FastifyInstance } from 'fastify';
import { renderOutboxEmail } from '../../emails.ts';
import { FAILED_MAIL_KIND, NOTICE_EVERY_MS } from '../../orders/failed-mail-notices.ts';
import { orderOne } from '../../test/sandbox.ts';
import { createStaff, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { EmailOutbox } from '../mail/outbox.ts';

const t = useTestApp();

/** An outbox over the app's rows whose mail server answers `fail` (or takes everything). */
function outboxWith(app: FastifyInstance, fail: string | null) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    mode: 'smtp',
    async send(message) {
      if (fail !== null) throw new Error(fail);
      sent.push(message);
      return { via: 'smtp', messageId: message.messageId ?? '' };
    },
    close() {},
  };
  const outbox = new EmailOutbox({
    db: app.db,
    mailer,
    render: renderOutboxEmail,
    fromFor: async () => '"Ember & Oak" <hello@emberandoak.example>',
    log: { info() {}, warn() {}, error() {} },
    // Given up at the first failure, as after eight tries.
    maxAttempts: 1,
  });
  return { outbox, sent };
}

/** The owners' notices in the outbox, oldest first. */
function notices(app: FastifyInstance) {
  return app.db
    .selectFrom('email_outbox')
    .select(['recipient', 'data', 'status'])
    .where('kind', '=', FAILED_MAIL_KIND)
    .orderBy('id')
    .execute();
}

/** How many of the app's e-mails were given up, the notices and undeliverable ones left out. */
async function failedCount(app: FastifyInstance): Promise<number> {
  const rows = await app.db
    .selectFrom('email_outbox')
    .select(['kind', 'recipient'])
    .where('status', '=', 'failed')
    .execute();
  return rows.filter((row) => row.kind !== FAILED_MAIL_KIND && !row.recipient.endsWith('.invalid'))
    .length;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the owners' e-mail about failed mail", () => {
  it('goes to each owner once, naming the order and the mail server’s answer, and not again', async () => {
    const { app } = t;
    const tenantId = await tenantIdOf(app.db, 'demo-handcraft');
    const owners = [
      await createStaff(app.db, { tenantId, role: 'owner', name: 'Maya Hart' }),
      await createStaff(app.db, { tenantId, role: 'owner', name: 'Tom Reed' }),
    ];
    const staff = await createStaff(app.db, { tenantId, role: 'staff' });
    const { order } = await orderOne(app, 'bank_transfer');

    // The mail server refuses everything: the order's e-mails are given up.
    await outboxWith(app, '550 5.7.1 Relaying denied').outbox.drain();
    const failed = await app.db
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'failed')
      .execute();
    expect(failed.length).toBeGreaterThanOrEqual(2);

    await app.sweepOrders();
    const queued = await notices(app);
    expect(queued.map((row) => row.recipient).sort()).toEqual(
      owners.map((owner) => owner.email).sort(),
    );
    expect(queued.map((row) => row.recipient)).not.toContain(staff.email);

    // Another sweep, and another process's, find it done.
    await app.sweepOrders();
    const second = await t.reopen();
    try {
      await second.app.sweepOrders();
    } finally {
      await second.close();
    }
    expect(await notices(app)).toHaveLength(owners.length);

    // The mail server works again: each owner reads what failed and why.
    const { outbox, sent } = outboxWith(app, null);
    await outbox.drain();
    const told = sent.filter((message) => owners.some((owner) => owner.email === message.to));
    expect(told).toHaveLength(owners.length);
    for (const message of told) {
      expect(message.subject).toBe(
        `${failed.length} e-mails from Ember & Oak Workshop could not be sent`,
      );
      expect(message.text).toContain(order.order_number);
      expect(message.text).toContain('550 5.7.1 Relaying denied');
      expect(message.text).toContain('/admin/orders');
    }
    expect(told.find((m) => m.to === owners[0]!.email)!.text).toContain('Hello Maya Hart');

    // Nothing new failed: hours later, still nothing more.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + NOTICE_EVERY_MS + 60_000 });
    await app.sweepOrders();
    expect(await notices(app)).toHaveLength(owners.length);
  });

  it('tells of new failures only, and not before hours have passed since the last notice', async () => {
    const { app } = t;
    const before = (await notices(app)).length;
    expect(before).toBeGreaterThan(0);
    const start = Date.now() + NOTICE_EVERY_MS + 120_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const failedBefore = await failedCount(app);
    await orderOne(app, 'bank_transfer');
    await outboxWith(app, '421 Service not available').outbox.drain();
    const newlyFailed = (await failedCount(app)) - failedBefore;
    expect(newlyFailed).toBeGreaterThan(0);
    await app.sweepOrders();
    const now = await notices(app);
    const owners = now.length - before;
    expect(owners).toBeGreaterThan(0);
    // Only the failures since the last notice are counted, with the new server answer.
    const data = JSON.parse(now.at(-1)!.data) as { count: number; emails: { error: string }[] };
    expect(data.count).toBe(newlyFailed);
    expect(data.emails.map((entry) => entry.error)).toEqual(
      Array(newlyFailed).fill('421 Service not available'),
    );

    // A failure right after: no notice until NOTICE_EVERY_MS has passed...
    const failedThen = await failedCount(app);
    await orderOne(app, 'bank_transfer');
    await outboxWith(app, '421 Service not available').outbox.drain();
    const failedSince = (await failedCount(app)) - failedThen;
    await app.sweepOrders();
    expect(await notices(app)).toHaveLength(now.length);
    // ...then one, of those failures alone.
    vi.setSystemTime(start + NOTICE_EVERY_MS + 60_000);
    await app.sweepOrders();
    const later = await notices(app);
    expect(later).toHaveLength(now.length + owners);
    expect((JSON.parse(later.at(-1)!.data) as { count: number }).count).toBe(failedSince);
  });

  it('says nothing of e-mails to addresses that can never receive mail', async () => {
    const { app } = t;
    const tenantId = await tenantIdOf(app.db, 'demo-handcraft');
    const before = (await notices(app)).length;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 4 * NOTICE_EVERY_MS });
    const now = new Date().toISOString();
    await app.db
      .insertInto('email_outbox')
      .values({
        tenant_id: tenantId,
        kind: 'order_placed_shopper',
        recipient: 'erased-42@erased.invalid',
        data: '{}',
        dedupe_key: 'failed-mail-test:erased',
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    await outboxWith(app, null).outbox.drain();
    await app.sweepOrders();
    expect(await notices(app)).toHaveLength(before);
  });
});
