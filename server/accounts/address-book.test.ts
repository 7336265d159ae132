/**
 * Saved addresses (`/accounts/addresses/`): one default at all times, another customer's or
 * shop's address answered 404, a limit on how many, and field errors for every bad field.
 */
import type { components } from '../../common/storefront-api';
import { ADDRESS_MESSAGES, MAX_ADDRESSES } from './address-book.ts';
import { POTTERY, STOREFRONT, useAccountsApi } from '../test/accounts.ts';

type SavedAddress = components['schemas']['SavedAddress'];

const { call, newCustomer } = useAccountsApi({ storefrontUrl: STOREFRONT });

describe('saved addresses', () => {
  const HOME = {
    fullname: 'Ada Lovelace',
    contact_number: '+44 1904 496 0123',
    street: '7 Wren Close',
    city: 'York',
    postalCode: 'YO1 7HH',
    country: 'United Kingdom',
  };
  const add = (token: string, body: object) =>
    call('POST', '/accounts/addresses/', { token, body });
  const list = async (token: string) => {
    const answer = await call('GET', '/accounts/addresses/', { token });
    expect(answer.status).toBe(200);
    return answer.body as SavedAddress[];
  };

  it('makes the first address the default, and keeps exactly one default', async () => {
    const { pair } = await newCustomer();
    expect(await list(pair.access)).toEqual([]);
    const first = await add(pair.access, { ...HOME, street: '  7 Wren Close ' });
    expect(first).toMatchObject({ status: 201, body: { ...HOME, is_default: true } });
    const second = await add(pair.access, { ...HOME, city: 'Leeds' });
    expect(second).toMatchObject({ status: 201, body: { city: 'Leeds', is_default: false } });
    const third = await add(pair.access, { ...HOME, city: 'Hull', is_default: true });
    expect(third).toMatchObject({ status: 201, body: { city: 'Hull', is_default: true } });
    const all = await list(pair.access);
    expect(all.map((a) => [a.city, a.is_default])).toEqual([
      ['Hull', true],
      ['Leeds', false],
      ['York', false],
    ]);

    // Make Leeds the default, then edit it.
    const leeds = (second.body as SavedAddress).id;
    expect(
      await call('PATCH', `/accounts/addresses/${leeds}/`, {
        token: pair.access,
        body: { is_default: true },
      }),
    ).toMatchObject({ status: 200, body: { id: leeds, is_default: true } });
    expect((await list(pair.access)).filter((a) => a.is_default).map((a) => a.id)).toEqual([leeds]);
    expect(
      await call('PATCH', `/accounts/addresses/${leeds}/`, {
        token: pair.access,
        body: { street: ' 1 Briggate ' },
      }),
    ).toMatchObject({
      status: 200,
      body: { street: '1 Briggate', city: 'Leeds', is_default: true },
    });
    expect(
      await call('PATCH', `/accounts/addresses/${leeds}/`, {
        token: pair.access,
        body: { is_default: false },
      }),
    ).toMatchObject({ status: 400, body: { is_default: [ADDRESS_MESSAGES.keepDefault] } });

    // Deleting the default passes it on to the newest remaining address.
    expect(
      (await call('DELETE', `/accounts/addresses/${leeds}/`, { token: pair.access })).status,
    ).toBe(204);
    const left = await list(pair.access);
    expect(left.map((a) => [a.city, a.is_default])).toEqual([
      ['Hull', true],
      ['York', false],
    ]);
  });

  it("answers 404 for another customer's address and for another shop's", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const id = ((await add(owner.pair.access, HOME)).body as SavedAddress).id;
    const url = `/accounts/addresses/${id}/`;
    expect(
      await call('PATCH', url, { token: stranger.pair.access, body: { city: 'Mine' } }),
    ).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await call('DELETE', url, { token: stranger.pair.access })).status).toBe(404);
    expect(await list(stranger.pair.access)).toEqual([]);
    const potter = await newCustomer(POTTERY);
    expect(
      (await call('DELETE', url, { headers: POTTERY, token: potter.pair.access })).status,
    ).toBe(404);
    expect(
      (await call('DELETE', '/accounts/addresses/2147483647/', { token: owner.pair.access }))
        .status,
    ).toBe(404);
    expect((await list(owner.pair.access)).map((a) => a.id)).toEqual([id]);
  });

  it(`refuses the address after ${MAX_ADDRESSES} with a clear 400`, async () => {
    const { pair } = await newCustomer();
    for (let i = 0; i < MAX_ADDRESSES; i++) {
      expect((await add(pair.access, { ...HOME, street: `${i} Wren Close` })).status).toBe(201);
    }
    expect(await add(pair.access, HOME)).toMatchObject({
      status: 400,
      body: { detail: ADDRESS_MESSAGES.tooMany },
    });
    expect(await list(pair.access)).toHaveLength(MAX_ADDRESSES);
  });

  it('refuses blank, NUL-carrying, oversized and wrongly typed fields with field errors', async () => {
    const { pair } = await newCustomer();
    expect(await add(pair.access, { ...HOME, city: '   ' })).toMatchObject({
      status: 400,
      body: { city: [ADDRESS_MESSAGES.blank] },
    });
    expect(await add(pair.access, { ...HOME, street: 'a\u0000b' })).toMatchObject({
      status: 400,
      body: { street: ['Null characters are not allowed.'] },
    });
    // A number too large for a double is not coerced into the text "Infinity" and saved.
    const infinite = await call('POST', '/accounts/addresses/', {
      token: pair.access,
      raw: JSON.stringify({ ...HOME, fullname: 0 }).replace('"fullname":0', '"fullname":1e400'),
    });
    expect(infinite).toMatchObject({ status: 400, body: { fullname: [expect.any(String)] } });
    const huge = await add(pair.access, { ...HOME, street: 'x'.repeat(100_000) });
    expect(huge.status).toBe(400);
    expect(huge.body).toHaveProperty('street');
    for (const bad of [
      { city: ['York'] },
      { city: { name: 'York' } },
      { is_default: 'maybe' },
      { city: null },
    ]) {
      const answer = await add(pair.access, { ...HOME, ...bad });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body as object).length).toBeGreaterThan(0);
    }
    const { id } = (await add(pair.access, HOME)).body as SavedAddress;
    expect(
      (await call('PATCH', `/accounts/addresses/${id}/`, { token: pair.access, body: {} })).status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `/accounts/addresses/${id}/`, {
          token: pair.access,
          body: { fullname: 'x\u0000' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('PATCH', '/accounts/addresses/abc/', { token: pair.access, body: { city: 'x' } }))
        .status,
    ).toBe(400);
    expect(await list(pair.access)).toHaveLength(1);
  });

  it('needs a bearer token', async () => {
    expect((await call('GET', '/accounts/addresses/')).status).toBe(401);
    expect((await call('POST', '/accounts/addresses/', { body: HOME })).status).toBe(401);
  });
});
