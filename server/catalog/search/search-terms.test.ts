import { searchPrefixes, searchWords, wordPrefixes } from './search-terms.ts';

describe('the words of a search', () => {
  it('splits at anything but letters and digits, lowers them and drops accents', () => {
    expect(searchWords('Café-Zürich  210mm, naïve!')).toEqual(['cafe', 'zurich', '210mm', 'naive']);
    expect(searchWords('%_*"')).toEqual([]);
  });

  it('keeps each word once and at most eight', () => {
    expect(searchWords('oak oak OAK')).toEqual(['oak']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('the prefixes of a word', () => {
  it.each([
    ['bowls', ['bowl']],
    ['boxes', ['box']],
    ['berries', ['berr']],
    ['knives', ['knives', 'knif']],
    ['glass', ['glass']],
    ['walrus', ['walrus']],
    ['iris', ['iris']],
    ['oak', ['oak']],
    ['wal', ['wal']],
    ['walnut', ['walnut']],
  ])('looks up %s as %j', (word, prefixes) => {
    expect(wordPrefixes(word)).toEqual(prefixes);
  });

  it('gives one list of alternatives per word', () => {
    expect(searchPrefixes('Carved knives')).toEqual([['carved'], ['knives', 'knif']]);
  });
});
