/*
 * The product route wired as the app wires it (the generated route tree, the app's QueryClient
 * rules, the shared frame), for what only the route decides: which answers end on the page's
 * own messages (spec section 8) rather than on the generic error screen.
 */
import { screen } from '@testing-library/react';
import { visitRoute } from '../../test/visit-route';
import { makeProduct } from '../../test/catalog-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the product route', () => {
  it("says 'Product data is unavailable.' when the product answer is empty", async () => {
    visitRoute('/products/gyuto-210', { '/products/products/gyuto-210/': { body: null } });
    expect(await screen.findByText('Product data is unavailable.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load product details.')).toBeNull();
  });

  it("says 'Product not found.' for a 404", async () => {
    visitRoute('/products/gyuto-210', {
      '/products/products/gyuto-210/': { status: 404, body: { detail: 'Not found.' } },
    });
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();
  });
});

describe('the product route head', () => {
  const gyuto = {
    ...makeProduct({ slug: 'gyuto-210', name: 'Gyuto 210', price: '45.00' }),
    age_restricted: false,
  };
  const ld = () =>
    [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
      .find((data) => data['@type'] === 'Product') as { offers: Record<string, unknown> };

  it("states the shop's delivery rates and return policy from the shipping options it loads", async () => {
    const calls = visitRoute('/products/gyuto-210', {
      '/products/products/gyuto-210/': { body: gyuto },
      '/shipping/options/': {
        body: {
          countries: [{ code: 'GB', name: 'United Kingdom' }],
          minimum_age: 18,
          age_attestation_text: 'I am 18 or over.',
          delivery_zones: [
            {
              name: 'United Kingdom',
              countries: ['GB'],
              age_restricted_allowed: true,
              methods: [
                {
                  code: 'uk-standard',
                  name: 'Royal Mail Tracked 48',
                  description: '2-3 working days',
                  age_verified: false,
                  price: '6.50',
                  free_over: null,
                },
              ],
            },
          ],
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gyuto 210' })).toBeInTheDocument();
    await vi.waitFor(() => expect(ld()?.offers.shippingDetails).toBeDefined());
    expect(ld().offers.shippingDetails).toMatchObject([
      { shippingLabel: 'Royal Mail Tracked 48', shippingRate: { value: '6.50', currency: 'USD' } },
    ]);
    expect(ld().offers.hasMerchantReturnPolicy).toMatchObject({ applicableCountry: ['GB'] });
    expect(calls.filter((call) => call.path === '/shipping/options/')).toHaveLength(1);
  });

  it('still shows the product, without delivery in its head, when the shipping options fail', async () => {
    visitRoute('/products/gyuto-210', {
      '/products/products/gyuto-210/': { body: gyuto },
      '/shipping/options/': { status: 500, body: { detail: 'Boom.' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gyuto 210' })).toBeInTheDocument();
    await vi.waitFor(() => expect(ld()).toBeDefined());
    expect(ld().offers.shippingDetails).toBeUndefined();
    expect(ld().offers.price).toBe('45.00');
  });
});
