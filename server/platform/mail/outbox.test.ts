/**
 * The e-mail outbox (decision 040): order e-mails queued with the order are sent after the
 * commit, each once, with an HTML and a plain-text part; a failing mail server is retried later
 * and finally given up; two senders never send one e-mail twice; a sender that died holding an
 * e-mail leaves it to the next one. (A real `kill -9` between commit and send is in
 * server/platform/processes-crash-recovery.test.ts.)
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { orderOne } from '../../test/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { decodeQuotedPrintable } from './outbox-reader.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { EmailOutbox, retryDelayMs } from './outbox.ts';
import { renderOutboxEmail } from '../../emails.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function outboxFiles(): Promise<string[]> {
  try {
    return (await readdir(t.config.outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** A mailer that records what it sends and fails while `failing` says so. */
function recordingMailer(failing: () => boolean = () => false) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    mode: 'smtp',
    async send(message) {
      if (failing()) throw new Error('421 Service not available');
      sent.push(message);
      return { via: 'smtp', messageId: message.messageId ?? '' };
    },
    close() {},
  };
  return { mailer, sent };
}

function outbox(
  mailer: Mailer,
  overrides: Partial<ConstructorParameters<typeof EmailOutbox>[0]> = {},
) {
  return new EmailOutbox({
    db: t.app.db,
    mailer,
    render: renderOutboxEmail,
    fromFor: async () => '"Ember & Oak" <hello@emberandoak.example>',
    log: t.app.log,
    ...overrides,
  });
}

async function rowsFor(orderNumber: string) {
  const rows = await t.app.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();
  return rows.filter((row) => row.data.includes(orderNumber));
}

it('sends the order e-mails after the commit, once each, with an HTML and a text part', async () => {
  const before = await outboxFiles();
  const { order, me } = await orderOne(t.app, 'bank_transfer');
  const queued = await rowsFor(order.order_number);
  expect(queued.map((r) => [r.kind, r.status])).toEqual([
    ['order_placed', 'pending'],
    ['shop_order_awaiting_payment', 'pending'],
  ]);
  await t.app.emailOutbox.drain();
  await t.app.emailOutbox.drain();
  const written = (await outboxFiles()).filter((name) => !before.includes(name));
  expect(written).toHaveLength(2);
  const messages = await Promise.all(
    written.map(async (name) =>
      decodeQuotedPrintable(await readFile(join(t.config.outboxDir, name), 'utf8')),
    ),
  );
  const shopper = messages.find((m) => m.includes(`Your order ${order.order_number}`))!;
  expect(shopper).toMatch(/^Subject: Your order ORD-\w{4}-\w{4} at Ember & Oak/m);
  expect(shopper).toMatch(/^Content-Type: text\/plain/m);
  expect(shopper).toMatch(/^Content-Type: text\/html/m);
  expect(shopper).toContain('IBAN');
  expect(shopper).toContain(`Use your order number ${order.order_number} as the payment reference`);
  expect(shopper.toLowerCase()).toContain(
    `to: ${(await t.app.db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow()).email}`,
  );
  const shop = messages.find((m) => m !== shopper)!;
  expect(shop).toMatch(/^Subject: \[Ember & Oak[^\]]*\] New bank-transfer order/m);
  expect((await rowsFor(order.order_number)).map((r) => [r.status, r.attempts])).toEqual([
    ['sent', 1],
    ['sent', 1],
  ]);
});

it('retries a failing mail server later, with a growing delay, and gives up after the last try', async () => {
  // 1, 2, 4 minutes ... at most an hour.
  expect([1, 2, 3, 6, 7, 20].map(retryDelayMs)).toEqual([
    60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
  ]);
  let down = true;
  const { mailer, sent } = recordingMailer(() => down);
  const sender = outbox(mailer, { maxAttempts: 3 });
  const { order } = await orderOne(t.app, 'bank_transfer');
  await sender.drain();
  let rows = await rowsFor(order.order_number);
  expect(rows.map((r) => [r.status, r.attempts, r.last_error])).toEqual([
    ['pending', 1, '421 Service not available'],
    ['pending', 1, '421 Service not available'],
  ]);
  expect(new Date(rows[0]!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
  // Not due yet: nothing is tried again.
  await sender.drain();
  expect((await rowsFor(order.order_number))[0]!.attempts).toBe(1);

  const due = async () =>
    t.app.db
      .updateTable('email_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  await due();
  down = false;
  await sender.drain();
  rows = await rowsFor(order.order_number);
  expect(rows.map((r) => [r.status, r.attempts])).toEqual([
    ['sent', 2],
    ['sent', 2],
  ]);
  expect(sent.map((m) => m.subject).filter((s) => s.includes(order.order_number))).toHaveLength(2);

  // Down for good: after the third try the row is given up, and said so.
  down = true;
  const other = await orderOne(t.app, 'bank_transfer');
  rows = await rowsFor(other.order.order_number);
  for (let i = 0; i < 4; i++) {
    await due();
    await sender.drain();
  }
  expect((await rowsFor(other.order.order_number)).map((r) => [r.status, r.attempts])).toEqual([
    ['failed', 3],
    ['failed', 3],
  ]);
});

it('never sends one e-mail twice with two senders at once, and takes over one a dead sender held', async () => {
  const a = recordingMailer();
  const b = recordingMailer();
  const { order } = await orderOne(t.app, 'bank_transfer');
  await Promise.all([outbox(a.mailer).drain(), outbox(b.mailer).drain(), outbox(a.mailer).drain()]);
  const subjects = [...a.sent, ...b.sent]
    .map((m) => m.subject)
    .filter((s) => s.includes(order.order_number));
  expect(subjects).toHaveLength(2);
  expect(new Set(subjects).size).toBe(2);

  // A sender claimed this one and died: it is sent once its claim has run out, not before.
  const held = await orderOne(t.app, 'bank_transfer');
  const ids = (await rowsFor(held.order.order_number)).map((r) => r.id);
  await t.app.db
    .updateTable('email_outbox')
    .set({ locked_until: new Date(Date.now() + 60_000).toISOString(), attempts: 1 })
    .where('id', 'in', ids)
    .execute();
  const c = recordingMailer();
  await outbox(c.mailer).drain();
  expect(c.sent).toHaveLength(0);
  await t.app.db
    .updateTable('email_outbox')
    .set({ locked_until: new Date(Date.now() - 1).toISOString() })
    .where('id', 'in', ids)
    .execute();
  await outbox(c.mailer).drain();
  expect(
    c.sent.map((m) => m.subject).filter((s) => s.includes(held.order.order_number)),
  ).toHaveLength(2);
  // The same message again: the same Message-ID, so mail programs show it once.
  expect(
    c.sent.every((m) => /^<[\w-]+-outbox-\d+@emberandoak\.example>$/.test(m.messageId ?? '')),
  ).toBe(true);
});

it('writes a message sent again into the same outbox file, never a second one', async () => {
  const { order } = await orderOne(t.app, 'bank_transfer');
  await t.app.emailOutbox.drain();
  const files = await outboxFiles();
  const ids = (await rowsFor(order.order_number)).map((r) => r.id);
  await t.app.db
    .updateTable('email_outbox')
    .set({ status: 'pending', locked_until: null })
    .where('id', 'in', ids)
    .execute();
  await t.app.emailOutbox.drain();
  expect(await outboxFiles()).toEqual(files);
});
