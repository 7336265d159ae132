import { voucherKind } from './vouchers.ts';

const shop = { rateBp: 2000, mode: 'single', prices: 'same_gross', country: 'GB' } as const;

describe('which voucher a gift card is (decision 090)', () => {
  it('is single-purpose for one rate and one country of supply, else multi-purpose', () => {
    expect(voucherKind(shop, ['GB'])).toBe('spv');
    expect(voucherKind(shop, ['GB', 'IE'])).toBe('mpv');
    expect(voucherKind({ ...shop, mode: 'destination' }, ['GB'])).toBe('mpv');
    expect(voucherKind({ ...shop, rateBp: null }, ['GB'])).toBe('mpv');
    expect(voucherKind({ ...shop, country: null }, ['GB'])).toBe('mpv');
  });
});
