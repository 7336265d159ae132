import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { api } from '../api/client';
import { createTestQueryClient, renderWithRouter } from './render-with-router';
import type { Cart } from '../features/cart/api';
import { browser } from '../features/payments/api';
import { CheckoutView } from '../features/checkout/checkout-view';
import type { PaymentOptions } from '../features/payments/payment-methods';
import { ADDRESS, CART, options, quoteFor, SHOP } from './checkout-fixtures';

/*
 * Test helpers for the checkout's component tests (spec sections 4, 5 and 9): a scripted API
 * that answers from `server` and quotes shipping as the reference API does, the checkout
 * rendered at /cart?step=checkout, and finders for what every test reads. Each test file
 * swaps in ./mock-api-client.ts for src/api/client.ts itself (vi.mock is hoisted within its
 * own file only) and calls `setUpCheckoutServer()`; the data lives in ./checkout-fixtures.ts.
 */

type Call = ReturnType<typeof vi.fn>;
/** The mocked `api.GET`: answered from `server` once `setUpCheckoutServer()` is called. */
export const get = api.GET as unknown as Call;
/** The mocked `api.POST`: quotes shipping with `quoteFor`, hands the rest to `server.order`. */
export const post = api.POST as unknown as Call;

const LABELS: Record<keyof typeof ADDRESS, string> = {
  fullname: 'Full name',
  contact_number: 'Contact number',
  street: 'Street address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
};

/** Fills the address (the country by its code in the select) and waits for the quote. */
export async function fillAddress(values: Partial<typeof ADDRESS> = ADDRESS) {
  const user = userEvent.setup();
  for (const [field, value] of Object.entries(values)) {
    if (field === 'country') {
      await screen.findByRole('option', { name: 'United Kingdom' });
      await user.selectOptions(screen.getByLabelText('Country'), value);
      continue;
    }
    const input = screen.getByLabelText(LABELS[field as keyof typeof ADDRESS]);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  if (values.country) await screen.findByTestId('checkout-total');
  return user;
}

/** The server's side of the test: what each call answers. */
export const server = {
  cart: CART,
  shop: options() as PaymentOptions | Error,
  addresses: [] as unknown[],
  /** Answers POST /orders/orders/ (and the card payment's call). */
  order: vi.fn(),
};

function answerCalls() {
  get.mockImplementation(async (path: string) => {
    switch (path) {
      case '/payments/options/':
        if (server.shop instanceof Error) throw server.shop;
        return { data: server.shop };
      case '/shipping/options/':
        return { data: SHOP };
      case '/accounts/addresses/':
        return { data: server.addresses };
      default:
        return { data: server.cart };
    }
  });
  post.mockImplementation(async (path: string, init: { body: never }) =>
    path === '/orders/cart/shipping-quote/'
      ? { data: quoteFor(init.body, server.cart) }
      : server.order(path, init),
  );
}

/** The bodies sent to a path, in order. */
const bodiesTo = (path: string) =>
  post.mock.calls.filter(([p]) => p === path).map(([, init]) => init.body);
/** The bodies of every POST /orders/orders/, in order. */
export const orderBodies = () => bodiesTo('/orders/orders/');
/** The bodies of every shipping quote asked for, in order. */
export const quoteBodies = () => bodiesTo('/orders/cart/shipping-quote/');

/**
 * Renders the checkout for a logged-in shopper with `cart` in the cart query, the shop
 * answering `shop` for its payment options. Returns the view (router, queryClient) and the
 * Back to Cart callback.
 */
export async function renderCheckout(shop: PaymentOptions | Error = options(), cart: Cart = CART) {
  localStorage.setItem('authToken', 'token');
  server.shop = shop;
  server.cart = cart;
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['cart'], cart);
  const onBack = vi.fn();
  const view = await renderWithRouter(<CheckoutView cart={cart} onBack={onBack} />, {
    path: '/cart?step=checkout',
    queryClient,
  });
  return { ...view, onBack };
}

/** Where the checkout sent the browser (a gateway or the shop's own page): never followed. */
export const assign = vi.fn<(url: string) => void>();

/**
 * Registers, for the calling test file, a fresh scripted server before each test (no
 * addresses saved, `server.order` unanswered) and a browser that records instead of leaving.
 */
export function setUpCheckoutServer(): void {
  let leave: { mockRestore(): void } | undefined;
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    server.order.mockReset();
    server.addresses = [];
    answerCalls();
    assign.mockReset();
    leave = vi.spyOn(browser, 'assign').mockImplementation(assign);
  });
  afterEach(() => leave?.mockRestore());
}

/** The order button ('Place order and pay'). */
export const placeOrder = () => screen.getByRole('button', { name: /Place order and pay/ });
/** Queries within the order summary beside the form. */
export const summary = () => within(screen.getByRole('complementary'));
/** The delivery method select of the line for the product `name`. */
export const deliveryFor = (name: string) =>
  screen.getByRole('combobox', { name: `Delivery for ${name}` });
