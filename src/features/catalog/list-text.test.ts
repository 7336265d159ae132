import { emptyProductsMessage, productListTitle } from './list-text';
import { productListSearchSchema } from '../../../common/product-list-search';

describe('productListTitle', () => {
  it.each([
    [{}, 'Our Products'],
    [{ search: 'damascus' }, 'Search Results for "damascus"'],
    [
      { search: 'damascus', categoryName: 'Chef Knives' },
      'Search Results for "damascus" in Chef Knives',
    ],
    [{ categoryName: 'Paintings' }, 'Products in Paintings'],
  ])('%o -> %s', (input, title) => {
    expect(productListTitle(input)).toBe(title);
  });
});

describe('emptyProductsMessage', () => {
  it.each([
    [{}, 'No products found.'],
    [{ search: 'zzz' }, 'No products found matching "zzz".'],
    [{ search: 'zzz', category: 'paintings' }, 'No products found matching "zzz".'],
    [{ category: 'paintings' }, 'No products found in this category.'],
  ])('%o -> %s', (input, message) => {
    expect(emptyProductsMessage(input)).toBe(message);
  });
});

describe('productListSearchSchema', () => {
  it('trims the term, drops blanks and keeps the category', () => {
    expect(productListSearchSchema.parse({ search: '  oak  ', category: 'ceramics' })).toEqual({
      search: 'oak',
      category: 'ceramics',
    });
    expect(productListSearchSchema.parse({ search: '   ' })).toEqual({});
  });

  it('falls back instead of failing on a bad page', () => {
    expect(productListSearchSchema.parse({ page: 'abc' })).toEqual({});
    expect(productListSearchSchema.parse({ page: 0 })).toEqual({});
    expect(productListSearchSchema.parse({ page: '3' })).toEqual({ page: 3 });
    // The router reads `?search=42` as a number: it is still a search term.
    expect(productListSearchSchema.parse({ search: 42 })).toEqual({ search: '42' });
    expect(productListSearchSchema.parse({ search: { x: 1 } })).toEqual({});
  });
});
