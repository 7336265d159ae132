import { forgetResetToken, keepResetToken } from './reset-token';

describe('the reset token kept out of the URL', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the URL’s token for a reload of this tab, and forgets it once spent', () => {
    expect(keepResetToken('abc_DEF-123')).toBe('abc_DEF-123');
    // The reload: the URL no longer has it.
    expect(keepResetToken(undefined)).toBe('abc_DEF-123');
    forgetResetToken();
    expect(keepResetToken(undefined)).toBeUndefined();
  });

  it('prefers a newer link’s token to the one kept', () => {
    keepResetToken('older');
    expect(keepResetToken('newer')).toBe('newer');
    expect(keepResetToken(undefined)).toBe('newer');
  });
});
