import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersSchema, searchFromFilters } from './filters-schema';

describe('the orders filter form', () => {
  it('turns blank fields into no filter and goes back to the first page', () => {
    expect(
      searchFromFilters(
        { search: '  ', payment_method: '', placed_from: '', placed_to: '2026-11-30' },
        'to_ship',
      ),
    ).toEqual({
      status: 'to_ship',
      search: undefined,
      payment_method: undefined,
      placed_from: undefined,
      placed_to: '2026-11-30',
      page: undefined,
    });
  });

  it('fills the form from the URL', () => {
    expect(filtersFromSearch({ search: 'Ada', payment_method: 'custom' })).toEqual({
      search: 'Ada',
      payment_method: 'custom',
      placed_from: '',
      placed_to: '',
    });
  });

  it('refuses a date range given backwards, beside the end date', () => {
    const result = filtersSchema.safeParse({
      search: '',
      payment_method: '',
      placed_from: '2026-11-30',
      placed_to: '2026-11-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['placed_to']);
  });
});
