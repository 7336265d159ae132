import { screen, within } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import type { Fulfilment, Order, OrderShipment } from './api';
import { OrderDetailPage, OrderListPage } from './order-pages';
import { formatOrderDate } from './order-parts';
import { get, setUpOrderCalls } from '../../test/mock-order-calls';
import { gyutoOrder } from '../../test/order-fixtures';

/*
 * How far an order got once the shop has it, in the history and on its page: the statuses in
 * plain words, each shipment sent with its carrier and tracking link, ready at the workshop or
 * collected, and what the shop refunded.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpOrderCalls();

const NOTHING_YET: Fulfilment = {
  status: 'shipped',
  carrier: null,
  carrier_name: null,
  tracking_number: null,
  tracking_url: null,
  shipped_at: null,
  ready_at: null,
  collected_at: null,
};

const ROYAL_MAIL: Fulfilment = {
  ...NOTHING_YET,
  carrier: 'royal_mail',
  carrier_name: 'Royal Mail',
  tracking_number: 'AB123456789GB',
  tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
  shipped_at: '2026-11-24T15:10:00Z',
};

const delivery = (fulfilment: Fulfilment | null): OrderShipment => ({
  method: 'uk-standard',
  name: 'Royal Mail Tracked 48',
  kind: 'delivery',
  age_verified: false,
  price: '6.50',
  item_ids: [1],
  fulfilment,
});

const collection = (fulfilment: Fulfilment | null): OrderShipment => ({
  method: 'collection',
  name: 'Collect from the workshop',
  kind: 'collection',
  age_verified: false,
  price: '0.00',
  item_ids: [2],
  fulfilment,
});

/** The gyuto sent by post and a mug collected, paid, with `overrides`. */
function paidOrder(overrides: Partial<Order> = {}): Order {
  const base = gyutoOrder();
  return gyutoOrder({
    status: 'paid',
    paid_at: '2026-11-22T10:02:00Z',
    actions: [],
    items: [
      { ...base.items[0]!, id: 1 },
      {
        ...base.items[0]!,
        id: 2,
        product_id: 29,
        product_name: 'Tenmoku Tea Mug',
        product_slug: 'tenmoku-tea-mug',
        customization: {},
        quantity: 1,
        unit_price: '45.00',
        line_total: '45.00',
        age_restricted: false,
      },
    ],
    shipments: [delivery(null), collection(null)],
    ...overrides,
  });
}

async function openOrder(order: Order) {
  localStorage.setItem('authToken', 'token');
  get.mockResolvedValue({ data: order });
  await renderWithRouter(<OrderDetailPage orderId={42} />);
  await screen.findByRole('heading', { level: 1, name: 'Order ORD-7K3F-9QXD' });
}

const shipmentNamed = (name: string) =>
  within(screen.getByRole('region', { name: 'Shipments' }))
    .getByText(name)
    .closest('li')!;

