/**
 * The shop's delivery rates before any order (contract: ShippingOptions.delivery_zones), which
 * a product page states as its shipping details: each zone's delivery methods with their price
 * and free-over threshold, collection left out, one shop's rates kept from another's visitors.
 */
import type { components } from '../../common/storefront-api';
import { call } from '../test/shop.ts';
import { asTenant } from '../test/test-app.ts';
import { useMakersShop } from '../test/makers-shop.ts';

type ShippingOptions = components['schemas']['ShippingOptions'];

const { t } = useMakersShop();

describe('the delivery rates of the shipping options', () => {
  it('lists each zone with its delivery methods and prices, without collection', async () => {
    const answer = await call<ShippingOptions>(
      t.app,
      'GET',
      '/shipping/options/',
      asTenant('demo-handcraft'),
    );
    expect(answer.status).toBe(200);
    const zones = answer.body.delivery_zones;
    expect(zones.map((zone) => [zone.name, zone.countries, zone.age_restricted_allowed])).toEqual([
      ['United Kingdom', ['GB'], true],
      ['European Union', ['AT', 'BE', 'DE', 'ES', 'FR', 'IE', 'IT', 'NL'], true],
      ['United States', ['US'], false],
    ]);
    expect(zones[0]!.methods).toEqual([
      {
        code: 'uk-standard',
        name: 'Royal Mail Tracked 48',
        description: '2-3 working days after dispatch',
        age_verified: false,
        price: '6.50',
        free_over: '150.00',
      },
      {
        code: 'uk-express',
        name: 'Royal Mail Special Delivery',
        description: 'Next working day after dispatch',
        age_verified: false,
        price: '14.00',
        free_over: null,
      },
      {
        code: 'uk-age-verified',
        name: 'Age-verified delivery (DPD)',
        description: 'Signed for by an adult who shows proof of age, 1-2 working days',
        age_verified: true,
        price: '9.50',
        free_over: null,
      },
    ]);
    const codes = zones.flatMap((zone) => zone.methods.map((method) => method.code));
    expect(codes).not.toContain('collection');
  });

  it("answers the pottery's own rates to its own visitors", async () => {
    const answer = await call<ShippingOptions>(
      t.app,
      'GET',
      '/shipping/options/',
      asTenant('demo-pottery'),
    );
    expect(answer.body.delivery_zones.map((zone) => zone.countries)).toEqual([['GB']]);
    const codes = answer.body.delivery_zones.flatMap((zone) => zone.methods.map((m) => m.code));
    expect(codes).not.toContain('eu-standard');
  });
});
