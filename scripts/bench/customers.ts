/// <reference types="node" />
/**
 * The customers the write benchmarks act for: registered and logged in through the API
 * beforehand (so a measured request never pays for a login), and the checkout body the
 * storefront would send for each one's cart.
 */
import { TENANT } from './load-settings';

/** The delivery address of every order the bench places (the UK: every method is offered). */
const BENCH_ADDRESS = {
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
  fullname: 'Bench Shopper',
  contact_number: '+44 114 496 0000',
};

/** Runs `task` over `items` with at most `limit` in flight; rejects with the first failure. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Registers and logs in `count` new customers of the demo shop, 8 at a time.
 * @param apiBase the API's base URL, `http://127.0.0.1:PORT/api`
 * @returns their access tokens, in order
 * @throws Error when a registration or a login is refused
 */
export async function prepareCustomers(apiBase: string, count: number): Promise<string[]> {
  const stamp = Date.now().toString(36);
  const tokens: string[] = [];
  const json = { ...TENANT, 'content-type': 'application/json' };
  await eachLimited(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const email = `bench-${stamp}-${i}@example.com`;
      const password = 'bench-password-42';
      const registered = await fetch(`${apiBase}/accounts/register/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password, password_confirm: password }),
      });
      if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
      const login = await fetch(`${apiBase}/accounts/login/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ login_id: email, password }),
      });
      const body = (await login.json()) as { access?: string };
      if (!body.access) throw new Error(`login answered ${login.status}`);
      tokens[i] = body.access;
    },
  );
  return tokens;
}

/**
 * The checkout body the storefront sends for the customer's cart: each line by the method the
 * shipping quote picks for the UK, and the quote's total (a decimal string) as the total the
 * shopper saw.
 * @param token the customer's access token
 * @param paymentMethod the contract's payment method (`bank_transfer`, `card_2c2p`)
 * @throws Error when the quote is refused
 */
export async function checkoutOf(apiBase: string, token: string, paymentMethod: string) {
  const response = await fetch(`${apiBase}/orders/cart/shipping-quote/`, {
    method: 'POST',
    headers: { ...TENANT, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ country: 'GB' }),
  });
  if (!response.ok) throw new Error(`the shipping quote answered ${response.status}`);
  const quote = (await response.json()) as {
    lines: { item_id: number; method: string }[];
    total_price: string;
  };
  return {
    payment_method: paymentMethod,
    delivery_address: BENCH_ADDRESS,
    shipping: quote.lines.map((l) => ({ item_id: l.item_id, method: l.method })),
    expected_total_price: quote.total_price,
  };
}
