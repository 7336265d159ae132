/**
 * The Stripe adapter against a local fake of the Stripe API (server/test/fake-stripe.ts), over
 * real HTTP on 127.0.0.1, after a payment has started: asking Stripe for its state, canceling it
 * (expiring the page), and refunding it once, whatever the retries.
 */
import type { FakeStripe } from '../../../test/fake-stripe.ts';
import {
  INPUT,
  PAYMENT_ID,
  failure,
  started,
  useFakeStripe,
} from '../../../test/provider-stripe.ts';
import { type PaymentProvider, ProviderRefused } from '../../provider.ts';

let fake: FakeStripe;
let stripe: PaymentProvider;
useFakeStripe((started) => ({ fake, stripe } = started));

describe("asking Stripe for a payment's state", () => {
  it('is open while the shopper is on the page', async () => {
    const { ref } = await started(stripe);
    expect(await stripe.fetchPayment(ref)).toEqual({
      eventId: null,
      providerRef: ref.providerRef,
      paymentId: PAYMENT_ID,
      state: 'open',
      amountMinor: 4500,
      currency: 'USD',
      transactionRef: null,
      errorMessage: null,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${ref.providerRef}`,
      params: { expand: ['payment_intent'] },
    });
  });

  it('is succeeded once paid, with the PaymentIntent as the transaction', async () => {
    const { ref } = await started(stripe);
    const session = fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    expect(await stripe.fetchPayment(ref)).toMatchObject({
      state: 'succeeded',
      transactionRef: session.payment_intent,
      amountMinor: 4500,
      currency: 'USD',
    });
  });

  it('is pending while an asynchronous payment settles, then failed if it does not', async () => {
    const { ref } = await started(stripe);
    fake.complete(ref.providerRef, { paymentStatus: 'unpaid' });
    expect(await stripe.fetchPayment(ref)).toMatchObject({ state: 'pending', errorMessage: null });

    fake.settle(ref.providerRef, 'failed');
    const failed = await stripe.fetchPayment(ref);
    expect(failed.state).toBe('failed');
    expect(failed.errorMessage).toMatch(/did not go through/);
  });

  it('is canceled once the page expired', async () => {
    const { ref } = await started(stripe);
    fake.expire(ref.providerRef);
    const canceled = await stripe.fetchPayment(ref);
    expect(canceled.state).toBe('canceled');
    expect(canceled.errorMessage).toMatch(/expired/);
  });

  it('refuses for a session Stripe does not know', async () => {
    const error = await failure(
      stripe.fetchPayment({ providerRef: 'cs_test_nope', paymentId: PAYMENT_ID }),
    );
    expect(error).toBeInstanceOf(ProviderRefused);
    expect((error as ProviderRefused).code).toBe('resource_missing');
  });
});

describe('canceling a Stripe payment', () => {
  it('expires an open page', async () => {
    const { ref } = await started(stripe);
    expect(await stripe.cancelPayment(ref)).toBe(true);
    expect(fake.sessions.get(ref.providerRef)?.status).toBe('expired');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${ref.providerRef}/expire`,
    });
  });

  it('answers false for a page that already expired or was paid', async () => {
    const { ref } = await started(stripe);
    fake.expire(ref.providerRef);
    expect(await stripe.cancelPayment(ref)).toBe(false);

    const paid = await stripe.startPayment({ ...INPUT, paymentId: 'another-attempt' });
    fake.complete(paid.providerRef, { paymentStatus: 'paid' });
    expect(
      await stripe.cancelPayment({ providerRef: paid.providerRef, paymentId: 'another-attempt' }),
    ).toBe(false);
    expect(fake.sessions.get(paid.providerRef)?.status).toBe('complete');
  });

  it('refuses for a session Stripe does not know', async () => {
    const error = await failure(
      stripe.cancelPayment({ providerRef: 'cs_test_nope', paymentId: PAYMENT_ID }),
    );
    expect(error).toBeInstanceOf(ProviderRefused);
    expect((error as ProviderRefused).code).toBe('resource_missing');
  });
});

describe('refunding a Stripe payment', () => {
  it("refunds the amount from the session's PaymentIntent and answers the refund id", async () => {
    const { ref } = await started(stripe);
    const session = fake.complete(ref.providerRef, { paymentStatus: 'paid' });
    const refundId = await stripe.refundPayment({ ...ref, amountMinor: 4500, currency: 'USD' });

    expect(refundId).toMatch(/^re_/);
    expect(fake.refunds.get(refundId as string)).toMatchObject({
      amount: 4500,
      payment_intent: session.payment_intent,
    });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      params: {
        payment_intent: session.payment_intent,
        amount: '4500',
        metadata: { payment_id: PAYMENT_ID },
      },
    });
    expect(request?.headers['idempotency-key']).toBe(`refund-${PAYMENT_ID}`);

    // A repeat (our retry after a lost answer) is the same refund, not a second one.
    expect(await stripe.refundPayment({ ...ref, amountMinor: 4500, currency: 'USD' })).toBe(
      refundId,
    );
    expect(fake.refunds.size).toBe(1);
  });

  it('refuses to refund a payment that was never captured', async () => {
    const { ref } = await started(stripe);
    const error = await failure(
      stripe.refundPayment({ ...ref, amountMinor: 4500, currency: 'USD' }),
    );
    expect(error).toBeInstanceOf(ProviderRefused);
    expect((error as ProviderRefused).code).toBe('payment_not_captured');
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
  });
});
