/**
 * The moves a member may make on a whole order, each shown only when the server lists it in the
 * order's `actions` (the role and the order's state decide; the server refuses anything else
 * anyway): Cancel (after a confirm step), Refund (after a confirm step; never more than
 * `refundable`) and Reopen. Mark paid is ./mark-paid-form.tsx; the moves on a shipment are
 * ./shipment-actions.tsx, and Mark paid back on a refund or card payment owed by hand is
 * ./paid-back-button.tsx.
 *
 * Every button is disabled while its request is on the way, and a second click in the same
 * instant sends nothing (components/use-single-flight.ts). A refused move shows the server's
 * words: a field's message beside the field, a `detail` above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useContext, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, Form } from '../../components/fields';
import { useFormatPrice, useShopCurrency } from '../../components/format';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';
import { useCancelOrder, useRefund, useReopen, type AdminOrder } from './api';
import {
  cancelSchema,
  refundSchema,
  type CancelValues,
  type RefundInput,
  type RefundValues,
} from './action-schemas';
import { MoveButton } from './move-button';
import { MoveDone } from './move-done';

/** Cancel: the reason the customer reads, then a confirm step. */
export function CancelForm({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  const move = useCancelOrder(order.order_number);
  const done = useContext(MoveDone);
  const once = useSingleFlight();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CancelValues | null>(null);
  const form = useForm<CancelValues>({
    resolver: zodResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  const { TextAreaField } = fieldsOf(form);
  const paid = order.paid_total !== '0.00';
  // A cancel refunds what is still refundable: what was paid (and confirmed) less earlier refunds.
  const refundBack =
    order.refundable === order.paid_total
      ? `The ${formatPrice(order.paid_total)} paid is refunded in full`
      : `The ${formatPrice(order.refundable)} not yet refunded goes back`;

  const confirm = () =>
    once(async () => {
      if (!confirming) return;
      setMessage(null);
      try {
        await move.mutateAsync(confirming);
        setConfirming(null);
        done('Order canceled. The customer is e-mailed the reason.');
      } catch (error) {
        setConfirming(null);
        setMessage(placeServerErrors(error, form.setError, ['reason']));
      }
    });

  return (
    <Form
      form={form}
      idPrefix="cancel"
      onSubmit={form.handleSubmit((values) => setConfirming(values))}
      aria-labelledby="cancel-title"
    >
      <h3 id="cancel-title">Cancel the order</h3>
      <p className="small muted">
        {paid ? `${refundBack} and the stock goes back on sale.` : 'The stock goes back on sale.'}{' '}
        The customer is e-mailed the reason.
      </p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <TextAreaField name="reason" label="Reason" rows={3} maxLength={500} />
      <div className="button-row">
        <button type="submit" className="button button-danger" disabled={move.isPending}>
          Cancel order…
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Cancel order ${order.order_number}?`}
          confirmLabel="Cancel the order"
          cancelLabel="Keep the order"
          pending={move.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {paid
              ? `${formatPrice(order.refundable)} goes back to the customer. This cannot be undone.`
              : 'This cannot be undone.'}
          </p>
          <p className="small">Reason: {confirming.reason}</p>
        </ConfirmDialog>
      ) : null}
    </Form>
  );
}

/** Refund: an amount up to `refundable` and the reason, then a confirm step. */
export function RefundForm({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  const currency = useShopCurrency();
  const move = useRefund(order.order_number);
  const announce = useContext(MoveDone);
  const once = useSingleFlight();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RefundValues | null>(null);
  const form = useForm<RefundInput, unknown, RefundValues>({
    resolver: zodResolver(refundSchema(order.refundable, currency)),
    defaultValues: { amount: order.refundable, reason: '' },
  });
  const { InputField, TextAreaField } = fieldsOf(form);

  const confirm = () =>
    once(async () => {
      if (!confirming) return;
      setMessage(null);
      try {
        const after = await move.mutateAsync(confirming);
        announce(`Refund of ${formatPrice(confirming.amount)} recorded. The customer is e-mailed.`);
        form.reset({ amount: after.refundable, reason: '' });
      } catch (error) {
        setMessage(placeServerErrors(error, form.setError, ['amount', 'reason']));
      } finally {
        setConfirming(null);
      }
    });

  return (
    <Form
      form={form}
      idPrefix="refund"
      onSubmit={form.handleSubmit((values) => setConfirming(values))}
      aria-labelledby="refund-title"
    >
      <h3 id="refund-title">Refund</h3>
      <p className="small muted">
        Up to {formatPrice(order.refundable)}. A card payment is refunded through the card provider;
        otherwise the refund is listed on Today for paying back by hand. Refunding everything marks
        the order refunded.
      </p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <InputField name="amount" label="Amount" type="text" inputMode="decimal" />
      <TextAreaField name="reason" label="Reason" rows={2} maxLength={500} />
      <div className="button-row">
        <button type="submit" className="button" disabled={move.isPending}>
          Refund…
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Refund ${formatPrice(confirming.amount)}?`}
          confirmLabel="Refund"
          pending={move.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {formatPrice(confirming.amount)} of order {order.order_number} goes back to{' '}
            {order.customer_name}. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </Form>
  );
}

/** Reopen an expired order: it awaits payment again, if every line's stock is still there. */
export function ReopenButton({ order }: { order: AdminOrder }) {
  const move = useReopen(order.order_number);
  return (
    <div className="form">
      <h3>Reopen</h3>
      <p className="small muted">
        For a payment that arrived after the order expired: it awaits payment again, with a new
        deadline, and takes its stock again.
      </p>
      <MoveButton
        move={move}
        variables={undefined}
        label="Reopen order"
        busyLabel="Reopening…"
        className="button"
        done="Order reopened: it awaits payment again."
      />
    </div>
  );
}
