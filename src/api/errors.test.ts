import {
  ApiError,
  apiErrorMessage,
  apiFieldErrors,
  fieldErrorsMessage,
  isNotFound,
} from './errors';

describe('apiErrorMessage (spec section 8)', () => {
  it('prefers the server detail', () => {
    expect(apiErrorMessage(new ApiError(400, { detail: 'Out of stock.' }), 'fallback')).toBe(
      'Out of stock.',
    );
  });

  it('joins field errors as "field: messages" with "; "', () => {
    const error = new ApiError(400, { email: ['Taken.'], password: ['Too short.', 'Too common.'] });
    expect(apiErrorMessage(error, 'fallback')).toBe(
      'email: Taken.; password: Too short. Too common.',
    );
  });

  it('falls back when the body says nothing usable', () => {
    expect(
      apiErrorMessage(new ApiError(500, '<html>oops</html>'), 'Failed to load products.'),
    ).toBe('Failed to load products.');
    expect(apiErrorMessage(new ApiError(502, null), 'Failed to load products.')).toBe(
      'Failed to load products.',
    );
    expect(apiErrorMessage(new TypeError('Failed to fetch'), 'Failed to load products.')).toBe(
      'Failed to load products.',
    );
  });

  it('exposes field errors per field and recognises 404', () => {
    const error = new ApiError(400, { detail: 'x', email: ['Taken.'] });
    expect(apiFieldErrors(error)).toEqual({ email: ['Taken.'] });
    expect(fieldErrorsMessage({ detail: 'only detail' })).toBeUndefined();
    expect(isNotFound(new ApiError(404, { detail: 'Not found.' }))).toBe(true);
    expect(isNotFound(new ApiError(500, null))).toBe(false);
  });

  it("uses the error's own message only when asked (login and register)", () => {
    const network = new TypeError('Failed to fetch');
    expect(
      apiErrorMessage(network, 'An unknown error occurred during login.', {
        useErrorMessage: true,
      }),
    ).toBe('Failed to fetch');
    expect(
      apiErrorMessage(new Error(''), 'An unknown error occurred during login.', {
        useErrorMessage: true,
      }),
    ).toBe('An unknown error occurred during login.');
    expect(
      apiErrorMessage(new ApiError(400, { detail: 'Bad.' }), 'x', { useErrorMessage: true }),
    ).toBe('Bad.');
  });
});
