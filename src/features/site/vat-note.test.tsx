import { screen } from '@testing-library/react';
import { CartStep } from '../cart/cart-view';
import { OrderLines } from '../orders/order-parts';
import { cartOf, line } from '../../test/cart-fixtures';
import { gyutoOrder } from '../../test/order-fixtures';
import { get, onCheckout, setUpCartCalls } from '../../test/render-cart-step';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import { orderVatSentence, vatSentence } from './vat-note';

/*
 * "Prices include VAT" (or "No VAT is charged") wherever a total is shown (issue 29): the
 * cart's summary from the shop's seller settings, an order's totals from the rate it kept.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpCartCalls();

const REGISTERED = {
  legal_name: 'Ember & Oak Workshop Ltd',
  address: 'The Old Boatyard',
  email: 'hello@emberandoak.example',
  company_number: '09876543',
  vat_number: 'GB284735126',
  vat_registered: true,
  vat_rate: '20.00',
};
const NOT_REGISTERED = {
  ...REGISTERED,
  vat_number: null,
  company_number: null,
  vat_registered: false,
  vat_rate: null,
};

async function renderCartWith(seller: typeof REGISTERED | typeof NOT_REGISTERED) {
  localStorage.setItem('authToken', 'token');
  get.mockResolvedValue({ data: cartOf(line({ id: 1, price: '120.00' })) });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['site-settings'], {
    site_title: 'Ember & Oak',
    seller,
    currency: 'USD',
  });
  await renderWithRouter(<CartStep onCheckout={onCheckout} />, { path: '/cart', queryClient });
}

describe('the VAT line', () => {
  it("says under the cart's total that prices include VAT at the shop's rate", async () => {
    await renderCartWith(REGISTERED);
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$120.00');
    expect(screen.getByTestId('vat-note')).toHaveTextContent('Prices include VAT at 20%.');
  });

  it('says that no VAT is charged by a shop that is not VAT registered', async () => {
    await renderCartWith(NOT_REGISTERED);
    expect(await screen.findByTestId('vat-note')).toHaveTextContent('No VAT is charged.');
  });

  it("gives an order's VAT at the rate it kept, under its total", async () => {
    await renderWithRouter(
      <OrderLines
        order={gyutoOrder({
          vat_rate: '20.00',
          vat_total: '81.67',
          shipping_vat: '0.00',
        })}
      />,
    );
    expect(screen.getByTestId('order-vat')).toHaveTextContent('Includes VAT at 20%: $81.67.');
  });

  it('says so when an order was charged no VAT', async () => {
    await renderWithRouter(<OrderLines order={gyutoOrder()} />);
    expect(screen.getByTestId('order-vat')).toHaveTextContent('No VAT is charged.');
  });

  it('reads rates as a shopper does', () => {
    expect(vatSentence({ ...REGISTERED, vat_rate: '17.50' })).toBe('Prices include VAT at 17.5%.');
    expect(vatSentence(undefined)).toBe('');
    expect(orderVatSentence({ vat_rate: '5.00', vat_total: '1.00' }, 'USD')).toBe(
      'Includes VAT at 5%: $1.00.',
    );
    expect(orderVatSentence({ vat_rate: '20.00', vat_total: '81.67' }, 'GBP')).toBe(
      'Includes VAT at 20%: £81.67.',
    );
  });
});
