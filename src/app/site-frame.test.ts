import { frameKindFor } from './site-frame';

describe('frameKindFor (spec section 2)', () => {
  it('gives /login and /register the minimal logo bar', () => {
    expect(frameKindFor('/login')).toBe('minimal');
    expect(frameKindFor('/register/')).toBe('minimal');
  });

  it('leaves the static demo page /test outside the frame', () => {
    expect(frameKindFor('/test')).toBe('none');
  });

  it('gives every other path the full frame', () => {
    expect(frameKindFor('/')).toBe('full');
    expect(frameKindFor('/products')).toBe('full');
    expect(frameKindFor('/login-help')).toBe('full');
    expect(frameKindFor('/testimonials')).toBe('full');
  });
});
