import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADDRESS, BLADE_CART, options, order } from '../../test/checkout-fixtures';
import {
  fillAddress,
  orderBodies,
  placeOrder,
  renderCheckout,
  server,
  setUpCheckoutServer,
} from '../../test/render-checkout';

/*
 * The age check shown when the cart holds an age-restricted piece: the date of birth and the
 * shop's attestation, the messages, the 18th birthday, and no check without such a piece.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

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
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place order and pay · $511.00'));
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
