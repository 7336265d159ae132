import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { renderWithRouter } from '../../test/render-with-router';
import { OrderDetailPage } from './order-pages';
import { get, post, setUpOrderCalls } from '../../test/mock-order-calls';
import { makeOrder } from '../../test/order-fixtures';
import type { Order } from './api';

/*
 * The 14-day right on the order page (issue 29; Consumer Contracts Regulations 2013 regs
 * 29-32): the deadline, why an exempt order has none, and the withdrawal function's two steps
 * (Directive 2011/83/EU art. 11a; issue 41): 'Withdraw from contract here', then step 2 with the
 * order, the pieces, the shopper's name and e-mail, an optional reason and 'Confirm withdrawal'.
 */

// The API client here is src/test/mock-api-client.ts (vitest.config.ts: web-mocked-client).
setUpOrderCalls();

type Item = Order['items'][number];
const line = (overrides: Partial<Item>): Item => ({
  id: 1,
  product_id: 29,
  product_name: 'Tenmoku Tea Mug',
  product_slug: 'tenmoku-tea-mug',
  thumb_image: null,
  customization: {},
  options: [],
  quantity: 1,
  unit_price: '45.00',
  line_total: '45.00',
  made_to_order: false,
  age_restricted: false,
  dispatch: null,
  vat_amount: null,
  cancellation_exempt: false,
  ...overrides,
});

const OPEN = {
  exempt: false,
  deadline: '2026-12-15T23:59:59Z',
  can_request: true,
  requested_at: null,
};

function paidOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    status: 'shipped',
    payment_method: 'bank_transfer',
    paid_at: '2026-11-22T11:00:00Z',
    items: [line({})],
    cancellation: OPEN,
    actions: [],
    ...overrides,
  });
}

const ACCOUNT = { id: 7, email: 'ada@example.com', username: 'ada', email_verified: true };

/** The order page of `order`; `GET /accounts/me/` answers ACCOUNT. */
async function renderOrder(order: Order, path?: string) {
  localStorage.setItem('authToken', 'token');
  get.mockImplementation((url: string) =>
    Promise.resolve({ data: url === '/accounts/me/' ? ACCOUNT : order }),
  );
  await renderWithRouter(<OrderDetailPage orderId={42} />, path ? { path } : undefined);
  return screen.findByRole('region', { name: 'Cancellation' });
}

