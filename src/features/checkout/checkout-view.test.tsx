import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { components } from '../../api/schema';
import {
  createTestQueryClient,
  renderWithRouter,
} from '../../components/testing/render-with-router';
import type { Cart } from '../cart/api';
import { CartGate } from '../cart/cart-gate';
import { browser } from '../payments/api';
import { CheckoutView } from './checkout-view';
import type { PaymentOptions } from './payment-methods';

vi.mock('../../api/client', () => ({
  api: { GET: vi.fn(), POST: vi.fn(), PATCH: vi.fn(), DELETE: vi.fn() },
}));
type Call = ReturnType<typeof vi.fn>;
const get = api.GET as unknown as Call;
const post = api.POST as unknown as Call;
type Order = components['schemas']['Order'];

type ShippingQuote = components['schemas']['ShippingQuote'];
type ShippingChoice = components['schemas']['ShippingChoice'];
type CartItem = Cart['items'][number];

const READY = { made_to_order: false, earliest: '2026-11-24', latest: '2026-11-25' };

function cartItem(
  overrides: Omit<Partial<CartItem>, 'product'> & { product?: Partial<CartItem['product']> },
): CartItem {
  const { product, ...rest } = overrides;
  return {
    id: 3,
    quantity: 2,
    customization: {},
    options: [],
    unit_price: '245.00',
    line_total: '490.00',
    dispatch: READY,
    ...rest,
    product: {
      id: 7,
      name: 'Gyuto',
      slug: 'gyuto',
      price: '245.00',
      stock: 4,
      made_to_order: false,
      age_restricted: false,
      main_image: null,
      ...product,
    },
  };
}

const CART: Cart = {
  id: 1,
  items: [cartItem({})],
  total_items: 2,
  total_price: '490.00',
};

/** A knife (age-restricted, with a handle chosen) and two mugs, as the contract's examples. */
const BLADE_CART: Cart = {
  id: 1,
  items: [
    cartItem({
      id: 9,
      quantity: 1,
      customization: { handle: 'walnut' },
      options: [
        {
          key: 'handle',
          label: 'Handle wood',
          value: 'walnut',
          display_value: 'Walnut',
          price_delta: '0.00',
        },
      ],
      unit_price: '405.00',
      line_total: '405.00',
      product: {
        id: 1,
        name: 'Damascus Gyuto 210mm',
        slug: 'damascus-gyuto-210mm',
        price: '405.00',
        age_restricted: true,
      },
    }),
    cartItem({
      id: 10,
      quantity: 2,
      unit_price: '45.00',
      line_total: '90.00',
      product: { id: 29, name: 'Tenmoku Tea Mug', slug: 'tenmoku-tea-mug', price: '45.00' },
    }),
  ],
  total_items: 3,
  total_price: '495.00',
};

const SHOP = {
  countries: [
    { code: 'FR', name: 'France' },
    { code: 'GB', name: 'United Kingdom' },
    { code: 'US', name: 'United States' },
  ],
  minimum_age: 18,
  age_attestation_text: 'I am 18 or over, and the parcel will be handed only to an adult.',
};

type Method = ShippingQuote['methods'][number];
const COLLECTION: Method = {
  code: 'collection',
  name: 'Collect from the workshop',
  description: '12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00',
  kind: 'collection',
  age_verified: false,
  price: '0.00',
  free_over: null,
};
const METHODS: Record<string, Method[]> = {
  GB: [
    {
      code: 'uk-standard',
      name: 'Royal Mail Tracked 48',
      description: '2-3 working days after dispatch',
      kind: 'delivery',
      age_verified: false,
      price: '6.50',
      free_over: null,
    },
    {
      code: 'uk-express',
      name: 'Royal Mail Special Delivery',
      description: 'Next working day after dispatch',
      kind: 'delivery',
      age_verified: false,
      price: '14.00',
      free_over: null,
    },
    {
      code: 'uk-age-verified',
      name: 'Age-verified delivery (DPD)',
      description: 'Signed for by an adult who shows proof of age, 1-2 working days',
      kind: 'delivery',
      age_verified: true,
      price: '9.50',
      free_over: null,
    },
    COLLECTION,
  ],
  US: [
    {
      code: 'us-standard',
      name: 'USPS Priority Mail International',
      description: '6-10 working days after dispatch',
      kind: 'delivery',
      age_verified: false,
      price: '32.00',
      free_over: null,
    },
    COLLECTION,
  ],
};

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: number) => (amount / 100).toFixed(2);

