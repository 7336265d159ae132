/**
 * Fixtures of the cart tests (spec: cart): `useCartApi` gives a test file one seeded app, the
 * cart calls against it (each answers the whole cart, as the contract's Cart), and the products
 * the tests put in a cart.
 */
import type { components } from '../../common/storefront-api';
import { call, productBySlug, productsInStock, setProduct } from './shop.ts';
import { useTestApp } from './test-app.ts';

type Cart = components['schemas']['Cart'];

export const NOT_FOUND = { detail: 'Not found.' };

/** One seeded app for the calling test file, and the cart calls against it. */
export function useCartApi() {
  const t = useTestApp();

  const cart = (headers: Record<string, string>) =>
    call<Cart>(t.app, 'GET', '/orders/cart/', headers);
  const add = (headers: Record<string, string>, body: unknown) =>
    call<Cart>(t.app, 'POST', '/orders/cart/add-item/', headers, body);
  const patch = (headers: Record<string, string>, id: number, body: unknown) =>
    call<Cart>(t.app, 'PATCH', `/orders/cart/items/${id}/`, headers, body);
  const remove = (headers: Record<string, string>, id: number | string) =>
    call<Cart>(t.app, 'DELETE', `/orders/cart/items/${id}/`, headers);
  const clear = (headers: Record<string, string>) =>
    call<Cart>(t.app, 'DELETE', '/orders/cart/clear/', headers);

  /** The demo gyuto (options: a handle wood, required, and an engraving), with stock 50. */
  async function gyuto() {
    const knife = await productBySlug(t.app, 'damascus-gyuto-210mm');
    await setProduct(t.app, knife.id, { stock: 50 });
    return { ...knife, stock: 50 };
  }

  /** Two different products of the demo shop with stock of at least 3. */
  async function twoProducts() {
    const products = await productsInStock(t.app);
    return [products[0]!, products[1]!] as const;
  }

  return { t, cart, add, patch, remove, clear, gyuto, twoProducts };
}
