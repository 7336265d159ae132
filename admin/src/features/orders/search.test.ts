import { describe, expect, it } from 'vitest';
import { validateOrdersSearch } from './search';

describe('the orders list search params', () => {
  it('keeps every filter a member can set', () => {
    expect(
      validateOrdersSearch({
        status: 'to_ship',
        payment_method: 'bank_transfer',
        placed_from: '2026-11-01',
        placed_to: '2026-11-30',
        search: '  Lovelace ',
        page: 3,
      }),
    ).toEqual({
      status: 'to_ship',
      payment_method: 'bank_transfer',
      placed_from: '2026-11-01',
      placed_to: '2026-11-30',
      search: 'Lovelace',
      page: 3,
    });
  });

  it('drops what a hand-edited URL got wrong instead of failing the page', () => {
    expect(
      validateOrdersSearch({
        status: 'sent',
        payment_method: 'cash',
        placed_from: '2026-02-30',
        placed_to: 'yesterday',
        search: '   ',
        page: 'two',
      }),
    ).toEqual({
      status: undefined,
      payment_method: undefined,
      placed_from: undefined,
      placed_to: undefined,
      search: undefined,
      page: undefined,
    });
  });

  it('leaves page 1 out of the URL and reads a page number given as text', () => {
    expect(validateOrdersSearch({ page: 1 }).page).toBeUndefined();
    expect(validateOrdersSearch({ page: '4' }).page).toBe(4);
    expect(validateOrdersSearch({ page: 0 }).page).toBeUndefined();
    expect(validateOrdersSearch({ page: 2.5 }).page).toBeUndefined();
  });

  it('searches for a number the router parsed as one', () => {
    expect(validateOrdersSearch({ search: 1042 }).search).toBe('1042');
  });

  it('cuts a search to the 100 characters the API accepts', () => {
    expect(validateOrdersSearch({ search: 'a'.repeat(150) }).search).toHaveLength(100);
  });
});
