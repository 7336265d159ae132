import { describe, expect, it } from 'vitest';
import { summaryOf } from './rich-field';

describe("a list's summary of an answer", () => {
  it('reads as words: a space between blocks, no markup, nothing a handler could run', () => {
    expect(
      summaryOf(
        '<p>Yes, to most countries.</p><ul><li>UK: 2–3 working days</li><li>Europe: 5–8</li></ul>',
      ),
    ).toBe('Yes, to most countries. UK: 2–3 working days Europe: 5–8');
    expect(summaryOf('<p>Oak<img src="x" onerror="window.__xss=1"></p>')).toBe('Oak');
  });

  it('stops at the length given, with an ellipsis', () => {
    expect(summaryOf(`<p>${'a'.repeat(200)}</p>`, 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
