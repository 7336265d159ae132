/**
 * Fixtures of the order lifecycle tests (decision 038; spec: orders, payments): `useLifecycleApi`
 * gives a test file one seeded app, a shopper's cancel, time passing over an order's deadline, and
 * products with plenty of stock that no other test of the file buys.
 */
import type { components } from '../../common/storefront-api';
import { call, productsInStock, setProduct } from './shop.ts';
import { useTestApp } from './test-app.ts';

type Order = components['schemas']['Order'];

/** One seeded app for the calling test file, and the lifecycle calls against it. */
export function useLifecycleApi() {
  const t = useTestApp();

  /** `POST /orders/orders/{id}/cancel/` with the given headers. */
  const cancel = (headers: Record<string, string>, id: number) =>
    call<Order>(t.app, 'POST', `/orders/orders/${id}/cancel/`, headers);

  /** Moves an order's deadline into the past, as time passing would. */
  async function makeDue(orderId: number) {
    await t.app.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', orderId)
      .execute();
  }

  /** A product with plenty of stock that no other test of this file buys. */
  async function freshProduct(stock = 20) {
    const products = await productsInStock(t.app);
    const product = products[Math.floor(Math.random() * products.length)]!;
    await setProduct(t.app, product.id, { stock });
    return product;
  }

  return { t, cancel, makeDue, freshProduct };
}
