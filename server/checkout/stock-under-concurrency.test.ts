/**
 * Payment starts and provider notifications for one order, all at once, round after round
 * (decision 038: every transaction locks the order row first). On PostgreSQL a start used to
 * lock order-then-payments while a success notification went payment-then-order, and
 * overlapping ones deadlocked (40P01) into a 500. Runs on SQLite too, where writes take turns.
 */
import { Writable } from 'node:stream';
import { notifySandbox, orderOne, paymentRow, startPayment } from '../test/sandbox.ts';
import { call, createCustomer, productsInStock, setProduct } from '../test/shop.ts';
import { createTestApp, type TestApp, testDatabaseUrl } from '../test/test-app.ts';

/** The app's error-level log lines: a 500's cause, printed when the test fails. */
const errorLog: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk, _encoding, done) {
            errorLog.push(String(chunk));
            done();
          },
        }),
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const ROUNDS = 200;
const engine = testDatabaseUrl ? 'PostgreSQL' : 'SQLite';

it(`runs ${ROUNDS} rounds of starts and notifications of one order at once, with no deadlock and no 500 (${engine})`, async () => {
  const me = await createCustomer(t.app);
  const product = (await productsInStock(t.app))[0]!;
  await setProduct(t.app, product.id, { stock: ROUNDS + 10 });
  const serverErrors: { call: string; status: number; body: unknown }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { order } = await orderOne(t.app, 'card_2c2p', me, product.id);
    const first = await startPayment(t.app, me, order.id);
    const start = () =>
      call(t.app, 'POST', '/payments/card/initiate/', me.headers, {
        order_id: order.id,
        currency: 'USD',
      });
    const calls = {
      'start 1': start,
      'notify succeeded': () => notifySandbox(t.app, first.payment_uuid, order.total_price),
      'notify pending': () =>
        notifySandbox(t.app, first.payment_uuid, order.total_price, { status: 'pending' }),
      'start 2': start,
      'read status': () =>
        call(t.app, 'GET', `/payments/history/${first.payment_uuid}/`, me.headers),
    };
    const answers = await Promise.all(Object.values(calls).map((send) => send()));
    Object.keys(calls).forEach((name, i) => {
      const { status, body } = answers[i]!;
      if (status >= 500) serverErrors.push({ call: `round ${round}: ${name}`, status, body });
    });
    // Whatever the order of events, the money taken paid the order.
    expect((await paymentRow(t.app, first.payment_uuid)).status).toBe('succeeded');
  }
  expect({ serverErrors, errorLog }).toEqual({ serverErrors: [], errorLog: [] });
  const paid = await t.app.db
    .selectFrom('orders')
    .select('status')
    .where('user_id', '=', me.id)
    .execute();
  expect(paid.map((o) => o.status)).toEqual(Array(ROUNDS).fill('paid'));
}, 240_000);
