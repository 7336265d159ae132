/**
 * Hostile input to the account operations (password change and reset, saved addresses): every
 * malformed, oversized, wrongly typed or NUL-carrying body gets a 4xx in DRF's shape, never a
 * 5xx.
 */
import type { components } from '../../common/storefront-api';
import { DEMO, type Method, STOREFRONT, useAccountsApi } from '../test/accounts.ts';

type SavedAddress = components['schemas']['SavedAddress'];

const { call, newCustomer } = useAccountsApi({ storefrontUrl: STOREFRONT });

describe('hostile input never gets a 5xx', () => {
  it('answers 4xx with a DRF-style body for every new operation', async () => {
    const { pair } = await newCustomer();
    const id = (
      (
        await call('POST', '/accounts/addresses/', {
          token: pair.access,
          body: {
            fullname: 'A',
            contact_number: '1',
            street: 'S',
            city: 'C',
            postalCode: 'P',
            country: 'K',
          },
        })
      ).body as SavedAddress
    ).id;
    const targets: [Method, string][] = [
      ['POST', '/accounts/password/change/'],
      ['POST', '/accounts/password/reset/'],
      ['POST', '/accounts/password/reset/confirm/'],
      ['POST', '/accounts/addresses/'],
      ['PATCH', `/accounts/addresses/${id}/`],
    ];
    const bodies: { raw?: string; body?: unknown; type?: string }[] = [
      { raw: 'email=a@b.c', type: 'application/x-www-form-urlencoded' },
      { raw: 'plain text', type: 'text/plain' },
      { raw: '{"email": "a@b.c"', type: 'application/json' },
      { body: [] },
      { body: 'a string' },
      { body: 42 },
      { body: null },
      { body: { email: { $ne: null } } },
      {
        body: {
          email: 'a\u0000@b.c',
          token: 'a\u0000b',
          new_password: 'abcdefgh\u0000',
          new_password_confirm: 'abcdefgh\u0000',
          current_password: '\u0000',
        },
      },
      {
        body: {
          email: `${'a'.repeat(100_000)}@b.c`,
          token: 'x'.repeat(100_000),
          new_password: 'y'.repeat(100_000),
          new_password_confirm: 'y'.repeat(100_000),
          current_password: 'z'.repeat(100_000),
          street: 's'.repeat(100_000),
        },
      },
      {
        body: {
          email: 12,
          token: 12,
          new_password: [1],
          new_password_confirm: {},
          current_password: true,
          city: ['x'],
        },
      },
      { body: { __proto__: { admin: true }, constructor: { prototype: { admin: true } } } },
    ];
    for (const [method, url] of targets) {
      for (const b of bodies) {
        const answer = await call(method, url, {
          token: pair.access,
          headers: { ...DEMO, ...(b.type ? { 'content-type': b.type } : {}) },
          ...(b.raw !== undefined ? { raw: b.raw } : { body: b.body }),
        });
        expect(
          answer.status,
          `${method} ${url} ${JSON.stringify(b).slice(0, 80)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${url} ${JSON.stringify(b).slice(0, 80)}`).toBeLessThan(
          500,
        );
        const body = answer.body as Record<string, unknown>;
        const drf =
          typeof body?.detail === 'string' ||
          (Object.keys(body ?? {}).length > 0 &&
            Object.values(body).every(
              (v) => Array.isArray(v) && v.every((m) => typeof m === 'string'),
            ));
        expect(drf, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
      }
    }
  });
});