/**
 * What the API quotes for `cart`: an age-restricted line only by an age-verified method or
 * collection, and never delivered to the United States (where it may still be collected, with
 * the reason it cannot be sent); the first allowed method unless one is chosen.
 */
function quoteFor(
  { country, choices = [] }: { country: string; choices?: ShippingChoice[] },
  cart: Cart,
): ShippingQuote {
  const methods = METHODS[country] ?? METHODS.GB!;
  const lines = cart.items.map((item) => {
    const restricted = item.product.age_restricted;
    if (restricted && country === 'US') {
      const collected = methods.filter((m) => m.kind === 'collection').map((m) => m.code);
      return {
        item_id: item.id,
        methods: collected,
        method: collected[0] ?? null,
        problem: `${item.product.name} cannot be shipped to United States.`,
      };
    }
    const allowed = methods
      .filter((m) => !restricted || m.age_verified || m.kind === 'collection')
      .map((m) => m.code);
    const chosen = choices.find((c) => c.item_id === item.id)?.method;
    return {
      item_id: item.id,
      methods: allowed,
      method: chosen && allowed.includes(chosen) ? chosen : allowed[0]!,
      problem: null,
    };
  });
  const shipments = methods
    .filter((m) => lines.some((l) => l.method === m.code))
    .map((m) => ({
      method: m.code,
      name: m.name,
      kind: m.kind,
      age_verified: m.age_verified,
      price: m.price,
      item_ids: lines.filter((l) => l.method === m.code).map((l) => l.item_id),
    }));
  const shipping = shipments.reduce((sum, s) => sum + cents(s.price), 0);
  return {
    country,
    methods,
    lines,
    shipments,
    subtotal: cart.total_price,
    shipping_price: money(shipping),
    total_price: money(cents(cart.total_price) + shipping),
    ready: lines.every((l) => l.method !== null),
  };
}

const ADDRESS = {
  fullname: 'Ada Lovelace',
  contact_number: '+44 114 496 0000',
  street: '12 Forge Lane',
  city: 'Sheffield',
  postalCode: 'S1 2AB',
  country: 'GB',
};

function options(overrides: Partial<PaymentOptions> = {}): PaymentOptions {
  return {
    enable_card_payment: true,
    enable_bank_transfer: true,
    enable_custom_payment: true,
    bank_account_details: 'IBAN GB33 BUKB 2020 1555 5555 55',
    custom_payment_label: 'Pay at the workshop',
    custom_payment_instructions: 'Bring your order number.',
    custom_payment_redirect_url: null,
    ...overrides,
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    order_number: 'ORD-7K3F-9QXD',
    status: 'awaiting_payment',
    payment_method: 'bank_transfer',
    subtotal: '490.00',
    shipping_price: '6.50',
    total_price: '496.50',
    total_items: 2,
    delivery_address: ADDRESS,
    items: [],
    shipments: [],
    needs_adult_signature: false,
    age_attestation: null,
    created_at: '2026-11-22T10:00:00Z',
    paid_at: null,
    expires_at: null,
    closed_at: null,
    refund_status: null,
    payment_instructions: 'IBAN GB33 BUKB 2020 1555 5555 55',
    payment_redirect_url: null,
    latest_payment: null,
    ...overrides,
  };
}

const LABELS: Record<keyof typeof ADDRESS, string> = {
  fullname: 'Full name',
  contact_number: 'Contact number',
  street: 'Street address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
};

