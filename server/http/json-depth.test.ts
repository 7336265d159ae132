import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

describe('nestsDeeperThan', () => {
  it('lets the contract’s bodies through and refuses one level more than the limit', () => {
    expect(nestsDeeperThan('{"customization":{"handle":"walnut"},"quantity":1}')).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const deepText = JSON.stringify({ note: '[[[[{{{{'.repeat(100) + '\\"[[[' });
    expect(nestsDeeperThan(deepText)).toBe(false);
  });

  it('counts siblings once: many arrays side by side are not deep', () => {
    expect(nestsDeeperThan(`[${'[1],'.repeat(10_000)}[1]]`)).toBe(false);
  });
});
