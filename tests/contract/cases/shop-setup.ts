/**
 * The shopping session the shipping, cart, checkout, orders, payments and reviews cases share:
 * three logged-in customers (the demo customer, a second demo customer registered for this
 * run, the pottery's customer), the products they buy, the demo shop's gateway signing secret,
 * the ids the cases produce as they run, the checkout body the storefront would send (spec
 * section 4, Checkout flow), and the case builders those files use.
 */
import {
  DEMO,
  POTTERY,
  POTTERY_CUSTOMER,
  TENANT_HEADER,
  make,
  withBearer,
  type Case,
} from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { request, results } from '../request';
import { sandboxSecretOf } from '../../../scripts/lib/sandbox-secret';
import type { Session } from './session';

/** The shopping session: its customers, products, gateway secret and running state. */
export interface Shop {
  /** The demo customer's headers, and another demo customer's, and the pottery customer's. */
  me: Record<string, string>;
  other: Record<string, string>;
  potter: Record<string, string>;
  /** A demo product with stock of at least 3, without options (the cart cases). */
  p1: { id: number; name: string; price: string; stock: number };
  /** The demo gyuto: age-restricted, with a handle wood (required) and an engraving. */
  knife: { id: number; name: string; price: string; variantId: number | null };
  /** Its slug (the review cases read it back). */
  p1Slug: string;
  /** Another demo product whose whole stock two shoppers fight over (the 409 checkout). */
  p2: { id: number; name: string; stock: number };
  /** A product of the pottery. */
  vase: { id: number };
  /** The demo shop's sandbox signing secret, opened from the API's SQLite file with its key. */
  gatewaySecret: () => string;
  /**
   * A checkout body completed as the storefront would: each line's method from the shipping
   * quote for the address's country (the body's own choices kept), an adult's attestation when
   * the cart holds an age-restricted piece, and the quote's total as `expected_total_price`;
   * what the body sets itself is kept.
   */
  checkout: (headers: Record<string, string>, body: JsonObject) => Promise<JsonObject>;
  /** Ids the cases produce as they run. */
  state: {
    line: number;
    line2: number;
    line3: number;
    knifeLine: number;
    bankOrder: number;
    bankOrderNumber: string;
    otherOrder: number;
    cardOrder: number;
    cardOrderNumber: string;
    /** The card order's total (with shipping), what the payment charges. */
    cardTotal: string;
    /** The first idempotent checkout's body, which its retry repeats. */
    bankBody: JsonObject;
    payment: string;
    succeeded: string;
  };
}

/** A UK delivery address the shop ships to, all six fields filled (spec section 5, Checkout). */
export const ADDRESS = {
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
};

/** An attestation of a buyer well over the shop's minimum age (contract: AgeAttestationCreate). */
const ADULT = { date_of_birth: '1980-05-17', confirmed: true };

/**
 * Logs in a second demo customer (registered for this run) and the pottery's customer, picks
 * the products the shopping cases use, and opens the way to the gateway secret.
 */
