import { ApiError } from '../../api/errors';
import { isProcessing, lookupErrorMessage, screenForStatus } from './payment-outcome';

describe('payment status table (spec section 4)', () => {
  it('shows success for succeeded', () => {
    expect(screenForStatus('succeeded')).toEqual({ kind: 'success' });
  });

  it("shows 'Payment Failed' and 'Payment Canceled' with the reason or the fallback", () => {
    expect(screenForStatus('failed', 'The card was declined.')).toEqual({
      kind: 'failure',
      title: 'Payment Failed',
      reason: 'The card was declined.',
    });
    expect(screenForStatus('canceled', null)).toEqual({
      kind: 'failure',
      title: 'Payment Canceled',
      reason: 'Please check the details and try again.',
    });
  });

  it("shows 'Payment Processing' for initiated and pending", () => {
    expect(screenForStatus('initiated')).toEqual({ kind: 'processing' });
    expect(screenForStatus('pending')).toEqual({ kind: 'processing' });
    expect(isProcessing('pending')).toBe(true);
    expect(isProcessing('succeeded')).toBe(false);
  });

  it('shows a status-lookup failure for error', () => {
    expect(screenForStatus('error')).toEqual({
      kind: 'lookup-failure',
      message: 'Failed to retrieve payment status. Please contact support.',
    });
  });

  it("shows 'Unknown payment status.' for anything else", () => {
    expect(screenForStatus('refunded')).toEqual({ kind: 'unknown' });
    expect(screenForStatus(undefined)).toEqual({ kind: 'unknown' });
  });
});

describe('status lookup failures (spec section 8)', () => {
  it('names a 404, another answer and no answer differently', () => {
    expect(lookupErrorMessage(new ApiError(404, { detail: 'Not found.' }))).toBe(
      'Payment transaction not found.',
    );
    expect(lookupErrorMessage(new ApiError(500, null))).toBe(
      'Failed to retrieve payment status. Please contact support.',
    );
    expect(lookupErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'An error occurred while checking payment status.',
    );
  });
});
