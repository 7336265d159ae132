import { isTokenExpired, tokenExpiry } from './token-expiry';
import { fakeJwt } from '../test/fake-jwt';

describe('token expiry (spec section 4, 60-second margin)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const inSeconds = (s: number) => Math.floor(now / 1000) + s;

  it('reads the exp claim', () => {
    expect(tokenExpiry(fakeJwt({ exp: 1234 }))).toBe(1234);
  });

  it('is fresh when more than 60 seconds remain', () => {
    expect(isTokenExpired(fakeJwt({ exp: inSeconds(61) }), now)).toBe(false);
    expect(isTokenExpired(fakeJwt({ exp: inSeconds(300) }), now)).toBe(false);
  });

  it('is expired within the 60-second margin and after expiry', () => {
    expect(isTokenExpired(fakeJwt({ exp: inSeconds(60) }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: inSeconds(59) }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: inSeconds(-10) }), now)).toBe(true);
  });

  it('treats missing and undecodable tokens as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
    expect(isTokenExpired('not-a-jwt', now)).toBe(true);
    expect(isTokenExpired('a.%%%.c', now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ sub: '1' }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: 'soon' }), now)).toBe(true);
  });
});
