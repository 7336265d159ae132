import { isSafeExternalUrl } from './api';

describe('isSafeExternalUrl (gateway and custom payment pages)', () => {
  it('follows only absolute http(s) addresses', () => {
    expect(isSafeExternalUrl('https://www.paypal.com/paypalme/shop')).toBe(true);
    expect(isSafeExternalUrl('http://127.0.0.1:8080/api/payments/sandbox/checkout/x/')).toBe(true);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('data:text/html,hi')).toBe(false);
    expect(isSafeExternalUrl('/relative')).toBe(false);
    expect(isSafeExternalUrl(null)).toBe(false);
  });
});
