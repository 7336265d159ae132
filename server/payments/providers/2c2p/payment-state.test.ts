/**
 * The 2C2P adapter against a local fake of 2C2P's payment API (server/test/fake-2c2p.ts), after
 * a payment has started: asking 2C2P for its state, and reading 2C2P's backend notifications,
 * refused when forged, mismatched, stale or malformed. No error reveals the secret key.
 */
import type { Fake2c2p } from '../../../test/fake-2c2p.ts';
import {
  MERCHANT_ID,
  SECRET,
  failure,
  hoursAgo,
  useFake2c2p,
} from '../../../test/provider-2c2p.ts';
import { NotificationRefused, type PaymentProvider } from '../../provider.ts';

let fake: Fake2c2p;
let provider: PaymentProvider;
const { adapter, started, refusal } = useFake2c2p((running) => ({ fake, provider } = running));

describe("asking 2C2P for a payment's state", () => {
  it('reports open before the shopper has paid', async () => {
    const { ref, invoiceNo } = await started();
    const report = await provider.fetchPayment(ref);
    expect(report).toMatchObject({ eventId: null, providerRef: invoiceNo, state: 'open' });
    expect(report.errorMessage).toBeNull();
    expect(fake.requests.at(-1)!.payload).toEqual({
      merchantID: MERCHANT_ID,
      invoiceNo,
      locale: 'en',
    });
  });

  it("reports a declined card as failed, with 2C2P's reason", async () => {
    const { ref, invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '4005' });
    expect(await provider.fetchPayment(ref)).toMatchObject({
      state: 'failed',
      errorMessage: 'Do not honour',
      amountMinor: 47500,
      currency: 'USD',
      paymentId: ref.paymentId,
    });
  });

  it('reports a payment the shopper cancelled as canceled', async () => {
    const { ref, invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0003' });
    expect(await provider.fetchPayment(ref)).toMatchObject({ state: 'canceled' });
  });

  it('reports pending, then succeeded with the transaction reference once paid', async () => {
    const { ref, invoiceNo } = await started({ amountMinor: 1999 });
    for (const respCode of ['0001', '2001']) {
      fake.settle(invoiceNo, { respCode });
      expect(await provider.fetchPayment(ref)).toMatchObject({ state: 'pending' });
    }
    fake.settle(invoiceNo, { respCode: '0000', tranRef: '3827411' });
    expect(await provider.fetchPayment(ref)).toEqual({
      eventId: null,
      providerRef: invoiceNo,
      paymentId: ref.paymentId,
      state: 'succeeded',
      amountMinor: 1999,
      currency: 'USD',
      transactionRef: '3827411',
      errorMessage: null,
    });
  });
});

describe("2C2P's backend notifications", () => {
  it('are read into a report with the amount, currency, reference and our payment id', async () => {
    const { ref, invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000', tranRef: '3827412' });
    const report = await provider.parseNotification({
      rawBody: fake.notificationFor(invoiceNo),
      headers: { 'content-type': 'application/json' },
    });
    expect(report).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f]{64}$/),
      providerRef: invoiceNo,
      paymentId: ref.paymentId,
      state: 'succeeded',
      amountMinor: 47500,
      currency: 'USD',
      transactionRef: '3827412',
      errorMessage: null,
    });
  });

  it('move a payment from pending to paid, each its own event; a replay is the same event', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0001', transactionDateTime: hoursAgo(0.1) });
    const pendingBody = fake.notificationFor(invoiceNo);
    const pending = await provider.parseNotification({ rawBody: pendingBody, headers: {} });
    expect(pending.state).toBe('pending');
    fake.settle(invoiceNo, { respCode: '0000' });
    const paid = await provider.parseNotification({
      rawBody: fake.notificationFor(invoiceNo),
      headers: {},
    });
    expect(paid.state).toBe('succeeded');
    expect(paid.eventId).not.toBe(pending.eventId);
    const replay = await provider.parseNotification({ rawBody: pendingBody, headers: {} });
    expect(replay).toEqual(pending);
  });

  it('report a decline with its reason', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '4051' });
    expect(
      await provider.parseNotification({ rawBody: fake.notificationFor(invoiceNo), headers: {} }),
    ).toMatchObject({ state: 'failed', errorMessage: 'Insufficient funds' });
  });

  it('are refused as forged when signed with another key or not with HS256', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    await refusal(fake.notificationFor(invoiceNo, { secretKey: `other-${SECRET}` }), 'forged');
    await refusal(fake.notificationFor(invoiceNo, { alg: 'none' }), 'forged');
    await refusal(fake.notificationFor(invoiceNo, { alg: 'RS256' }), 'forged');
  });

  it('are refused as mismatched when for another merchant', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    await refusal(
      fake.notificationFor(invoiceNo, { fields: { merchantID: 'JT02' } }),
      'mismatched',
    );
  });

  it('are refused as stale when too old, from the future, or without a usable time', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    const at = (transactionDateTime: unknown) =>
      fake.notificationFor(invoiceNo, { fields: { transactionDateTime } });
    await refusal(at(hoursAgo(25)), 'stale');
    await refusal(at(hoursAgo(-0.25)), 'stale');
    for (const bad of [undefined, '', '2025-01-01T00:00:00Z', '20250231120000', 20250101120000]) {
      await refusal(at(bad), 'stale');
    }
    // Within the limits: nearly a day old, and a few minutes ahead (clock skew).
    for (const fine of [hoursAgo(23.9), hoursAgo(-0.06)]) {
      await expect(
        provider.parseNotification({ rawBody: at(fine), headers: {} }),
      ).resolves.toMatchObject({
        state: 'succeeded',
      });
    }
  });

  it('are refused as stale after the configured age', async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000', transactionDateTime: hoursAgo(2) });
    const error = await failure(
      adapter({}, { notificationMaxAgeSeconds: 3600 }).parseNotification({
        rawBody: fake.notificationFor(invoiceNo),
        headers: {},
      }),
      NotificationRefused,
    );
    expect(error.reason).toBe('stale');
  });

  it("are refused as malformed when not 2C2P's shape", async () => {
    const { invoiceNo } = await started();
    fake.settle(invoiceNo, { respCode: '0000' });
    for (const body of ['not json', '{}', '[]', '{"payload":42}', '{"payload":"not-a-jwt"}']) {
      await refusal(body, 'malformed');
    }
    for (const fields of [
      { amount: 'abc' },
      { amount: 12.345 },
      { amount: -1 },
      { amount: undefined },
      { currencyCode: 'US' },
      { invoiceNo: undefined },
      { respCode: 0 },
    ]) {
      await refusal(fake.notificationFor(invoiceNo, { fields }), 'malformed');
    }
    const infinite = fake.notificationFor(invoiceNo, {
      payloadText: (json) => json.replace('"amount":475,', '"amount":1e400,'),
    });
    expect(infinite).not.toBe(fake.notificationFor(invoiceNo));
    await refusal(infinite, 'malformed');
  });
});
