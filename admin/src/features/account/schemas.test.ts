import { describe, expect, it } from 'vitest';
import { deviceName } from '../../../../common/device-name';
import { confirmCodeSchema, groupSecret } from './schemas';

describe('the account screen', () => {
  it('takes the code as an authenticator app shows it, with a space', () => {
    expect(confirmCodeSchema.parse({ code: '492 817' })).toEqual({ code: '492817' });
    expect(confirmCodeSchema.safeParse({ code: '4928' }).error?.issues[0]?.message).toBe(
      'The code has 6 digits.',
    );
  });

  it('groups the secret in fours for typing by hand', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('names a session by its browser and system', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('curl/7.88.1')).toBe('curl/7.88.1');
  });
});
