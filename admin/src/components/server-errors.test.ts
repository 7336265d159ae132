import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { placeServerErrors } from './server-errors';

describe('server errors on a form', () => {
  it('puts each field message beside its field and nothing at the top', () => {
    const setError = vi.fn();
    const top = placeServerErrors(
      new ApiError(400, { amount: ['At most 430.00 can be refunded.'] }),
      setError,
      ['amount', 'reason'],
    );
    expect(setError).toHaveBeenCalledWith('amount', {
      type: 'server',
      message: 'At most 430.00 can be refunded.',
    });
    expect(top).toBeNull();
  });

  it('shows the detail of a refused move at the top', () => {
    const setError = vi.fn();
    const top = placeServerErrors(
      new ApiError(409, { detail: 'This order is already closed.' }),
      setError,
      ['reason'],
    );
    expect(setError).not.toHaveBeenCalled();
    expect(top).toBe('This order is already closed.');
  });

  it('names a field the form does not have in the top message', () => {
    const top = placeServerErrors(new ApiError(400, { payer_reference: ['Too long.'] }), vi.fn(), [
      'amount',
    ]);
    expect(top).toBe('Payer reference: Too long.');
  });

  it('says in plain words what a bare status means', () => {
    expect(placeServerErrors(new ApiError(403, null), vi.fn(), [])).toBe(
      'You do not have permission to do this.',
    );
    expect(placeServerErrors(new TypeError('Failed to fetch'), vi.fn(), [])).toBe(
      'Could not reach the server. Check the connection and try again.',
    );
  });
});
