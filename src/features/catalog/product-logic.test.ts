import {
  addToCartProblem,
  clampQuantity,
  descriptionOrFallback,
  formatAverage,
  maxAddQuantity,
  reviewCountLabel,
  roundToHalf,
  sortByOrder,
} from './product-logic';

describe('roundToHalf', () => {
  it.each([
    [3.74, 3.5],
    [3.75, 4],
    [4.24, 4],
    [4.25, 4.5],
    [1, 1],
    [5, 5],
    [0, 0],
  ])('%d -> %d', (input, expected) => {
    expect(roundToHalf(input)).toBe(expected);
  });

  it('shows the average to one decimal', () => {
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(3.666)).toBe('3.7');
  });
});

describe('reviewCountLabel', () => {
  it('uses singular and plural', () => {
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(3)).toBe('3 reviews');
  });
});

describe('clampQuantity', () => {
  it('turns an input below 1, or not a number, into 1', () => {
    expect(clampQuantity('0', 5)).toEqual({ quantity: 1, message: null });
    expect(clampQuantity('-4', 5)).toEqual({ quantity: 1, message: null });
    expect(clampQuantity('abc', 5)).toEqual({ quantity: 1, message: null });
  });

  it('caps at stock with the spec message', () => {
    expect(clampQuantity('9', 5)).toEqual({ quantity: 5, message: 'Only 5 items available.' });
  });

  it("caps at a cart line's 100 when the stock is larger, with its own message", () => {
    expect(clampQuantity('150', 500)).toEqual({
      quantity: 100,
      message: 'You can order up to 100 at a time.',
    });
    expect(clampQuantity('100', 500)).toEqual({ quantity: 100, message: null });
    expect(clampQuantity('150', 120)).toEqual({
      quantity: 100,
      message: 'You can order up to 100 at a time.',
    });
    expect(maxAddQuantity(500)).toBe(100);
    expect(maxAddQuantity(7)).toBe(7);
    expect(maxAddQuantity(0, true)).toBe(10);
  });

  it('keeps a value inside the bounds', () => {
    expect(clampQuantity('3', 5)).toEqual({ quantity: 3, message: null });
    expect(clampQuantity(5, 5)).toEqual({ quantity: 5, message: null });
  });
});

describe('made to order', () => {
  it("bounds a made-to-order quantity to 1..10 whatever the stock, with 'You can order up to 10 at a time.'", () => {
    expect(clampQuantity('15', 0, true)).toEqual({
      quantity: 10,
      message: 'You can order up to 10 at a time.',
    });
    expect(clampQuantity('7', 2, true)).toEqual({ quantity: 7, message: null });
    expect(clampQuantity('0', 0, true)).toEqual({ quantity: 1, message: null });
  });

  it('lets a made-to-order piece be added at stock 0', () => {
    expect(addToCartProblem(0, 3, true)).toBeNull();
    expect(addToCartProblem(0, 11, true)).toBe('You can order up to 10 at a time.');
  });
});

describe('addToCartProblem', () => {
  it('refuses out of stock items and quantities above stock', () => {
    expect(addToCartProblem(0, 1)).toBe('Item is out of stock.');
    expect(addToCartProblem(2, 3)).toBe('Only 2 items available.');
    expect(addToCartProblem(2, 2)).toBeNull();
  });
  it('refuses more than a cart line holds, whatever the stock', () => {
    expect(addToCartProblem(500, 101)).toBe('You can order up to 100 at a time.');
    expect(addToCartProblem(500, 100)).toBeNull();
  });
});

describe('sortByOrder', () => {
  it('sorts by order without touching the input', () => {
    const input = [
      { key: 'Handle', order: 3 },
      { key: 'Steel', order: 1 },
      { key: 'Blade length', order: 2 },
    ];
    expect(sortByOrder(input).map((a) => a.key)).toEqual(['Steel', 'Blade length', 'Handle']);
    expect(input[0]?.key).toBe('Handle');
  });
});

describe('descriptionOrFallback', () => {
  it('falls back when the description is empty', () => {
    expect(descriptionOrFallback('')).toBe('No description available.');
    expect(descriptionOrFallback('   ')).toBe('No description available.');
    expect(descriptionOrFallback(null)).toBe('No description available.');
    expect(descriptionOrFallback('Oak bowl')).toBe('Oak bowl');
  });
});
