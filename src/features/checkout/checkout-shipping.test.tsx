import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import {
  ADDRESS,
  BLADE_CART,
  CART,
  options,
  order,
  quoteFor,
  type ShippingQuote,
} from '../../test/checkout-fixtures';
import {
  deliveryFor,
  fillAddress,
  orderBodies,
  placeOrder,
  post,
  quoteBodies,
  renderCheckout,
  server,
  setUpCheckoutServer,
  summary,
} from '../../test/render-checkout';

/*
 * Delivery by country and method: the shipping quote for the chosen country, each line's allowed
 * methods, quoting again on a change, lines that cannot be sent, and collection without a street
 * address.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

describe('delivery by country and method (shipping quote)', () => {
  it("waits for a country: 'Choose a country', no quote, the order button disabled", async () => {
    await renderCheckout();
    await screen.findByRole('radio', { name: /Credit or debit card/ });
    expect(screen.getByText('Choose a country to see the delivery options.')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Choose a country');
    expect(placeOrder()).toBeDisabled();
    expect(placeOrder()).toHaveTextContent(/^Place order and pay$/);
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
    expect(placeOrder()).toHaveTextContent('Place order and pay · $496.50');
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

  it("shows a line's problem instead of a select, and keeps the order button disabled, when nothing is left", async () => {
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

  it('keeps the order button disabled while the quote is on its way', async () => {
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
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place order and pay · $490.00'));

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