describe('order page: the 14-day right to cancel', () => {
  it('step 1 opens step 2 in place: the order, the pieces, the name and e-mail, focus on its heading', async () => {
    const panel = await renderOrder(
      paidOrder({
        items: [
          line({ quantity: 2 }),
          line({ id: 2, product_name: 'Engraved Petty', cancellation_exempt: true }),
        ],
      }),
    );
    expect(panel).toHaveTextContent(/You can cancel until (December 15, 2026|15 December 2026)\./);
    expect(screen.getByRole('link', { name: 'Your cancellation rights' })).toHaveAttribute(
      'href',
      '/cancellation',
    );
    const user = userEvent.setup();
    const calls = get.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Withdraw from contract here' }));
    // Step 2 is on the page already: no request to show it.
    expect(get.mock.calls.length).toBe(calls);
    const heading = screen.getByRole('heading', { level: 3, name: 'Withdraw from the contract' });
    expect(heading).toHaveFocus();
    const form = screen.getByRole('form', { name: 'Withdraw from the contract' });
    const facts = within(form).getAllByRole('definition');
    expect(facts.map((fact) => fact.textContent)).toEqual([
      'ORD-7K3F-9QXD',
      'Tenmoku Tea Mug × 2',
      paidOrder().delivery_address.fullname,
      'ada@example.com',
    ]);
    // The exempt piece is not withdrawn from; the panel says why.
    expect(form).not.toHaveTextContent('Engraved Petty');
    expect(panel).toHaveTextContent(
      'This piece cannot be cancelled, as made to order or personalised for you: Engraved Petty.',
    );
    // Nothing to type again: the reason is the one field, and it says it is optional.
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    expect(
      within(form).getByRole('textbox', { name: 'Reason (optional)' }),
    ).toHaveAccessibleDescription('Leave it empty if you prefer not to say.');
    expect(within(form).getByRole('button', { name: 'Confirm withdrawal' })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it('"Confirm withdrawal" sends the reason, then the status says when it was received, to the second in UTC', async () => {
    await renderOrder(paidOrder());
    post.mockResolvedValue({
      data: paidOrder({
        cancellation: { ...OPEN, can_request: false, requested_at: '2026-12-02T09:00:05.250Z' },
      }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw from contract here' }));
    await user.type(screen.getByLabelText('Reason (optional)'), '  Too small for my hands.  ');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));

    expect(post).toHaveBeenCalledWith('/orders/orders/{id}/cancellation-request/', {
      params: { path: { id: 42 } },
      body: { reason: 'Too small for my hands.' },
    });
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        /^Withdrawal received on (December 2, 2026|2 December 2026) at 09:00:05 UTC\. An acknowledgement has been sent to your e-mail address\. The shop will refund within 14 days of receiving the pieces back\.$/,
      ),
    );
    expect(status).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Withdraw from contract here' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm withdrawal' })).toBeNull();
  });

  it('sends no reason when none is given, and "Keep my order" goes back unsent, focus on step 1', async () => {
    await renderOrder(paidOrder());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw from contract here' }));
    await user.click(screen.getByRole('button', { name: 'Keep my order' }));
    expect(post).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Withdraw from the contract' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw from contract here' })).toHaveFocus();

    post.mockResolvedValue({ data: paidOrder() });
    // Keyboard alone: Enter on step 1, then Tab to the confirmation.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Withdraw from the contract' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Reason (optional)')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm withdrawal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(post).toHaveBeenCalledWith('/orders/orders/{id}/cancellation-request/', {
      params: { path: { id: 42 } },
      body: {},
    });
  });

  it('the order list’s link (#withdraw) opens the page at step 2', async () => {
    await renderOrder(paidOrder(), '/account/orders/42#withdraw');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Withdraw from the contract' }),
    ).toHaveFocus();
  });

  it("shows the server's reason when the request is refused, in the form", async () => {
    await renderOrder(paidOrder());
    post.mockRejectedValue(
      new ApiError(409, {
        detail: 'The 14-day cancellation period of this order ended on 15 December 2026.',
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw from contract here' }));
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The 14-day cancellation period of this order ended on 15 December 2026.',
    );
  });

  it('falls back to a plain message when the request fails without a reason', async () => {
    await renderOrder(paidOrder());
    post.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw from contract here' }));
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your withdrawal could not be sent. Please try again, or e-mail the shop.',
    );
  });

  it('an exempt order says why it cannot be cancelled, with no button', async () => {
    const panel = await renderOrder(
      paidOrder({
        items: [
          line({ product_name: 'Oak Board', made_to_order: true, cancellation_exempt: true }),
        ],
        cancellation: { exempt: true, deadline: null, can_request: false, requested_at: null },
      }),
    );
    expect(panel).toHaveTextContent(
      'The pieces of this order were made to order or personalised for you, so the 14-day right to cancel does not apply to it.',
    );
    expect(screen.queryByRole('button', { name: 'Withdraw from contract here' })).toBeNull();
  });

  it('after the period: no button, and the page says the period ended', async () => {
    const panel = await renderOrder(
      paidOrder({
        cancellation: {
          exempt: false,
          deadline: '2026-01-15T23:59:59Z',
          can_request: false,
          requested_at: null,
        },
      }),
    );
    expect(panel).toHaveTextContent(
      /The 14-day cancellation period ended on (January 15, 2026|15 January 2026)\./,
    );
    expect(screen.queryByRole('button', { name: 'Withdraw from contract here' })).toBeNull();
  });

  it('names the exempt pieces of an order the right covers in part', async () => {
    const panel = await renderOrder(
      paidOrder({
        items: [
          line({}),
          line({ id: 2, product_name: 'Engraved Petty', cancellation_exempt: true }),
        ],
      }),
    );
    expect(panel).toHaveTextContent(
      'This piece cannot be cancelled, as made to order or personalised for you: Engraved Petty.',
    );
  });

  it('an unpaid order shows no cancellation panel (it is canceled from its payment instead)', async () => {
    localStorage.setItem('authToken', 'token');
    get.mockResolvedValue({
      data: makeOrder({
        items: [line({})],
        cancellation: { exempt: false, deadline: null, can_request: false, requested_at: null },
      }),
    });
    await renderWithRouter(<OrderDetailPage orderId={42} />);
    await screen.findByRole('heading', { name: 'Order ORD-7K3F-9QXD' });
    expect(screen.queryByRole('region', { name: 'Cancellation' })).toBeNull();
  });
});
