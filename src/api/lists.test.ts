import { toList } from './lists';

describe('toList (spec section 7: a plain array or {results})', () => {
  it('accepts both shapes', () => {
    expect(toList([1, 2])).toEqual([1, 2]);
    expect(toList({ results: [3] })).toEqual([3]);
  });
  it('gives an empty list for nothing', () => {
    expect(toList(null)).toEqual([]);
    expect(toList(undefined)).toEqual([]);
  });
});
