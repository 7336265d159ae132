/**
 * The default shop's domain (issue 38, ./default-domain.ts): the shop a deployment is started
 * for (`TENANT_TOKEN`) keeps the host of `STOREFRONT_URL`, recorded at start, so a new shop
 * cannot claim it; nothing is recorded twice, over another shop's domain, or for an address
 * that is no domain. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { TEST_PASSWORD_HASH_COST } from '../test/staff.ts';
import { useTestApp } from '../test/test-app.ts';
import { createShop } from './create-shop.ts';
import { recordDefaultShopDomain } from './default-domain.ts';
import { SHOP_MESSAGES } from './shop-input.ts';

// The server is started for the demo shop at its public address.
const t = useTestApp({
  tenantToken: 'demo-handcraft',
  storefrontUrl: 'https://EmberAndOak.example',
});

const domainsOf = (token: string) =>
  t.app.db
    .selectFrom('tenant_domains as d')
    .innerJoin('tenants as t', 't.id', 'd.tenant_id')
    .select(['d.domain', 'd.is_primary'])
    .where('t.token', '=', token)
    .execute();

describe("the default shop's domain", () => {
  it('is recorded at start as the primary domain of the shop the server is started for', async () => {
    const domains = await domainsOf('demo-handcraft');
    expect(domains.map((d) => [d.domain, Boolean(d.is_primary)])).toEqual([
      ['emberandoak.example', true],
    ]);
  });

  it('cannot be taken by a new shop', async () => {
    const refusal = await createShop(
      t.app.db,
      {
        name: 'Impostor',
        domain: 'emberandoak.example',
        currency: 'USD',
        country: 'US',
        owner: { email: 'x@impostor.example', password: 'long-enough-9' },
      },
      { passwordHashCost: TEST_PASSWORD_HASH_COST },
    ).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'domain_taken', message: SHOP_MESSAGES.domainTaken });
  });

  it('is recorded once, and never over a domain the shop or another shop has', async () => {
    expect(
      await recordDefaultShopDomain(t.app.db, 'demo-handcraft', 'https://other.example'),
    ).toBeNull();
    expect(
      await recordDefaultShopDomain(t.app.db, 'demo-pottery', 'https://emberandoak.example'),
    ).toBeNull();
    expect(await domainsOf('demo-pottery')).toEqual([]);
    expect(
      await recordDefaultShopDomain(t.app.db, 'demo-pottery', 'https://riverside.example'),
    ).toBe('riverside.example');
  });

  it('records nothing for an address that is no domain, or a shop that does not exist', async () => {
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:5173', null]) {
      expect(await recordDefaultShopDomain(t.app.db, 'demo-handcraft', url)).toBeNull();
    }
    expect(
      await recordDefaultShopDomain(t.app.db, 'no-such-shop', 'https://new.example'),
    ).toBeNull();
  });
});
