import { matching, oneOf, optionalTrimmed, pageParam } from './search-params';

describe('search param parsers (fall back, never fail)', () => {
  it('optionalTrimmed', () => {
    expect(optionalTrimmed('  oak ')).toBe('oak');
    // The API refuses a NUL character with a 400: the URL's value is dropped instead.
    expect(optionalTrimmed('oa\0k')).toBeUndefined();
    expect(optionalTrimmed('   ')).toBeUndefined();
    expect(optionalTrimmed(42)).toBe('42');
    expect(optionalTrimmed({})).toBeUndefined();
  });
  it('pageParam: whole numbers from 2; page 1 and junk are undefined', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam(2)).toBe(2);
    for (const bad of [1, '1', 0, -2, 2.5, 'abc', '', null, undefined, [3]])
      expect(pageParam(bad)).toBeUndefined();
  });
  it('oneOf and matching', () => {
    expect(oneOf('checkout', ['checkout'] as const)).toBe('checkout');
    expect(oneOf('pay', ['checkout'] as const)).toBeUndefined();
    expect(matching('abc-123', /^[a-c0-9-]+$/)).toBe('abc-123');
    expect(matching(5, /5/)).toBeUndefined();
  });
});
