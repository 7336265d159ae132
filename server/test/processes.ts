/**
 * Fixtures of the tests of real API processes (`tsx server/main.ts`, server/test/api-process.ts)
 * on one database: the test app whose database the processes share (it signs tokens and seals
 * payment secrets as they do), a product with the stock a test needs, customers with it in their
 * cart, and the checkout body the storefront would send for them.
 */
import { PROCESS_JWT_SECRET, PROCESS_PAYMENT_SECRETS_KEY } from './api-process.ts';
import { ADDRESS, call, checkoutBody, createCustomer, type TestCustomer } from './shop.ts';
import { createTestApp, type TestApp, testDatabaseUrl } from './test-app.ts';

export const DEMO = { 'x-tenant-token': 'demo-handcraft' };
/** The customer's bank-transfer checkout of their cart, as the storefront would send it. */
export const orderBody = (t: TestApp, customer: TestCustomer) =>
  checkoutBody(t.app, customer, { payment_method: 'bank_transfer', delivery_address: ADDRESS });
/** The engine of this pass, for the names of the tests that run on both. */
export const engine = testDatabaseUrl ? 'PostgreSQL' : 'SQLite';

/** A seeded test app with the processes' JWT secret and payment-secrets key; the caller closes it. */
export async function setup(): Promise<TestApp> {
  return createTestApp({
    jwtSecret: PROCESS_JWT_SECRET,
    paymentSecretsKey: Buffer.from(PROCESS_PAYMENT_SECRETS_KEY, 'hex'),
  });
}

/** The demo shop's first plain piece (no options, not made to order), its stock set to `stock`. */
export async function productWithStock(t: TestApp, stock: number): Promise<number> {
  const product = await t.app.db
    .selectFrom('products')
    .innerJoin('tenants', 'tenants.id', 'products.tenant_id')
    .select(['products.id'])
    .where('tenants.token', '=', 'demo-handcraft')
    .where('products.is_active', '=', 1)
    // A piece in stock without options: the cart takes it as it is.
    .where('products.options', 'is', null)
    .where('products.made_to_order', '=', 0)
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  await t.app.db.updateTable('products').set({ stock }).where('id', '=', product.id).execute();
  return product.id;
}

/** `n` new customers of the demo shop, each with one of the product in their cart (200). */
export async function customersWithCart(
  t: TestApp,
  n: number,
  productId: number,
): Promise<TestCustomer[]> {
  const customers: TestCustomer[] = [];
  for (let i = 0; i < n; i++) {
    const customer = await createCustomer(t.app);
    const added = await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
      product_id: productId,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    customers.push(customer);
  }
  return customers;
}
