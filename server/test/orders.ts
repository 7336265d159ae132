/**
 * Fixtures of the order handler tests (spec: checkout and orders): `useOrdersApi` gives a test
 * file one seeded app, the cart and checkout calls against it (or against another app a test
 * builds), readers of the stock and orders the tests assert on, and a supply of products whose
 * stock a test sets for itself.
 */
import type { components } from '../../common/storefront-api';
import { stockOf } from './sandbox.ts';
import {
  ADDRESS,
  call,
  postOrder,
  productsInStock,
  setProduct,
  type TestCustomer,
} from './shop.ts';
import { type TestApp, useTestApp } from './test-app.ts';

type Cart = components['schemas']['Cart'];
type Order = components['schemas']['Order'];

/** An order number as the spec shows it: ORD- and two groups of four unambiguous characters. */
export const ORDER_NUMBER =
  /^ORD-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}$/;

/** One seeded app for the calling test file, and the order calls against it. */
export function useOrdersApi() {
  const t = useTestApp();

  /** `POST /orders/cart/add-item/` as the customer, in `app`. */
  const add = (
    app: TestApp,
    who: TestCustomer,
    productId: number,
    quantity = 1,
    customization?: object,
  ) =>
    call<Cart>(app.app, 'POST', '/orders/cart/add-item/', who.headers, {
      product_id: productId,
      quantity,
      ...(customization ? { customization } : {}),
    });

  /**
   * Places the customer's order (a bank transfer to ADDRESS unless `body` says otherwise), with
   * an Idempotency-Key when `key` is given; postOrder completes shipping and the total.
   */
  const order = (
    who: TestCustomer,
    body: unknown = { payment_method: 'bank_transfer', delivery_address: ADDRESS },
    key?: string,
    app = t,
  ) => postOrder<Order>(app.app, who, body, key ? { 'idempotency-key': key } : {});

  /** Every order row of the customer. */
  const ordersOf = (userId: number, app = t) =>
    app.app.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();

  let demoProducts: { id: number; slug: string; name: string; price_cents: number }[] = [];
  let nextProduct = 0;
  /**
   * The next active product of the demo shop (cheapest first, then round again), its stock set to
   * `stock`. The pieces the seed's own orders hold are left out, so a test that counts what was
   * sold of its product counts only its own sales, whichever test of the file runs first.
   */
  async function freshProduct(stock = 20) {
    if (demoProducts.length === 0) {
      const seeded = await t.app.db.selectFrom('order_items').select('product_id').execute();
      const sold = new Set(seeded.map((row) => row.product_id));
      demoProducts = (await productsInStock(t.app, 'demo-handcraft', -1)).filter(
        (product) => !sold.has(product.id),
      );
    }
    const product = demoProducts[nextProduct++ % demoProducts.length]!;
    await setProduct(t.app, product.id, { stock });
    return { ...product, stock };
  }

  return {
    t,
    add,
    order,
    stockOf: (id: number, app = t) => stockOf(app.app, id),
    ordersOf,
    freshProduct,
  };
}