/** Fills the address (the country by its code in the select) and waits for the quote. */
async function fillAddress(values: Partial<typeof ADDRESS> = ADDRESS) {
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
const server = {
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
const orderBodies = () => bodiesTo('/orders/orders/');
const quoteBodies = () => bodiesTo('/orders/cart/shipping-quote/');

async function renderCheckout(shop: PaymentOptions | Error = options(), cart: Cart = CART) {
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

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  get.mockReset();
  post.mockReset();
  server.order.mockReset();
  server.addresses = [];
  answerCalls();
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

const placeOrder = () => screen.getByRole('button', { name: /Place Order/ });
const summary = () => within(screen.getByRole('complementary'));
const deliveryFor = (name: string) =>
  screen.getByRole('combobox', { name: `Delivery for ${name}` });

describe('payment methods (spec sections 4 and 9)', () => {
  it('offers the enabled methods and chooses the first of card, bank transfer, custom', async () => {
    await renderCheckout();
    const group = screen.getByRole('group', { name: 'Payment method' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: /Credit or debit card/ })).toBeChecked(),
    );
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: /Pay at the workshop/ })).not.toBeChecked();
  });

  it("defaults to bank transfer without cards, and calls an unnamed custom method 'Other Payment Method'", async () => {
    await renderCheckout(options({ enable_card_payment: false, custom_payment_label: null }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Bank transfer/ })).toBeChecked());
    expect(screen.getByRole('radio', { name: /Other Payment Method/ })).toBeInTheDocument();
  });

  it("says 'Failed to load payment options. Please refresh the page.' when they do not load", async () => {
    await renderCheckout(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load payment options. Please refresh the page.',
    );
  });

  it("says 'Could not load payment options. Please try refreshing.' when they are unusable", async () => {
    server.shop = '<html>' as never;
    localStorage.setItem('authToken', 'token');
    await renderWithRouter(<CheckoutView cart={CART} onBack={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load payment options. Please try refreshing.',
    );
  });

  it("asks 'Please select a payment method.' when the shop enables none", async () => {
    await renderCheckout(
      options({
        enable_card_payment: false,
        enable_bank_transfer: false,
        enable_custom_payment: false,
      }),
    );
    await screen.findByText('This shop is not taking payments online at the moment.');
    const user = await fillAddress();
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a payment method.');
    expect(orderBodies()).toHaveLength(0);
  });

  it("refuses a method the shop no longer offers with 'Invalid payment method selected.'", async () => {
    const { queryClient } = await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    act(() =>
      queryClient.setQueryData(['payments', 'options'], options({ enable_bank_transfer: false })),
    );
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid payment method selected.');
    expect(orderBodies()).toHaveLength(0);
  });
});

