import { screen, within } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { OrderListPage } from './order-pages';
import { get, setUpOrderCalls } from '../../test/mock-order-calls';
import { gyutoOrder } from '../../test/order-fixtures';

/*
 * The order history at /account/orders (spec sections 2 and 4): the log-in prompt, each order with
 * its status, lines and total, Pay now only where the server offers `pay`, and no orders yet.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpOrderCalls();

describe('/account/orders', () => {
  it('asks a logged-out shopper to log in, coming back to the history', async () => {
    await renderWithRouter(<OrderListPage />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/account/orders',
    );
    expect(get).not.toHaveBeenCalled();
  });

  it('lists the orders with status, lines and total, and Pay now only on an unpaid card order', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: {
        count: 2,
        next: null,
        previous: null,
        results: [
          gyutoOrder(),
          gyutoOrder({
            id: 41,
            order_number: 'ORD-M4TD-82HQ',
            status: 'paid',
            paid_at: '2026-11-21T10:00:00Z',
            actions: [],
          }),
        ],
      },
    });
    await renderWithRouter(<OrderListPage />);
    await screen.findByRole('heading', { name: 'Order ORD-7K3F-9QXD' });
    expect(get).toHaveBeenCalledWith('/orders/orders/', {
      params: { query: { page: 1, page_size: 10 } },
      signal: expect.anything(),
    });
    const unpaid = screen.getByRole('heading', { name: 'Order ORD-7K3F-9QXD' }).closest('li')!;
    expect(unpaid).toHaveTextContent('Awaiting payment');
    expect(unpaid).toHaveTextContent('Damascus Gyuto 210mm × 2');
    expect(unpaid).toHaveTextContent('$490.00');
    expect(within(unpaid).getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    const paid = screen.getByRole('heading', { name: 'Order ORD-M4TD-82HQ' }).closest('li')!;
    expect(paid).toHaveTextContent('Paid');
    expect(within(paid).queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('shows Pay now exactly where the server offers pay, not wherever a card order is unpaid', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: {
        count: 2,
        next: null,
        previous: null,
        results: [
          gyutoOrder({ actions: ['pay', 'cancel'] }),
          // Unpaid by card as well, but past its deadline (or the shop takes no cards now).
          gyutoOrder({ id: 40, order_number: 'ORD-Q2WE-7RTY', actions: ['cancel'] }),
        ],
      },
    });
    await renderWithRouter(<OrderListPage />);
    const offered = (await screen.findByRole('heading', { name: 'Order ORD-7K3F-9QXD' })).closest(
      'li',
    )!;
    expect(within(offered).getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    const refused = screen.getByRole('heading', { name: 'Order ORD-Q2WE-7RTY' }).closest('li')!;
    expect(refused).toHaveTextContent('Awaiting payment');
    expect(within(refused).queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('says when there are no orders yet', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({ data: { count: 0, next: null, previous: null, results: [] } });
    await renderWithRouter(<OrderListPage />);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
  });
});
