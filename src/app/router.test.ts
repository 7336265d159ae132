import { ApiError } from '../api/errors';
import { shouldRetry } from './router';

describe('shouldRetry', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(404, { detail: 'Not found.' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, null))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    expect(shouldRetry(0, new ApiError(503, null))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
  });
});
