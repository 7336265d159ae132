/**
 * Fixtures of the maker's-shop tests (decisions 014, 041, 042 and 043; spec: product options,
 * made-to-order pieces, dispatch, shipping by zone and method, the age gate): the messages a
 * shopper reads, the dispatch and date-of-birth arithmetic the answers are checked against, and
 * `useMakersShop`, which gives a test file one seeded app and the cart and checkout calls bound to
 * it.
 */
import type { components } from '../../common/storefront-api';
import { stockOf } from './sandbox.ts';
import { ADDRESS, call, postOrder, type TestCustomer } from './shop.ts';
import { asTenant, useTestApp } from './test-app.ts';
import { addWorkingDays } from '../catalog/dispatch-dates.ts';

type Cart = components['schemas']['Cart'];
type Order = components['schemas']['Order'];
type Product = components['schemas']['Product'];

export const BLANK = 'This field may not be blank.';
export const MISSING_ATTESTATION =
  'Please give your date of birth and confirm that the parcel will be handed only to an adult.';
export const UNDER_18 = 'You must be 18 or over to buy age-restricted items.';
export const ATTESTATION_TEXT = 'I am 18 or over, and the parcel will be handed only to an adult.';
export const GYUTO = 'Damascus Gyuto 210mm';
export const AGE_VERIFIED_ONLY = `${GYUTO} can only be sent by age-verified delivery or collected from the workshop.`;

/** demo-handcraft works Monday to Friday; demo-pottery Monday to Saturday. */
export const MON_FRI = new Set([1, 2, 3, 4, 5]);
export const MON_SAT = new Set([1, 2, 3, 4, 5, 6]);

/** The UTC calendar day of `date`, as the contract writes dates (`YYYY-MM-DD`). */
export const ymd = (date: Date) => date.toISOString().slice(0, 10);

/** Integer minor units as the contract's decimal string: 4500 -> "45.00". */
export const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Expects `actual` to be the dispatch a piece answers when asked at `since` or at any moment up
 * to now, `[min, max]` working days of `week` (ISO weekday numbers) ahead. Both ends count, so a
 * test that straddles midnight UTC still passes.
 */
export function expectDispatch(
  actual: unknown,
  since: Date,
  made_to_order: boolean,
  [min, max]: [number, number],
  week: ReadonlySet<number> = MON_FRI,
) {
  const at = (now: Date) => ({
    made_to_order,
    earliest: ymd(addWorkingDays(now, min, week)),
    latest: ymd(addWorkingDays(now, max, week)),
  });
  expect([at(since), at(new Date())]).toContainEqual(actual);
}

/**
 * A date of birth `years` years before today (UTC), moved `laterBy` days later: 18 years ago
 * today is a buyer who turns 18 today; one day later, one who turns 18 tomorrow.
 */
export function bornYearsAgo(years: number, laterBy = 0): string {
  const now = new Date();
  let day = now.getUTCDate();
  // 29 February 18 years ago may not exist: born on the 28th is of age today too.
  if (now.getUTCMonth() === 1 && day === 29) day = 28;
  return ymd(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), day + laterBy)));
}

/**
 * One seeded app for the calling test file (every test uses its own customers and restores a
 * product it changes), and the shopper's calls against it. Each call answers `{ status, body }`
 * as `call` in server/test/shop.ts does, and throws nothing on a 4xx.
 */
export function useMakersShop() {
  const t = useTestApp();

  /** `POST /orders/cart/add-item/`; `extra` adds fields the contract does not read (prices). */
  const add = (
    who: TestCustomer,
    productId: number,
    quantity = 1,
    customization?: Record<string, string>,
    extra: object = {},
  ) =>
    call<Cart>(t.app, 'POST', '/orders/cart/add-item/', who.headers, {
      product_id: productId,
      quantity,
      ...(customization ? { customization } : {}),
      ...extra,
    });

  const cartOf = (who: TestCustomer) => call<Cart>(t.app, 'GET', '/orders/cart/', who.headers);

  /** The product's stock as stored. */
  const stockOfProduct = (id: number) => stockOf(t.app, id);

  /** Places the customer's order (postOrder completes shipping, attestation and total). */
  const order = (who: TestCustomer, body: Record<string, unknown> = {}) =>
    postOrder<Order>(t.app, who, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      ...body,
    });

  /** Runs a refused checkout and checks that nothing was ordered and no stock moved. */
  async function expectNothingOrdered(
    who: TestCustomer,
    productIds: number[],
    attempt: () => Promise<unknown>,
  ) {
    const ordersOf = () =>
      t.app.db.selectFrom('orders').select('id').where('user_id', '=', who.id).execute();
    const before = await Promise.all(productIds.map(stockOfProduct));
    const cartBefore = (await cartOf(who)).body.items;
    await attempt();
    expect(await ordersOf()).toEqual([]);
    expect(await Promise.all(productIds.map(stockOfProduct))).toEqual(before);
    expect((await cartOf(who)).body.items).toEqual(cartBefore);
  }

  /** The choices of every line in the cart: its product's slug -> method code. */
  async function choices(who: TestCustomer, bySlug: Record<string, string>) {
    const { items } = (await cartOf(who)).body;
    return items.map((i) => ({ item_id: i.id, method: bySlug[i.product.slug]! }));
  }

  /** A piece's page as a visitor of the shop reads it (`GET /products/products/{slug}/`). */
  const product = (slug: string, token = 'demo-handcraft') =>
    call<Product>(t.app, 'GET', `/products/products/${slug}/`, asTenant(token));

  return {
    t,
    add,
    cartOf,
    stockOf: stockOfProduct,
    order,
    expectNothingOrdered,
    choices,
    product,
  };
}
