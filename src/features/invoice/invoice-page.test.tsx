import { screen, within } from '@testing-library/react';
import { gyutoOrder } from '../../test/order-fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { Invoice } from './invoice-page';

/*
 * The printable invoice of an order (issue 29; HMRC VAT Notice 700/21, EU VAT Directive art.
 * 226): the seller, the invoice number and date, the buyer, each line with its VAT, shipping,
 * the VAT at the order's rate and the totals.
 */

const SELLER = {
  legal_name: 'Ember & Oak Workshop Ltd',
  address: 'The Old Boatyard\nQuay Lane\nTopsham, Exeter EX3 0JB\nUnited Kingdom',
  email: 'hello@emberandoak.example',
  company_number: '09876543',
  vat_number: 'GB284735126',
  vat_registered: true,
  vat_rate: '20.00',
};

const PAID_WITH_VAT = gyutoOrder({
  status: 'paid',
  paid_at: '2026-11-23T09:15:00Z',
  actions: [],
  subtotal: '490.00',
  shipping_price: '6.50',
  total_price: '496.50',
  vat_rate: '20.00',
  vat_total: '82.75',
  shipping_vat: '1.08',
  shipments: [
    {
      method: 'uk-tracked',
      name: 'Tracked 24',
      kind: 'delivery',
      age_verified: true,
      price: '6.50',
      item_ids: [1],
      fulfilment: null,
    },
  ],
});
PAID_WITH_VAT.items[0]!.vat_amount = '81.67';

describe('the invoice', () => {
  it("carries the seller, the buyer, each line's VAT and the totals at the order's rate", async () => {
    await renderWithRouter(
      <Invoice order={PAID_WITH_VAT} seller={SELLER} shopName="Ember & Oak" />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('VAT invoice');
    expect(screen.getByText('Ember & Oak Workshop Ltd', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Topsham, Exeter EX3 0JB')).toBeInTheDocument();
    expect(screen.getByText('ORD-7K3F-9QXD')).toBeInTheDocument();
    expect(screen.getByText('Invoice date').nextSibling).toHaveTextContent('23 November 2026');
    expect(screen.getByText('Order date').nextSibling).toHaveTextContent('22 November 2026');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DescriptionQtyUnit priceVAT rateVATAmount',
      'Damascus Gyuto 210mmengraving text: A.L.2$245.0020%$81.67$490.00',
      'ShippingTracked 241$6.5020%$1.08$6.50',
    ]);
    expect(screen.getByText('Total excluding VAT').nextSibling).toHaveTextContent('$413.75');
    expect(screen.getByTestId('invoice-vat-total')).toHaveTextContent('$82.75');
    expect(screen.getByText('VAT at 20%')).toBeInTheDocument();
    expect(screen.getByText('Total including VAT').nextSibling).toHaveTextContent('$496.50');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Ember & Oak Workshop Ltd · Company number 09876543 · VAT number GB284735126',
    );
  });

  it('has no VAT columns for an order charged none, and says so; unpaid, it is a pro-forma', async () => {
    await renderWithRouter(
      <Invoice
        order={gyutoOrder()}
        seller={{
          ...SELLER,
          vat_number: null,
          company_number: null,
          vat_registered: false,
          vat_rate: null,
        }}
        shopName="Riverside"
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pro-forma invoice');
    expect(within(screen.getByRole('table')).queryByText('VAT rate')).not.toBeInTheDocument();
    expect(screen.getByText('No VAT is charged.')).toBeInTheDocument();
    expect(screen.getByText(/Not paid yet/)).toBeInTheDocument();
  });

  it('names the country an order was taxed in, and says an export carried no VAT (issue 41)', async () => {
    const irish = { ...SELLER, vat_number: 'IE1234567T', vat_rate: '23.00', vat_country: 'IE' };
    const { unmount } = await renderWithRouter(
      <Invoice
        order={{ ...PAID_WITH_VAT, vat_country: 'FR' }}
        seller={irish}
        shopName="Ember & Oak"
      />,
    );
    expect(screen.getByTestId('invoice-vat-country')).toHaveTextContent('France');
    expect(screen.getByText('VAT at 20% (France)')).toBeInTheDocument();
    unmount();
    await renderWithRouter(
      <Invoice
        order={{
          ...PAID_WITH_VAT,
          vat_rate: '0.00',
          vat_total: '0.00',
          shipping_vat: '0.00',
          vat_country: 'US',
        }}
        seller={irish}
        shopName="Ember & Oak"
      />,
    );
    expect(screen.getByTestId('invoice-vat-country')).toHaveTextContent('United States');
    expect(
      screen.getByText(/Export: no VAT charged \(goods sent outside the EU/),
    ).toBeInTheDocument();
  });

  it('shows a code as its own line with its VAT, leaving a multi-purpose gift card line without any (issue 42)', async () => {
    const gyuto = PAID_WITH_VAT.items[0]!;
    await renderWithRouter(
      <Invoice
        order={{
          ...PAID_WITH_VAT,
          subtotal: '540.00',
          total_price: '497.50',
          vat_total: '74.58',
          discount: { code: 'TENOFF', amount: '49.00', free_delivery: false },
          items: [
            // 490.00 less its 49.00 share of the code: VAT on 441.00.
            { ...gyuto, discount_amount: '49.00', vat_amount: '73.50' },
            {
              ...gyuto,
              id: 2,
              product_name: 'Ember & Oak gift card',
              customization: {},
              quantity: 1,
              unit_price: '50.00',
              line_total: '50.00',
              discount_amount: '0.00',
              vat_amount: '0.00',
              gift_card: {
                amount: '50.00',
                recipient_name: 'Grace Hopper',
                recipient_email: 'grace@example.com',
                deliver_on: '2026-11-23',
                voucher: 'mpv',
              },
            },
          ],
        }}
        seller={SELLER}
        shopName="Ember & Oak"
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DescriptionQtyUnit priceVAT rateVATAmount',
      'Damascus Gyuto 210mmengraving text: A.L.2$245.0020%$81.67$490.00',
      'Ember & Oak gift cardGift card for Grace Hopper. Multi-purpose voucher: VAT is charged when it is spent.1$50.0020%$0.00$50.00',
      'Discount (TENOFF)1-$49.0020%-$8.17-$49.00',
      'ShippingTracked 241$6.5020%$1.08$6.50',
    ]);
    expect(screen.getByTestId('invoice-vat-total')).toHaveTextContent('$74.58');
  });
});
