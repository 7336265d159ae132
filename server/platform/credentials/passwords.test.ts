import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery', { log2Cost: 10 });
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts every hash, so equal passwords store differently', async () => {
    const a = await hashPassword('same-password', { log2Cost: 10 });
    const b = await hashPassword('same-password', { log2Cost: 10 });
    expect(a).not.toBe(b);
  });

  it('refuses malformed stored values instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA$aGFzaA')).toBe(false);
  });
});