describe('an order on its way', () => {
  it('names every status in plain words in the history', async () => {
    localStorage.setItem('authToken', 'token');
    const statuses = [
      ['ORD-AAAA-2222', 'shipped', 'Shipped'],
      ['ORD-BBBB-3333', 'ready_to_collect', 'Ready to collect'],
      ['ORD-CCCC-4444', 'completed', 'Completed'],
      ['ORD-DDDD-5555', 'refunded', 'Refunded'],
      ['ORD-EEEE-6666', 'processing', 'Processing'],
    ] as const;
    get.mockResolvedValue({
      data: {
        count: statuses.length,
        next: null,
        previous: null,
        results: statuses.map(([number, status], i) =>
          paidOrder({ id: 50 + i, order_number: number, status }),
        ),
      },
    });
    await renderWithRouter(<OrderListPage />);
    await screen.findByRole('heading', { name: 'Order ORD-AAAA-2222' });
    for (const [number, , words] of statuses) {
      const card = screen.getByRole('heading', { name: `Order ${number}` }).closest('li')!;
      expect(card.querySelector('.order-status')).toHaveTextContent(new RegExp(`^${words}$`));
      expect(within(card).queryByRole('button', { name: 'Pay now' })).toBeNull();
    }
  });

  it('says a parcel was shipped with Royal Mail on its date, with the tracking number linked to the carrier’s page in a new tab', async () => {
    await openOrder(
      paidOrder({ status: 'processing', shipments: [delivery(ROYAL_MAIL), collection(null)] }),
    );
    expect(screen.getByText('Processing')).toBeInTheDocument();
    const parcel = shipmentNamed('Royal Mail Tracked 48');
    expect(parcel).toHaveTextContent('Damascus Gyuto 210mm');
    expect(parcel).toHaveTextContent(
      `Shipped with Royal Mail on ${formatOrderDate('2026-11-24T15:10:00Z')}`,
    );
    const link = within(parcel).getByRole('link', { name: /AB123456789GB/ });
    expect(link).toHaveAttribute(
      'href',
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveAccessibleName('AB123456789GB (opens in a new tab)');
    expect(shipmentNamed('Collect from the workshop')).toHaveTextContent(
      'Tenmoku Tea MugBeing prepared for collection',
    );
  });

  it('shows a tracking number without a link when the carrier has no tracking page', async () => {
    await openOrder(
      paidOrder({
        status: 'shipped',
        shipments: [
          delivery({
            ...ROYAL_MAIL,
            carrier: 'other',
            carrier_name: 'Other carrier',
            tracking_url: null,
            tracking_number: 'LOCAL-778',
          }),
        ],
      }),
    );
    const parcel = shipmentNamed('Royal Mail Tracked 48');
    expect(parcel).toHaveTextContent(`Shipped on ${formatOrderDate('2026-11-24T15:10:00Z')}`);
    expect(parcel).toHaveTextContent('Tracking number: LOCAL-778');
    expect(within(parcel).queryByRole('link')).toBeNull();
  });

  it('never links a tracking address that is not https', async () => {
    await openOrder(
      paidOrder({
        status: 'shipped',
        shipments: [delivery({ ...ROYAL_MAIL, tracking_url: 'javascript:alert(1)' })],
      }),
    );
    const parcel = shipmentNamed('Royal Mail Tracked 48');
    expect(parcel).toHaveTextContent('Tracking number: AB123456789GB');
    expect(within(parcel).queryByRole('link')).toBeNull();
  });

  it('says a collection is ready at the workshop, then when it was collected', async () => {
    await openOrder(
      paidOrder({
        status: 'ready_to_collect',
        shipments: [
          delivery(ROYAL_MAIL),
          collection({
            ...NOTHING_YET,
            status: 'ready_to_collect',
            ready_at: '2026-11-25T11:30:00Z',
          }),
        ],
      }),
    );
    expect(screen.getByText('Ready to collect', { selector: '.order-status' })).toBeInTheDocument();
    expect(shipmentNamed('Collect from the workshop')).toHaveTextContent(
      'Ready to collect at the workshop',
    );
  });

  it('says when a collection was handed over on a completed order', async () => {
    await openOrder(
      paidOrder({
        status: 'completed',
        shipments: [
          delivery(ROYAL_MAIL),
          collection({
            ...NOTHING_YET,
            status: 'collected',
            ready_at: '2026-11-25T11:30:00Z',
            collected_at: '2026-11-27T14:00:00Z',
          }),
        ],
      }),
    );
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(shipmentNamed('Collect from the workshop')).toHaveTextContent(
      `Collected on ${formatOrderDate('2026-11-27T14:00:00Z')}`,
    );
  });

  it('shows no shipments before the shop has sent or readied anything, and no refund of nothing', async () => {
    await openOrder(paidOrder());
    expect(screen.getByText('Paid', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipments' })).toBeNull();
    expect(screen.queryByText(/^Refunded/)).toBeNull();
  });

  it('says what the shop refunded, in part or in full', async () => {
    await openOrder(paidOrder({ status: 'processing', refunded_total: '45.00' }));
    expect(screen.getByText('Refunded $45.00')).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
  });

  it('names a refunded order so in its badge beside the amount', async () => {
    await openOrder(paidOrder({ status: 'refunded', refunded_total: '490.00' }));
    expect(screen.getByText('Refunded', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.getByText('Refunded $490.00')).toBeInTheDocument();
  });
});
