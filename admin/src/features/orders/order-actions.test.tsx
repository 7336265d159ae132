import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../../api/tokens';
import { anOrder } from '../../test/orders';
import { fakeApi, renderWithQuery, signIn } from '../../test/render';
import { orderQuery } from './api';
import { MarkPaidForm } from './mark-paid-form';
import { PaymentsPanel, RefundsPanel } from './order-money-panels';
import { CancelForm, RefundForm } from './order-actions';
import { PaidBackButton } from './paid-back-button';
import { ShipmentActions } from './shipment-actions';

beforeEach(() => signIn());
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('mark paid', () => {
  it("sends the order's total by default with the payer's reference, once however fast the clicks", async () => {
    const paid = anOrder({ status: 'paid', paid_total: '475.00', actions: [] });
    let release!: () => void;
    const sent = fakeApi({
      'POST /orders/ORD-7K3F-9QXD/mark-paid/': () =>
        new Promise((resolve) => {
          release = () => resolve(new Response(JSON.stringify(paid), { status: 200 }));
        }),
    });
    const { queryClient } = renderWithQuery(<MarkPaidForm order={anOrder()} />);
    // The buyer was asked to quote the order number: the reference starts as it.
    expect(screen.getByLabelText("Payer's reference")).toHaveValue('ORD-7K3F-9QXD');
    await userEvent.type(screen.getByLabelText("Payer's reference"), ' LOVELACE');
    const button = screen.getByRole('button', { name: 'Mark paid' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(queryClient.getQueryData(orderQuery('ORD-7K3F-9QXD').queryKey)?.status).toBe('paid'),
    );
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/orders/ORD-7K3F-9QXD/mark-paid/',
        body: {
          amount: '475.00',
          payer_reference: 'ORD-7K3F-9QXD LOVELACE',
          confirm_overpayment: false,
        },
      },
    ]);
  });

  it('lets an owner record more than the total only by confirming the overpayment', async () => {
    const sent = fakeApi({
      'POST /orders/ORD-7K3F-9QXD/mark-paid/': {
        status: 200,
        body: anOrder({ status: 'paid', paid_total: '500.00', actions: [] }),
      },
    });
    renderWithQuery(<MarkPaidForm order={anOrder()} mayConfirmOverpayment />);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const amount = screen.getByLabelText('Amount received');
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.clear(screen.getByLabelText("Payer's reference"));
    await userEvent.type(screen.getByLabelText("Payer's reference"), 'LOVELACE');
    const confirm = screen.getByRole('checkbox', {
      name: 'Record the $25.00 above the total as an overpayment',
    });
    expect(confirm).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(
      await screen.findByText("Confirm the overpayment of $25.00, or enter the order's total."),
    ).toBeInTheDocument();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await userEvent.click(confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/orders/ORD-7K3F-9QXD/mark-paid/',
          body: { amount: '500.00', payer_reference: 'LOVELACE', confirm_overpayment: true },
        },
      ]),
    );
  });

  it("writes every amount in the shop's currency", async () => {
    fakeApi({});
    renderWithQuery(<MarkPaidForm order={anOrder()} mayConfirmOverpayment />, { currency: 'GBP' });
    expect(screen.getByText(/The order total is £475\.00\./)).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount received');
    await userEvent.clear(amount);
    await userEvent.type(amount, '£500');
    expect(
      await screen.findByRole('checkbox', {
        name: 'Record the £25.00 above the total as an overpayment',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('tells staff that only an owner records more than the total, and sends nothing', async () => {
    const sent = fakeApi({});
    renderWithQuery(<MarkPaidForm order={anOrder()} />);
    expect(
      screen.getByText('The order total is $475.00. Only an owner can record more.'),
    ).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount received');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100000');
    await userEvent.clear(screen.getByLabelText("Payer's reference"));
    await userEvent.type(screen.getByLabelText("Payer's reference"), 'LOVELACE');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(
      await screen.findByText(
        "The amount received is more than the order's total of $475.00; only an owner can record an overpayment.",
      ),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of the amount beside the amount", async () => {
    // The member was an owner when the page loaded, and is not any more.
    fakeApi({
      'POST /orders/ORD-7K3F-9QXD/mark-paid/': {
        status: 400,
        body: {
          amount: [
            "The amount received is more than the order's total of $475.00; only an owner can record an overpayment.",
          ],
        },
      },
    });
    renderWithQuery(<MarkPaidForm order={anOrder()} mayConfirmOverpayment />);
    const amount = screen.getByLabelText('Amount received');
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.clear(screen.getByLabelText("Payer's reference"));
    await userEvent.type(screen.getByLabelText("Payer's reference"), 'LOVELACE');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(
      await screen.findByText(
        "The amount received is more than the order's total of $475.00; only an owner can record an overpayment.",
      ),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('says in plain words why a move was refused', async () => {
    fakeApi({
      'POST /orders/ORD-7K3F-9QXD/mark-paid/': {
        status: 409,
        body: { detail: 'This order is already paid.' },
      },
    });
    renderWithQuery(<MarkPaidForm order={anOrder()} />);
    await userEvent.clear(screen.getByLabelText("Payer's reference"));
    await userEvent.type(screen.getByLabelText("Payer's reference"), 'LOVELACE');
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already paid.');
  });
});

describe('cancel', () => {
  it('asks first, and sends nothing when the member keeps the order', async () => {
    const sent = fakeApi({});
    renderWithQuery(<CancelForm order={anOrder()} />);
    await userEvent.type(screen.getByLabelText('Reason'), 'Out of walnut');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order…' }));
    expect(
      await screen.findByRole('heading', { name: 'Cancel order ORD-7K3F-9QXD?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(sent).toHaveLength(0);
  });

  it('sends the reason once confirmed', async () => {
    const sent = fakeApi({
      'POST /orders/ORD-7K3F-9QXD/cancel/': {
        status: 200,
        body: anOrder({ status: 'canceled', actions: [] }),
      },
    });
    renderWithQuery(<CancelForm order={anOrder()} />);
    await userEvent.type(screen.getByLabelText('Reason'), 'Out of walnut');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/orders/ORD-7K3F-9QXD/cancel/',
          body: { reason: 'Out of walnut' },
        },
      ]),
    );
  });

  it('wants a reason, since the customer reads it', async () => {
    const sent = fakeApi({});
    renderWithQuery(<CancelForm order={anOrder()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order…' }));
    expect(await screen.findByText('Give a reason: the customer reads it.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('refund', () => {
  it('never asks the server to refund more than can be refunded', async () => {
    const sent = fakeApi({});
    const order = anOrder({
      status: 'shipped',
      paid_total: '130.00',
      refundable: '85.00',
      actions: ['refund'],
    });
    renderWithQuery(<RefundForm order={order} />);
    // Closed until opened, and then with no money in it.
    expect(screen.queryByLabelText('Amount')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start a refund' }));
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveValue('');
    await userEvent.type(amount, '90');
    await userEvent.type(screen.getByLabelText('Reason'), 'Chipped');
    await userEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(await screen.findByText('At most 85.00 can be refunded.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    // Close gives the focus back to the button that opened the form.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Start a refund' })).toHaveFocus();
  });
});

describe('mark paid back', () => {
  const manual = {
    id: 4,
    amount: '45.00',
    reason: 'One mug arrived chipped.',
    status: 'manual' as const,
    provider_ref: null,
    gift_card_last_four: null,
    by: 'Maya Hart',
    created_at: '2026-11-24T10:00:00Z',
  };
  const owing = anOrder({
    status: 'shipped',
    refunds: [manual],
    actions: ['refund', 'mark_paid_back'],
  });

  it('is not offered when the order does not list it (a member of staff)', () => {
    const { container } = renderWithQuery(
      <PaidBackButton
        order={{ ...owing, actions: [] }}
        owed={{ kind: 'refund', id: 4 }}
        amount="45.00"
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('asks first, and sends nothing when the owner goes back', async () => {
    const sent = fakeApi({});
    renderWithQuery(
      <PaidBackButton order={owing} owed={{ kind: 'refund', id: 4 }} amount="45.00" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid back…' }));
    expect(
      await screen.findByRole('heading', { name: 'Mark $45.00 paid back?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(sent).toHaveLength(0);
  });

  it('sends the note once confirmed, and keeps the order the server answers', async () => {
    const after = anOrder({
      status: 'shipped',
      refunds: [{ ...manual, status: 'paid_back', provider_ref: 'BACS 24 NOV' }],
      actions: ['refund'],
    });
    const sent = fakeApi({
      'POST /orders/ORD-7K3F-9QXD/refunds/4/paid-back/': { status: 200, body: after },
    });
    const { queryClient } = renderWithQuery(
      <PaidBackButton order={owing} owed={{ kind: 'refund', id: 4 }} amount="45.00" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid back…' }));
    await userEvent.type(await screen.findByLabelText('Note (optional)'), ' BACS 24 NOV ');
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid back' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/orders/ORD-7K3F-9QXD/refunds/4/paid-back/',
          body: { note: 'BACS 24 NOV' },
        },
      ]),
    );
    await waitFor(() =>
      expect(
        queryClient.getQueryData(orderQuery('ORD-7K3F-9QXD').queryKey)?.refunds[0]?.status,
      ).toBe('paid_back'),
    );
  });

  it('marks a card payment paid back by its uuid, with no note, and says why it was refused', async () => {
    const uuid = '5b0e8d3c-2f4a-4e71-9c6d-8a1b3e5f7d92';
    const sent = fakeApi({
      [`POST /orders/ORD-7K3F-9QXD/payments/${uuid}/paid-back/`]: {
        status: 409,
        body: { detail: 'This payment is already paid back.' },
      },
    });
    renderWithQuery(
      <PaidBackButton order={owing} owed={{ kind: 'payment', uuid }} amount="475.00" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid back…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark paid back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment is already paid back.',
    );
    expect(sent).toEqual([
      { method: 'POST', path: `/orders/ORD-7K3F-9QXD/payments/${uuid}/paid-back/`, body: {} },
    ]);
  });
});

describe("a shipment's move", () => {
  it('offers the ship form for a delivery not sent, when the order allows shipping', () => {
    const order = anOrder({ status: 'paid', actions: ['ship', 'cancel', 'refund'] });
    renderWithQuery(<ShipmentActions order={order} shipment={order.shipments[0]!} />);
    expect(screen.getByLabelText('Carrier')).toHaveValue('royal_mail');
    expect(screen.getByRole('button', { name: 'Mark shipped' })).toBeInTheDocument();
  });

  it('offers nothing when the order does not list the move', () => {
    const order = anOrder();
    const { container } = renderWithQuery(
      <ShipmentActions order={order} shipment={order.shipments[0]!} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('marks a ready collection collected, reminding of the proof of age', async () => {
    const order = anOrder({
      status: 'ready_to_collect',
      actions: ['mark_collected'],
      shipments: [
        {
          ...anOrder().shipments[0]!,
          kind: 'collection',
          fulfilment: {
            status: 'ready',
            carrier: null,
            tracking_number: null,
            tracking_url: null,
            shipped_at: null,
            ready_at: '2026-11-24T11:00:00Z',
            collected_at: null,
          },
        },
      ],
    });
    const sent = fakeApi({
      'POST /orders/ORD-7K3F-9QXD/shipments/0/collected/': {
        status: 200,
        body: anOrder({ status: 'completed', actions: [] }),
      },
    });
    renderWithQuery(<ShipmentActions order={order} shipment={order.shipments[0]!} />);
    expect(
      screen.getByText('Hand over only to an adult who shows proof of age.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark collected' }));
    await waitFor(() =>
      expect(sent.map((r) => r.path)).toEqual(['/orders/ORD-7K3F-9QXD/shipments/0/collected/']),
    );
  });
});

describe('the refunds panel', () => {
  it('names the gift card a refund went back on, and offers nothing to pay by hand for it', () => {
    const order = anOrder({
      status: 'refunded',
      refunds: [
        {
          id: 7,
          amount: '40.00',
          reason: 'One knife had a chipped tip.',
          status: 'succeeded',
          provider_ref: null,
          gift_card_last_four: 'Q7XK',
          by: 'Maya Hart',
          created_at: '2026-11-28T15:40:00Z',
        },
      ],
      actions: ['refund', 'mark_paid_back'],
    });
    renderWithQuery(<RefundsPanel order={order} />);
    expect(screen.getByText(/Put back on the gift card ending Q7XK/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark paid back…' })).not.toBeInTheDocument();
  });
});

describe('the payments panel', () => {
  it('names what each gift card paid and got back, and never says no payment for them', () => {
    renderWithQuery(
      <PaymentsPanel
        order={anOrder({
          status: 'paid',
          payments: [],
          gift_card_payments: [{ last_four: 'Q7XK', amount: '96.00', refunded: '48.00' }],
        })}
      />,
    );
    expect(
      screen.getByText('Gift card ending Q7XK: $96.00 · $48.00 put back on it'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No payment yet.')).not.toBeInTheDocument();
  });
});
