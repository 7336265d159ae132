import { forgetResetToken, keepResetToken, readResetToken } from './reset-token';

describe('the reset token kept out of the URL', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the URL’s token for a reload of this tab, and forgets it once spent', () => {
    expect(readResetToken()).toBeUndefined();
    keepResetToken('abc_DEF-123');
    expect(readResetToken()).toBe('abc_DEF-123');
    forgetResetToken();
    expect(readResetToken()).toBeUndefined();
  });

  it('keeps a newer link’s token over the one kept', () => {
    keepResetToken('older');
    keepResetToken('newer');
    expect(readResetToken()).toBe('newer');
  });
});