describe('the delivery address (spec section 5)', () => {
  it("offers the shop's countries by name, keeping their ISO code, after the name and number", async () => {
    await renderCheckout();
    const country = screen.getByRole('combobox', { name: 'Country' });
    await screen.findByRole('option', { name: 'United Kingdom' });
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => [option.textContent, (option as HTMLOptionElement).value]),
    ).toEqual([
      ['Choose a country', ''],
      ['France', 'FR'],
      ['United Kingdom', 'GB'],
      ['United States', 'US'],
    ]);
    expect(country).toHaveValue('');
    // Who the order is for, then where it goes: the country first, since it decides the rest.
    const order = [...document.querySelectorAll('.checkout-field label')].map((l) => l.textContent);
    expect(order).toEqual([
      'Full name',
      'Contact number',
      'Country',
      'Street address',
      'City',
      'Postal code',
    ]);
  });

  it('names every missing or blank field in one message and sends nothing', async () => {
    await renderCheckout();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    const user = await fillAddress({ ...ADDRESS, fullname: '', city: '   ' });
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in all required delivery address fields: Full name, City.',
    );
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Street address')).not.toHaveAttribute('aria-invalid');
    expect(orderBodies()).toHaveLength(0);
  });

  it('fills the default saved address, finding the code of a country saved by name', async () => {
    server.addresses = [
      { id: 5, is_default: true, ...ADDRESS, country: 'united kingdom' },
      { id: 6, is_default: false, ...ADDRESS, street: '1 Rue de Rivoli', country: 'Narnia' },
    ];
    await renderCheckout();
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('GB'));
    expect(screen.getByLabelText('Street address')).toHaveValue('12 Forge Lane');
    // The picker knows the filled fields as that saved address.
    expect(
      screen.getByRole('radio', { name: /12 Forge Lane, Sheffield S1 2AB, united kingdom/ }),
    ).toBeChecked();
    await waitFor(() => expect(quoteBodies()).toEqual([{ country: 'GB', choices: [] }]));

    // A country the shop does not ship to leaves the select for the shopper to choose.
    await userEvent.click(screen.getByRole('radio', { name: /1 Rue de Rivoli/ }));
    expect(screen.getByLabelText('Country')).toHaveValue('');
    expect(screen.getByLabelText('Street address')).toHaveValue('1 Rue de Rivoli');
  });

  it('goes back to the cart with Back to Cart', async () => {
    const { onBack } = await renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: '← Back to Cart' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('delivery by country and method (shipping quote)', () => {
  it("waits for a country: 'Choose a country', no quote, Place Order disabled", async () => {
    await renderCheckout();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    expect(screen.getByText('Choose a country to see the delivery options.')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Choose a country');
    expect(placeOrder()).toBeDisabled();
    expect(placeOrder()).toHaveTextContent(/^Place Order$/);
    expect(quoteBodies()).toEqual([]);
  });

  it('quotes the chosen country and offers each line the methods it may use, named with their price', async () => {
    await renderCheckout();
    await fillAddress({ country: 'GB' });
    expect(quoteBodies()).toEqual([{ country: 'GB', choices: [] }]);
    const select = await waitFor(() => deliveryFor('Gyuto'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Royal Mail Tracked 48 — $6.50',
      'Royal Mail Special Delivery — $14.00',
      'Age-verified delivery (DPD) — $9.50',
      'Collect from the workshop — Free',
    ]);
    expect(select).toHaveValue('uk-standard');
    expect(select).toHaveAccessibleDescription('2-3 working days after dispatch');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$6.50');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$496.50');
    expect(summary().getByText('Royal Mail Tracked 48')).toBeInTheDocument();
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    expect(placeOrder()).toHaveTextContent('Place Order · $496.50');
  });

  it('quotes again with every line’s method when one changes, and again from scratch for a new country', async () => {
    await renderCheckout(options(), BLADE_CART);
    const user = await fillAddress({ country: 'GB' });
    const mug = await waitFor(() => deliveryFor('Tenmoku Tea Mug'));
    expect(deliveryFor('Damascus Gyuto 210mm')).toHaveValue('uk-age-verified');
    // The knife may go only by age-verified delivery or be collected.
    expect(
      within(deliveryFor('Damascus Gyuto 210mm'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Age-verified delivery (DPD) — $9.50', 'Collect from the workshop — Free']);
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$16.00');

    await user.selectOptions(mug, 'uk-express');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$518.50'));
    expect(quoteBodies().at(-1)).toEqual({
      country: 'GB',
      choices: [
        { item_id: 9, method: 'uk-age-verified' },
        { item_id: 10, method: 'uk-express' },
      ],
    });
    expect(deliveryFor('Tenmoku Tea Mug')).toHaveValue('uk-express');
    // The shipments, each with its price and pieces, in the summary.
    expect(summary().getByText('Royal Mail Special Delivery')).toBeInTheDocument();
    expect(summary().getByText('$14.00')).toBeInTheDocument();
    expect(summary().getByText('Age-verified delivery (DPD)')).toBeInTheDocument();
    expect(summary().getByText('Handle wood: Walnut')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await waitFor(() => expect(quoteBodies().at(-1)).toEqual({ country: 'FR', choices: [] }));
  });

  it('says why a line cannot be sent there and offers only what it may use: collection', async () => {
    await renderCheckout(options(), BLADE_CART);
    await fillAddress({ ...ADDRESS, country: 'US' });
    expect(
      await screen.findByText('Damascus Gyuto 210mm cannot be shipped to United States.'),
    ).toBeInTheDocument();
    const knife = deliveryFor('Damascus Gyuto 210mm');
    expect(
      within(knife)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Collect from the workshop — Free']);
    expect(deliveryFor('Tenmoku Tea Mug')).toHaveValue('us-standard');
    await waitFor(() => expect(placeOrder()).toBeEnabled());
  });

  it("shows a line's problem instead of a select, and keeps Place Order disabled, when nothing is left", async () => {
    await renderCheckout(options(), BLADE_CART);
    // A shop without collection: the knife has no way at all to the United States.
    const quote = post.getMockImplementation() as unknown as (
      path: string,
      init: { body: never },
    ) => Promise<{ data: unknown }>;
    post.mockImplementation(async (path: string, init: { body: never }) => {
      const answer = await quote(path, init);
      if (path !== '/orders/cart/shipping-quote/') return answer;
      const data = answer.data as ShippingQuote;
      const lines = data.lines.map((l) => (l.problem ? { ...l, methods: [], method: null } : l));
      return { data: { ...data, lines, ready: false } };
    });
    await fillAddress({ ...ADDRESS, country: 'US' });
    expect(
      await screen.findByText('Damascus Gyuto 210mm cannot be shipped to United States.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Delivery for Damascus Gyuto 210mm' }),
    ).toBeNull();
    expect(placeOrder()).toBeDisabled();
  });

  it('keeps Place Order disabled while the quote is on its way', async () => {
    let answer!: (value: unknown) => void;
    post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderCheckout();
    await fillAddress({ ...ADDRESS, country: '' });
    await screen.findByRole('option', { name: 'United Kingdom' });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(await screen.findByText('Working out the delivery options…')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Calculating…');
    expect(placeOrder()).toBeDisabled();
    await act(async () => answer({ data: quoteFor({ country: 'GB' }, CART) }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
  });

  it("says why the country cannot be quoted, and asks again with 'Try again'", async () => {
    post.mockRejectedValueOnce(new ApiError(400, { country: ['We do not ship to Canada.'] }));
    await renderCheckout();
    await fillAddress({ country: 'GB' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We do not ship to Canada.');
    expect(placeOrder()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    expect(quoteBodies()).toEqual([
      { country: 'GB', choices: [] },
      { country: 'GB', choices: [] },
    ]);
  });

  it('hides the street, city and postal code when everything is collected, and sends them empty', async () => {
    server.order.mockResolvedValue({ data: order() });
    await renderCheckout();
    const user = await fillAddress({
      ...ADDRESS,
      fullname: '',
      street: '',
      city: '',
      postalCode: '',
    });
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.selectOptions(await waitFor(() => deliveryFor('Gyuto')), 'collection');
    expect(
      await screen.findByText(
        'Everything will be collected from the workshop, so we need no street address.',
      ),
    ).toBeInTheDocument();
    for (const label of ['Street address', 'City', 'Postal code']) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Free');
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place Order · $490.00'));

    // Only the fields on screen are named as missing.
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in all required delivery address fields: Full name.',
    );
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.click(placeOrder());
    await waitFor(() => expect(orderBodies()).toHaveLength(1));
    expect(orderBodies()[0]).toEqual({
      payment_method: 'bank_transfer',
      delivery_address: { ...ADDRESS, street: '', city: '', postalCode: '' },
      shipping: [{ item_id: 3, method: 'collection' }],
      expected_total_price: '490.00',
    });
  });
});

/** `years` years before today, as a date input holds it. */
function yearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('the age check (an age-restricted piece in the cart)', () => {
  const AGE_MISSING =
    'Please give your date of birth and confirm that the parcel will be handed only to an adult.';

  async function ready() {
    await renderCheckout(options(), BLADE_CART);
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    return user;
  }

  it("asks for the date of birth and the shop's words, under a legend", async () => {
    await ready();
    const group = screen.getByRole('group', { name: 'Age check' });
    expect(within(group).getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(
      within(group).getByRole('checkbox', {
        name: 'I am 18 or over, and the parcel will be handed only to an adult.',
      }),
    ).not.toBeChecked();
    expect(group).toHaveTextContent(
      'Some pieces in your cart are age-restricted: you must be 18 or over to buy them, and an adult must sign for the parcel.',
    );
  });

  it(`says '${AGE_MISSING}' without a date or without the box ticked`, async () => {
    const user = await ready();
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(AGE_MISSING);
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-17' } });
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(AGE_MISSING);
    expect(
      screen.getByRole('checkbox', { name: /the parcel will be handed only to an adult/ }),
    ).toHaveAttribute('aria-invalid', 'true');
    expect(orderBodies()).toHaveLength(0);
  });

  it("says 'You must be 18 or over to buy age-restricted items.' the day before the 18th birthday", async () => {
    const user = await ready();
    fireEvent.change(screen.getByLabelText('Date of birth'), {
      target: { value: yearsAgo(18, 1) },
    });
    await user.click(screen.getByRole('checkbox', { name: /handed only to an adult/ }));
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must be 18 or over to buy age-restricted items.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(AGE_MISSING);
    expect(orderBodies()).toHaveLength(0);
  });

  it('lets a buyer whose 18th birthday is today order, sending the attestation, the shipping and the quoted total', async () => {
    server.order.mockResolvedValue({ data: order({ needs_adult_signature: true }) });
    const { router } = await renderCheckout(options(), BLADE_CART);
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place Order · $511.00'));
    const birthday = yearsAgo(18);
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: birthday } });
    await user.click(screen.getByRole('checkbox', { name: /handed only to an adult/ }));
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    expect(orderBodies()).toEqual([
      {
        payment_method: 'bank_transfer',
        delivery_address: ADDRESS,
        shipping: [
          { item_id: 9, method: 'uk-age-verified' },
          { item_id: 10, method: 'uk-standard' },
        ],
        age_attestation: { date_of_birth: birthday, confirmed: true },
        expected_total_price: '511.00',
      },
    ]);
  });

  it('shows nothing of it, and sends no attestation, without an age-restricted piece', async () => {
    server.order.mockResolvedValue({ data: order() });
    await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    expect(screen.queryByRole('group', { name: 'Age check' })).toBeNull();
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    expect(screen.queryByText(/age-restricted/)).toBeNull();
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(orderBodies()).toHaveLength(1));
    expect(orderBodies()[0]).not.toHaveProperty('age_attestation');
  });
});

describe('placing the order (spec section 4)', () => {
  it('sends the trimmed address, the shipping and the quoted total with an Idempotency-Key, then shows the bank details on /order-confirmation', async () => {
    const placed = order();
    server.order.mockResolvedValue({ data: placed });
    const { router, queryClient } = await renderCheckout();
    const user = await fillAddress({ ...ADDRESS, city: '  Sheffield  ' });
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    const calls = post.mock.calls.filter(([path]) => path === '/orders/orders/');
    expect(calls).toHaveLength(1);
    const [, init] = calls[0]!;
    expect(init.body).toEqual({
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      shipping: [{ item_id: 3, method: 'uk-standard' }],
      expected_total_price: '496.50',
    });
    expect(init.params.header['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(router.state.location.state.orderConfirmation).toEqual({
      order: placed,
      bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55',
      customInstructions: null,
    });
    // Spec section 4: the local cart is cleared once the order exists.
    expect(queryClient.getQueryData<Cart>(['cart'])?.items).toEqual([]);
  });

  it('shows the new total when the prices changed since the shopper saw them, quotes again and places it again', async () => {
    const changed: Cart = {
      ...CART,
      items: [
        {
          ...CART.items[0]!,
          product: { ...CART.items[0]!.product, price: '255.00' },
          unit_price: '255.00',
          line_total: '510.00',
        },
      ],
      total_price: '510.00',
    };
    const detail =
      'The total of your order has changed to $516.50 since you saw it. Please check it and place your order again.';
    server.order.mockImplementationOnce(async () => {
      // The server's cart is the new one from now on; its quote follows.
      server.cart = changed;
      throw new ApiError(409, { detail, cart: changed });
    });
    localStorage.setItem('authToken', 'token');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['cart'], CART);
    // As /cart?step=checkout renders it: the checkout follows the cart query.
    await renderWithRouter(
      <CartGate allowEmpty>
        {(cart) => <CheckoutView cart={cart} onBack={() => undefined} />}
      </CartGate>,
      { path: '/cart?step=checkout', queryClient },
    );
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place Order · $496.50'));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place Order · $516.50'));
    expect(summary().getAllByText('$510.00').length).toBeGreaterThan(0);
    expect(quoteBodies()).toHaveLength(2);

    server.order.mockResolvedValue({ data: order({ total_price: '516.50' }) });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(orderBodies()).toHaveLength(2));
    expect(orderBodies()[0].expected_total_price).toBe('496.50');
    expect(orderBodies()[1].expected_total_price).toBe('516.50');
  });

  it('makes one order on a double click, and keeps the key for a retry', async () => {
    let answer!: (value: unknown) => void;
    server.order.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    const button = placeOrder();
    await user.dblClick(button);
    expect(server.order).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Placing order…');
    await act(async () => answer(Promise.reject(new TypeError('Failed to fetch'))));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );

    server.order.mockResolvedValue({ data: order() });
    await user.click(placeOrder());
    await waitFor(() => expect(server.order).toHaveBeenCalledTimes(2));
    const key = (n: number) => server.order.mock.calls[n]![1].params.header['Idempotency-Key'];
    expect(key(1)).toBe(key(0));
  });

  it.each([
    [
      new ApiError(409, { detail: 'Gyuto: Only 1 items available.' }),
      'Gyuto: Only 1 items available.',
    ],
    [
      new ApiError(400, { 'delivery_address.city': ['This field may not be blank.'] }),
      'delivery_address.city: This field may not be blank.',
    ],
    [
      new ApiError(400, { 'delivery_address.country': ['We do not ship to Canada.'] }),
      'delivery_address.country: We do not ship to Canada.',
    ],
    [
      new ApiError(400, { shipping: ['Damascus Gyuto 210mm cannot be shipped to United States.'] }),
      'shipping: Damascus Gyuto 210mm cannot be shipped to United States.',
    ],
    [
      new ApiError(400, {
        shipping: [
          'Damascus Gyuto 210mm can only be sent by age-verified delivery or collected from the workshop.',
        ],
      }),
      'shipping: Damascus Gyuto 210mm can only be sent by age-verified delivery or collected from the workshop.',
    ],
    [
      new ApiError(400, { shipping: ['Choose how Tenmoku Tea Mug is delivered.'] }),
      'shipping: Choose how Tenmoku Tea Mug is delivered.',
    ],
    [
      new ApiError(400, {
        age_attestation: [
          'Please give your date of birth and confirm that the parcel will be handed only to an adult.',
        ],
      }),
      'age_attestation: Please give your date of birth and confirm that the parcel will be handed only to an adult.',
    ],
    [
      new ApiError(400, {
        'age_attestation.date_of_birth': ['You must be 18 or over to buy age-restricted items.'],
      }),
      'age_attestation.date_of_birth: You must be 18 or over to buy age-restricted items.',
    ],
    [new ApiError(500, null), 'Failed to create order. Please check your details and try again.'],
  ])('shows the order failure %#', async (error, message) => {
    server.order.mockRejectedValue(error);
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('starts the card payment, keeps the payment in the session and goes to the gateway', async () => {
    const placed = order({ payment_method: 'card_2c2p', payment_instructions: null });
    server.order.mockImplementation(async (path: string) =>
      path === '/orders/orders/'
        ? { data: placed }
        : {
            data: {
              redirectUrl: 'http://127.0.0.1:8080/api/payments/sandbox/checkout/9b2f/',
              payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
              status: 'initiated',
              amount: '496.50',
              currency: 'USD',
            },
          },
    );
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://127.0.0.1:8080/api/payments/sandbox/checkout/9b2f/',
      ),
    );
    expect(post).toHaveBeenCalledWith('/payments/card/initiate/', {
      body: { order_id: 42, currency: 'USD' },
    });
    expect(sessionStorage.getItem('pendingPaymentId')).toBe('9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b');
    expect(JSON.parse(sessionStorage.getItem('pendingPaymentOrder')!)).toEqual({
      id: 42,
      order_number: 'ORD-7K3F-9QXD',
      total_price: '496.50',
    });
  });

  it('keeps the order and says so when no gateway address comes back', async () => {
    const placed = order({ payment_method: 'card_2c2p' });
    server.order.mockImplementation(async (path: string) =>
      path === '/orders/orders/' ? { data: placed } : { data: { payment_uuid: 'x' } },
    );
    await renderCheckout();
    const user = await fillAddress();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.",
    );
    expect(screen.getByRole('link', { name: 'Go to your order' })).toHaveAttribute(
      'href',
      '/account/orders/42',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it("sends a custom-method order to the shop's page when it has one", async () => {
    server.order.mockResolvedValue({
      data: order({
        payment_method: 'custom',
        payment_redirect_url: 'https://www.paypal.com/paypalme/riversidepottery',
      }),
    });
    await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Pay at the workshop/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.paypal.com/paypalme/riversidepottery'),
    );
  });

  it('shows the instructions on /order-confirmation without a page, and never follows a javascript: one', async () => {
    server.order.mockResolvedValue({
      data: order({
        payment_method: 'custom',
        payment_instructions: 'Bring your order number.',
        payment_redirect_url: 'javascript:alert(1)',
      }),
    });
    const { router } = await renderCheckout();
    const user = await fillAddress();
    await user.click(await screen.findByRole('radio', { name: /Pay at the workshop/ }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    expect(router.state.location.state.orderConfirmation?.customInstructions).toBe(
      'Bring your order number.',
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
