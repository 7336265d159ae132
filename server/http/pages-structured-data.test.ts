/**
 * The structured data of server-rendered product and blog pages (decision 008; Google's merchant
 * listing and article guidelines), as the render module makes it from this API's answers: the
 * shop as a product's brand, its delivery rates as the offer's shipping details, its return
 * policy, and a post's last change.
 */
import { HTML, demo, jsonLd, useRenderingApp } from '../test/pages.ts';

const { t } = useRenderingApp();

async function structuredData(url: string, type: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...HTML, host: 'shop.example' },
  });
  expect(response.statusCode).toBe(200);
  return jsonLd(response.body).find((item) => item['@type'] === type)!;
}

describe('server-rendered structured data', () => {
  it("gives a knife the shop as brand, the shop's age-verified rates and its return policy", async () => {
    const product = await structuredData('/products/damascus-gyuto-210mm', 'Product');
    expect(product.brand).toEqual({ '@type': 'Brand', name: demo.site.site_title });
    const offers = product.offers as Record<string, unknown>;
    const shipping = offers.shippingDetails as Array<{
      shippingLabel: string;
      shippingRate: { value: string; currency: string };
      shippingDestination: Array<{ addressCountry: string }>;
    }>;
    // A knife goes only by age-verified delivery, and not to the United States.
    expect(shipping.map((detail) => detail.shippingLabel)).toEqual([
      'Age-verified delivery (DPD)',
      'Age-verified delivery (DPD Europe)',
    ]);
    expect(shipping[0]!.shippingRate).toEqual({
      '@type': 'MonetaryAmount',
      value: '9.50',
      currency: 'USD',
    });
    const countries = shipping.flatMap((d) => d.shippingDestination.map((r) => r.addressCountry));
    expect(countries).toContain('GB');
    expect(countries).not.toContain('US');
    expect(offers.hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      merchantReturnLink: 'http://shop.example/refund-policy',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 14,
    });
    expect(offers).not.toHaveProperty('priceValidUntil');
  });

  it('says a piece made to order cannot be returned', async () => {
    const product = await structuredData('/products/kurouchi-nakiri-170mm', 'Product');
    expect((product.offers as Record<string, unknown>).hasMerchantReturnPolicy).toMatchObject({
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    });
  });

  it("gives a blog post its last change as dateModified and its author's name", async () => {
    const post = await structuredData('/blog/caring-for-carbon-steel', 'BlogPosting');
    expect(post.dateModified).toEqual(expect.any(String));
    expect(Date.parse(String(post.dateModified))).toBeGreaterThanOrEqual(
      Date.parse(String(post.datePublished)),
    );
    expect(post.author).toEqual({ '@type': 'Person', name: 'daniel.reyes' });
  });
});
