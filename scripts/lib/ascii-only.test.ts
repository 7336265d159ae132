import { asciiOnly } from './ascii-only.mjs';

describe('asciiOnly', () => {
  it('writes a program in ASCII that means the same, strings, templates and regexps included', () => {
    const source =
      "const a = 'Loading…'; const b = `café ${a}`; const c = /naïve|😀/u.test('😀'); // ’\n" +
      'export default [a, b, c];';
    const escaped = asciiOnly(source);
    expect(escaped).not.toMatch(/[\u0080-\uffff]/);
    const run = (code: string) =>
      new Function(code.replace('export default', 'return'))() as unknown[];
    expect(run(escaped)).toEqual(['Loading…', 'café Loading…', true]);
    expect(run(escaped)).toEqual(run(source));
  });

  it('leaves ASCII source as it is', () => {
    expect(asciiOnly('const x = "plain";')).toBe('const x = "plain";');
  });
});
