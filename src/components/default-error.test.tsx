import { ApiError } from '../api/errors';
import { errorMessageFor } from './default-error';

describe('errorMessageFor (spec section 8: generic error box)', () => {
  it("uses the server's detail for an API error", () => {
    expect(errorMessageFor(new ApiError(503, { detail: 'Shop is closed for maintenance.' }))).toBe(
      'Shop is closed for maintenance.',
    );
  });

  it('falls back to the generic message otherwise', () => {
    expect(errorMessageFor(new TypeError('x is undefined'))).toBe(
      'An unexpected error occurred. Please try again later.',
    );
    expect(errorMessageFor(new ApiError(500, null))).toBe(
      'An unexpected error occurred. Please try again later.',
    );
  });
});
