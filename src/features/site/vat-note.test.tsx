import { cleanup, screen } from '@testing-library/react';
import { CartStep } from '../cart/cart-view';
import { OrderLines } from '../orders/order-parts';
import { cartOf, line } from '../../test/cart-fixtures';
import { gyutoOrder } from '../../test/order-fixtures';
import { get, onCheckout, setUpCartCalls } from '../../test/render-cart-step';
import { createTestQueryClient, renderWithRouter } from '../../test/render-with-router';
import { orderVatSentence, quoteVatSentence, vatSentence } from './vat-note';
import { CheckoutSummary } from '../checkout/checkout-summary';

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
const IRISH = {
  ...REGISTERED,
  legal_name: 'Ember & Oak Teoranta',
  vat_number: 'IE1234567T',
  vat_rate: '23.00',
  vat_country: 'IE',
  vat_mode: 'destination' as const,
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

  it('says where the buyer is: the checkout names the destination’s rate once it is known', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['site-settings'], {
      site_title: 'Ember & Oak',
      seller: IRISH,
      currency: 'EUR',
    });
    const cart = cartOf(line({ id: 1, price: '70.00' }));
    const quote = {
      country: 'FR',
      methods: [],
      lines: [
        {
          item_id: 1,
          methods: ['eu'],
          method: 'eu',
          problem: null,
          unit_price: '68.29',
          line_total: '68.29',
        },
      ],
      shipments: [],
      subtotal: '68.29',
      shipping_price: '18.00',
      total_price: '86.29',
      ready: true,
      vat_rate: '20.00',
      vat_country: 'FR',
      vat_export: false,
    };
    const summary = async (shown: typeof quote | undefined) => {
      cleanup();
      await renderWithRouter(
        <CheckoutSummary cart={cart} quote={shown} countryChosen={shown !== undefined} />,
        { queryClient },
      );
    };
    await summary(undefined);
    // Before the country: the shop's own rate, and that the delivery country's will apply.
    expect(screen.getByTestId('vat-note')).toHaveTextContent(
      'Prices include VAT at 23%; the checkout applies the VAT of the country you have your order delivered to.',
    );
    await summary(quote);
    expect(screen.getByTestId('vat-note')).toHaveTextContent('Prices include VAT at 20% (France).');
    // The line at its price there (recomputed from the net), and the quote's total.
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('€86.29');
    expect(
      screen.getByText('€68.29', { selector: '.checkout-summary__amount' }),
    ).toBeInTheDocument();
    await summary({
      ...quote,
      country: 'US',
      vat_rate: '0.00',
      vat_country: 'US',
      vat_export: true,
    });
    expect(screen.getByTestId('vat-note')).toHaveTextContent('Export: no VAT charged.');
  });

  it('names the country an order was taxed in when it is not the shop’s', () => {
    expect(
      orderVatSentence({ vat_rate: '20.00', vat_total: '14.67', vat_country: 'FR' }, 'EUR', 'IE'),
    ).toBe('Includes VAT at 20% (France): €14.67.');
    expect(
      orderVatSentence({ vat_rate: '23.00', vat_total: '16.46', vat_country: 'IE' }, 'EUR', 'IE'),
    ).toBe('Includes VAT at 23%: €16.46.');
    expect(
      orderVatSentence({ vat_rate: '0.00', vat_total: '0.00', vat_country: 'US' }, 'EUR', 'IE'),
    ).toBe('Export: no VAT charged.');
    expect(quoteVatSentence({ vat_rate: '19.00', vat_country: 'DE' }, IRISH)).toBe(
      'Prices include VAT at 19% (Germany).',
    );
    expect(quoteVatSentence({ vat_rate: null, vat_country: null }, NOT_REGISTERED)).toBe(
      'No VAT is charged.',
    );
  });
});
