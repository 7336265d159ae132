import { domainRefusal } from '../test/domain-refusal.ts';
import { canonicalCustomization, parseCustomization } from './customization.ts';

describe('canonicalCustomization', () => {
  it('sorts keys, trims keys and values and drops empty ones', () => {
    const a = canonicalCustomization({ b: ' 2 ', a: '1', ' c ': 'x', d: '   ', ' ': 'y' });
    expect(a.json).toBe('{"a":"1","b":"2","c":"x"}');
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalCustomization({ c: 'x', a: '1', b: '2' })).toEqual(a);
  });

  it('gives {} for none or an empty map', () => {
    expect(canonicalCustomization(undefined).json).toBe('{}');
    expect(canonicalCustomization({ a: ' ' })).toEqual(canonicalCustomization({}));
  });

  it('keeps a key named like an object property as a plain member', () => {
    const { json } = canonicalCustomization({ ' __proto__': 'x', constructor: 'y' });
    expect(json).toBe('{"__proto__":"x","constructor":"y"}');
    expect(parseCustomization(json)).toEqual(JSON.parse(json));
  });

  it('refuses a NUL character with the customization field error', () => {
    expect(domainRefusal(() => canonicalCustomization({ a: 'x\u0000' }))).toEqual({
      status: 400,
      body: { customization: ['Null characters are not allowed.'] },
    });
  });
});
