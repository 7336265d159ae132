/**
 * The address a packing slip prints, as the owner chooses it in the seller's settings
 * (`slip_address`: the legal address by default, or the workshop's): the order carries it as
 * `return_address`, one address, never both. Only an owner changes it; a value that is not a
 * choice is refused. On SQLite and on PostgreSQL.
 */
import type { components } from '../../../common/admin-api';
import { useOrderMoves } from '../../test/order-moves.ts';
import { call } from '../../test/shop.ts';
import { asStaff, staffTokenFor, type TestStaff } from '../../test/staff.ts';

type Schemas = components['schemas'];

const backOffice = useOrderMoves();
const { t } = backOffice;

const headers = async (who: TestStaff) =>
  asStaff('demo-handcraft', await staffTokenFor(t.app, who));

describe('the packing slip’s address', () => {
  it('is the legal address unless the owner picks the workshop’s', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const site = await call<Schemas['SiteSetup']>(
      t.app,
      'GET',
      '/admin/settings/site/',
      await headers(backOffice.owner),
    );
    expect(site.body.slip_address).toBe('legal');
    const workshop = (
      await t.app.db
        .selectFrom('contact_locations')
        .select('address')
        .where('tenant_id', '=', backOffice.tenantId)
        .orderBy('is_hq', 'desc')
        .orderBy('position')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).address;
    expect(site.body.legal_address).not.toBe('');
    expect(workshop).not.toBe(site.body.legal_address);

    const read = async () =>
      (
        await call<Schemas['AdminOrder']>(
          t.app,
          'GET',
          `/admin/orders/${order.order_number}/`,
          await headers(backOffice.staff),
        )
      ).body.return_address;
    expect(await read()).toBe(site.body.legal_address);

    const bad = await call(
      t.app,
      'PATCH',
      '/admin/settings/site/',
      await headers(backOffice.owner),
      {
        slip_address: 'home',
      },
    );
    expect(bad.status).toBe(400);
    const byStaff = await call(
      t.app,
      'PATCH',
      '/admin/settings/site/',
      await headers(backOffice.staff),
      { slip_address: 'workshop' },
    );
    expect(byStaff.status).toBe(403);
    expect(await read()).toBe(site.body.legal_address);

    const saved = await call<Schemas['SiteSetup']>(
      t.app,
      'PATCH',
      '/admin/settings/site/',
      await headers(backOffice.owner),
      { slip_address: 'workshop' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.slip_address).toBe('workshop');
    expect(await read()).toBe(workshop.trim());
  });
});
