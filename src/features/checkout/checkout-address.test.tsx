import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADDRESS } from '../../test/checkout-fixtures';
import {
  fillAddress,
  orderBodies,
  placeOrder,
  quoteBodies,
  renderCheckout,
  server,
  setUpCheckoutServer,
} from '../../test/render-checkout';

/*
 * The delivery address form: the shop's countries, the order of the fields, one message naming
 * every missing field, the default saved address, and Back to Cart (spec section 5).
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCheckoutServer();

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

  it('posts natively, so a submit before the scripts run never puts the address in the URL', async () => {
    await renderCheckout();
    expect(screen.getByRole('combobox', { name: 'Country' }).closest('form')).toHaveAttribute(
      'method',
      'post',
    );
  });
});
