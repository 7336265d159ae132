/**
 * The first-run set-up's code (./first-run.ts): what an operator copies from the log and types
 * back, and the limits its guessing meets with a clock that moves. Over HTTP, with the shop it
 * opens: server/http/admin/first-run.test.ts.
 */
import { ThrottledError } from '../platform/credentials/throttle.ts';
import { TEST_PASSWORD_HASH_COST } from '../test/staff.ts';
import { useTestApp } from '../test/test-app.ts';
import {
  FIRST_RUN_MESSAGES,
  FirstRunSetup,
  makeSetupCode,
  normalizeSetupCode,
  SETUP_CODE_ALPHABET,
} from './first-run.ts';

describe('a set-up code', () => {
  it('reads as three groups of four symbols that cannot be mistaken for one another', () => {
    const codes = Array.from({ length: 200 }, makeSetupCode);
    for (const code of codes)
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(SETUP_CODE_ALPHABET).toHaveLength(32);
    expect(SETUP_CODE_ALPHABET).not.toMatch(/[01IO]/);
    // 60 random bits: two hundred codes never repeat.
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is read back in any case, with or without its dashes and spaces', () => {
    expect(normalizeSetupCode(' k7mx 3qpa-wd9r ')).toBe('K7MX3QPAWD9R');
    expect(normalizeSetupCode('K7MX-3QPA-WD9R')).toBe('K7MX3QPAWD9R');
  });
});

describe('guessing the code', () => {
  const t = useTestApp({}, { seed: false });
  const shop = {
    name: 'Tidewater',
    domain: 'tidewater.example',
    currency: 'GBP',
    country: 'GB',
    owner: { email: 'maya@tidewater.example', password: 'honed-on-whetstones-9' },
  };

  it('waits out the window after too many wrong codes, and keeps its code whatever strangers guess', async () => {
    let now = 1_000_000;
    const announced: string[] = [];
    const setup = await FirstRunSetup.start(t.app.db, {
      dialect: t.app.dbDialect,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      announce: (code) => announced.push(code),
      maxWrongPerAddress: 2,
      windowSeconds: 60,
      now: () => now,
    });
    expect(announced).toHaveLength(1);
    const wrong = (address: string) => setup.open({ code: 'AAAA-AAAA-AAAA', shop }, address);

    await expect(wrong('192.0.2.1')).rejects.toMatchObject({
      code: 'setup_code_wrong',
      message: FIRST_RUN_MESSAGES.codeWrong,
    });
    await expect(wrong('192.0.2.1')).rejects.toMatchObject({ code: 'setup_code_wrong' });
    const throttled = await wrong('192.0.2.1').catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(ThrottledError);
    expect((throttled as ThrottledError).retryAfterSeconds).toBe(60);
    // An IPv6 client is one address for its whole /64.
    await expect(wrong('2001:db8:1:2::1')).rejects.toMatchObject({ code: 'setup_code_wrong' });
    await expect(wrong('2001:db8:1:2::ffff')).rejects.toMatchObject({ code: 'setup_code_wrong' });
    await expect(wrong('2001:db8:1:2::abcd')).rejects.toBeInstanceOf(ThrottledError);
    // The window ends: the first address may try again.
    now += 61_000;
    await expect(wrong('192.0.2.1')).rejects.toMatchObject({ code: 'setup_code_wrong' });
    // Many wrong codes from many addresses never replace the code the operator was given.
    for (let n = 0; n < 30; n++) await wrong(`198.51.100.${n}`).catch(() => {});
    expect(announced).toHaveLength(1);
    const opened = await setup.open({ code: announced[0]!, shop }, '192.0.2.8');
    expect(opened).toMatchObject({ name: 'Tidewater', domain: 'tidewater.example' });
    expect(setup.required).toBe(false);
    await expect(setup.open({ code: announced[0]!, shop }, '192.0.2.8')).rejects.toMatchObject({
      code: 'shop_exists',
      message: FIRST_RUN_MESSAGES.shopExists,
    });
  });

  it('is not offered by a process that starts with a shop: no code is made', async () => {
    const announced: string[] = [];
    const setup = await FirstRunSetup.start(t.app.db, {
      dialect: t.app.dbDialect,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      announce: (code) => announced.push(code),
    });
    expect(announced).toEqual([]);
    expect(setup.required).toBe(false);
    expect(await setup.isRequired()).toBe(false);
  });
});