export async function shoppingSetup(
  upstream: string,
  products: JsonObject[],
  session: Session,
  sqlitePath: string,
): Promise<Shop> {
  const login = async (tenant: string, loginId: string, password: string) => {
    const answer = await request(upstream, {
      method: 'POST',
      path: '/accounts/login/',
      headers: { [TENANT_HEADER]: tenant },
      body: { login_id: loginId, password },
    });
    if (answer.status !== 200 || !isObject(answer.body)) {
      throw new Error(
        `could not log in ${loginId} (${answer.status}: ${answer.text.slice(0, 200)})`,
      );
    }
    return { [TENANT_HEADER]: tenant, authorization: `Bearer ${str(answer.body.access)}` };
  };
  const otherEmail = `contract-other-${session.stamp}@example.com`;
  const password = 'correct-horse-42';
  const registered = await request(upstream, {
    method: 'POST',
    path: '/accounts/register/',
    headers: { [TENANT_HEADER]: DEMO },
    body: { email: otherEmail, password, password_confirm: password },
  });
  if (registered.status !== 201) throw new Error(`could not register ${otherEmail}`);

  const stocked = products
    .map((p) => ({
      id: Number(p.id),
      slug: str(p.slug),
      name: str(p.name),
      price: str(p.price),
      stock: Number(p.stock),
      simple:
        Array.isArray(p.options) &&
        p.options.length === 0 &&
        p.made_to_order === false &&
        p.age_restricted === false,
    }))
    .filter((p) => p.simple && p.stock >= 3 && p.stock <= 50);
  const [p1, p2] = stocked;
  if (!p1 || !p2) throw new Error('the demo catalogue has no two products with stock 3-50');
  const pottery = await request(upstream, {
    method: 'GET',
    path: '/products/products/',
    query: { is_active: 'true' },
    headers: { [TENANT_HEADER]: POTTERY },
  });
  const vase = results(pottery.body).find((p) => Number(p.stock) > 2);
  if (!vase) throw new Error('the pottery has no product in stock');
  const secret = await sandboxSecretOf(sqlitePath, DEMO);
  const gyuto = products.find((p) => p.slug === 'damascus-gyuto-210mm');
  if (!gyuto) throw new Error('the demo catalogue has no damascus-gyuto-210mm');
  // The gyuto is sold in sizes on a real start (issue 42): its lines name the first.
  const gyutoPage = await request(upstream, {
    method: 'GET',
    path: '/products/products/damascus-gyuto-210mm/',
    headers: { [TENANT_HEADER]: DEMO },
  });
  const sizes =
    isObject(gyutoPage.body) && Array.isArray(gyutoPage.body.variants)
      ? gyutoPage.body.variants.filter(isObject)
      : [];

  return {
    me: { [TENANT_HEADER]: DEMO, authorization: `Bearer ${session.access}` },
    other: await login(DEMO, otherEmail, password),
    potter: await login(POTTERY, POTTERY_CUSTOMER.email, POTTERY_CUSTOMER.password),
    p1,
    p1Slug: p1.slug,
    p2,
    knife: {
      id: Number(gyuto.id),
      name: str(gyuto.name),
      price: str(gyuto.price),
      variantId: sizes[0] ? Number(sizes[0].id) : null,
    },
    vase: { id: Number(vase.id) },
    gatewaySecret: () => secret,
    checkout: async (headers, body) => {
      const address = isObject(body.delivery_address) ? body.delivery_address : {};
      const given = Array.isArray(body.shipping) ? body.shipping.filter(isObject) : [];
      const [quote, cart] = await Promise.all([
        request(upstream, {
          method: 'POST',
          path: '/orders/cart/shipping-quote/',
          headers,
          body: { country: str(address.country).trim() || 'GB', choices: given },
        }),
        request(upstream, { method: 'GET', path: '/orders/cart/', headers }),
      ]);
      const quoted = quote.status === 200 && isObject(quote.body) ? quote.body : null;
      const lines = quoted && Array.isArray(quoted.lines) ? quoted.lines.filter(isObject) : [];
      const items = isObject(cart.body) && Array.isArray(cart.body.items) ? cart.body.items : [];
      const restricted = items.some(
        (i) => isObject(i) && isObject(i.product) && i.product.age_restricted === true,
      );
      return {
        shipping: lines.map((l) => ({ item_id: Number(l.item_id), method: str(l.method) })),
        ...(restricted ? { age_attestation: ADULT } : {}),
        expected_total_price: quoted
          ? str(quoted.total_price)
          : isObject(cart.body)
            ? str(cart.body.total_price)
            : '0.00',
        ...body,
      };
    },
    state: {
      line: 0,
      line2: 0,
      line3: 0,
      knifeLine: 0,
      bankOrder: 0,
      bankOrderNumber: '',
      otherOrder: 0,
      cardOrder: 0,
      cardOrderNumber: '',
      cardTotal: '',
      bankBody: {},
      payment: '',
      succeeded: '',
    },
  };
}

/** A decimal money string (`"45.5"`, `"45.50"`) in cents. */
export function cents(money: string): number {
  const [units = '0', fraction = '0'] = money.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the API writes money: `"45.50"`. */
export function money(value: number): string {
  return `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

/** The ids of a cart's lines, in the cart's order. */
export function itemIds(body: Json): number[] {
  return isObject(body) && Array.isArray(body.items)
    ? body.items.filter(isObject).map((i) => Number(i.id))
    : [];
}

/** A check that the answer is an empty cart. */
export function emptyCart(b: Json): string | null {
  return isObject(b) && itemIds(b).length === 0 && b.total_items === 0 && b.total_price === '0.00'
    ? null
    : `expected an empty cart, got ${JSON.stringify(b).slice(0, 200)}`;
}

/** A bank-transfer checkout to the UK address, as the shopper fills it in. */
export const BANK = { payment_method: 'bank_transfer', delivery_address: ADDRESS };
/** A card checkout to the same address. */
export const CARD = { payment_method: 'card_2c2p', delivery_address: ADDRESS };

/** The case builders of the shopping files, bound to the session's shop. */
export function shopCaseBuilders(shop: Shop) {
  const cartCase = make;
  const add = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    cartCase(
      `addCartItem ${name}`,
      'addCartItem',
      'POST',
      '/orders/cart/add-item/',
      headers,
      status,
      { body, ...rest },
    );
  const clear = (name: string, headers: Record<string, string>) =>
    cartCase(`clearCart ${name}`, 'clearCart', 'DELETE', '/orders/cart/clear/', headers, 200, {
      check: emptyCart,
    });
  const order = (
    name: string,
    headers: Record<string, string>,
    body: Json,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    cartCase(`createOrder ${name}`, 'createOrder', 'POST', '/orders/orders/', headers, status, {
      body,
      // The body the storefront would send for the cart at that moment (what the case does not
      // name itself: the lines' methods, the attestation, the total it shows).
      prepare: async () => (isObject(body) ? { body: await shop.checkout(headers, body) } : {}),
      ...rest,
    });
  // Prism checks the bearer scheme before the tenant, so the tenant cases carry a valid token.
  const withMyBearer = (cases: Case[]) => withBearer(cases, shop.me.authorization!);
  return { cartCase, add, clear, order, withBearer: withMyBearer };
}
