import { screen, within } from '@testing-library/react';
import { dispatchRange } from '../../components/dispatch';
import { renderWithRouter } from '../../test/render-with-router';
import type { Order } from './api';
import { OrderDetailPage, OrderListPage } from './order-pages';
import { get, setUpOrderCalls } from '../../test/mock-order-calls';
import { gyutoOrder } from '../../test/order-fixtures';

/*
 * What an order says of its options, shipping and delivery, in the history and on its page: the
 * options by label, made-to-order dispatch, the shipments and totals, the adult's signature, and
 * collection in place of a street.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpOrderCalls();

/** A knife with its handle chosen, sent age-verified, and a made-to-order ewer collected. */
function shippedOrder(overrides: Partial<Order> = {}): Order {
  const base = gyutoOrder();
  return gyutoOrder({
    subtotal: '925.00',
    shipping_price: '9.50',
    total_price: '934.50',
    total_items: 2,
    delivery_address: { ...base.delivery_address, country: 'GB' },
    items: [
      {
        ...base.items[0]!,
        id: 1,
        quantity: 1,
        customization: { handle: 'ebony', engraving_text: 'A.L.' },
        options: [
          {
            key: 'handle',
            label: 'Handle wood',
            value: 'ebony',
            display_value: 'Ebony',
            price_delta: '20.00',
          },
          {
            key: 'engraving_text',
            label: 'Engraving',
            value: 'A.L.',
            display_value: 'A.L.',
            price_delta: '15.00',
          },
        ],
        unit_price: '440.00',
        line_total: '440.00',
      },
      {
        id: 2,
        product_id: 31,
        product_name: 'Copper Red Ewer',
        product_slug: 'copper-red-ewer',
        thumb_image: null,
        customization: {},
        options: [],
        quantity: 1,
        unit_price: '485.00',
        line_total: '485.00',
        made_to_order: true,
        age_restricted: false,
        cancellation_exempt: true,
        dispatch: { made_to_order: true, earliest: '2026-12-21', latest: '2027-01-04' },
        vat_amount: null,
      },
    ],
    shipments: [
      {
        method: 'uk-age-verified',
        name: 'Age-verified delivery (DPD)',
        kind: 'delivery',
        age_verified: true,
        price: '9.50',
        item_ids: [1],
        fulfilment: null,
      },
      {
        method: 'collection',
        name: 'Collect from the workshop',
        kind: 'collection',
        age_verified: false,
        price: '0.00',
        item_ids: [2],
        fulfilment: null,
      },
    ],
    needs_adult_signature: true,
    ...overrides,
  });
}

describe('options, shipping and delivery in the history', () => {
  it('lists each line with its options by label', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: { count: 1, next: null, previous: null, results: [shippedOrder()] },
    });
    await renderWithRouter(<OrderListPage />);
    const card = (await screen.findByRole('heading', { name: 'Order ORD-7K3F-9QXD' })).closest(
      'li',
    )!;
    expect(card).toHaveTextContent('Handle wood: Ebony · Engraving: A.L.');
    expect(card).toHaveTextContent('$934.50');
  });

  it("shows the options, the made-to-order dispatch, the shipments, the totals, the adult's signature and the country by name", async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({ data: shippedOrder() });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-7K3F-9QXD' });
    expect(screen.getByText('Handle wood: Ebony')).toBeInTheDocument();
    expect(screen.getByText('Engraving: A.L.')).toBeInTheDocument();
    expect(screen.queryByText(/engraving text/)).toBeNull();
    const ewer = screen.getByRole('link', { name: 'Copper Red Ewer' }).closest('li')!;
    expect(ewer.textContent).toContain(
      `Made to order: estimated dispatch ${dispatchRange({ earliest: '2026-12-21', latest: '2027-01-04' })}`,
    );
    // A ready piece says nothing of its dispatch.
    const knife = screen.getByRole('link', { name: 'Damascus Gyuto 210mm' }).closest('li')!;
    expect(knife).not.toHaveTextContent('Made to order');

    const totals = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(totals('Subtotal')).toHaveTextContent('$925.00');
    expect(totals('Shipping')).toHaveTextContent('$9.50');
    expect(totals('Age-verified delivery (DPD)')).toHaveTextContent('$9.50');
    expect(totals('Collect from the workshop')).toHaveTextContent('Free');
    expect(totals('Total')).toHaveTextContent('$934.50');

    expect(
      screen.getByText("This parcel needs an adult's signature on delivery."),
    ).toBeInTheDocument();
    const address = screen.getByText('Ada Lovelace').closest('address')!;
    expect(address).toHaveTextContent('United Kingdom');
    expect(address).toHaveTextContent('12 Forge Lane');
    expect(address).not.toHaveTextContent('GB');
  });

  it("says 'Collect from the workshop' in place of the street of a collected order, and no signature note without a blade", async () => {
    localStorage.setItem('authToken', 'token');
    const base = shippedOrder();
    get.mockResolvedValue({
      data: shippedOrder({
        delivery_address: { ...base.delivery_address, street: '', city: '', postalCode: '' },
        shipments: [{ ...base.shipments[1]!, item_ids: [1, 2] }],
        shipping_price: '0.00',
        total_price: '925.00',
        needs_adult_signature: false,
      }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    const address = (await screen.findByText('Ada Lovelace')).closest('address')!;
    expect(within(address).getByText('Collect from the workshop')).toBeInTheDocument();
    expect(address).toHaveTextContent(
      'Ada LovelaceCollect from the workshopUnited Kingdom+44 114 496 0000',
    );
    expect(screen.getByText('Shipping', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Free',
    );
    expect(screen.queryByText("This parcel needs an adult's signature on delivery.")).toBeNull();
  });
});
