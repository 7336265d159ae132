/**
 * The moves a member may make on a whole order, each shown only when the server lists it in the
 * order's `actions` (the role and the order's state decide; the server refuses anything else
 * anyway): Cancel (after a confirm step), Refund (closed until opened, pieces or an amount,
 * after a confirm step; never more than `refundable`) and Reopen. Each says what it did where
 * the member is looking (./move-done.tsx). Mark paid is ./mark-paid-form.tsx; the moves on a shipment are
 * ./shipment-actions.tsx, and Mark paid back on a refund or card payment owed by hand is
 * ./paid-back-button.tsx.
 *
 * Every button is disabled while its request is on the way, and a second click in the same
 * instant sends nothing (components/use-single-flight.ts). A refused move shows the server's
 * words: a field's message beside the field, a `detail` above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, Form } from '../../components/fields';
import { useFormatPrice, useShopCurrency } from '../../components/format';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useOpenerFocus } from '../../components/use-opener-focus';
import { useSingleFlight } from '../../components/use-single-flight';
import { useCancelOrder, useRefund, useReopen, type AdminOrder } from './api';
import { toDecimal, toMinorUnits } from '../../../../common/money';
import {
  cancelSchema,
  picksValue,
  refundSchema,
  type CancelValues,
  type RefundableLine,
  type RefundInput,
  type RefundValues,
} from './action-schemas';
import { MoveButton } from './move-button';
import { useAnnounceMove } from './move-done';

/** Cancel: the reason the customer reads, then a confirm step. */
export function CancelForm({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  const move = useCancelOrder(order.order_number);
  const announce = useAnnounceMove();
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
        announce('Order canceled. The customer is e-mailed the reason.', 'actions');
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

/** The lines of `order` with pieces left to refund, as the refund form offers them. */
function refundableLines(order: AdminOrder): (RefundableLine & { name: string })[] {
  return order.lines
    .map((line) => ({
      id: line.id,
      name: line.product_name,
      unitPrice: line.unit_price,
      left: line.quantity - (line.refunded_quantity ?? 0),
    }))
    .filter((line) => line.left > 0);
}

/** A fresh refund form: nothing picked, no amount (the maker picks or types it), no reason. */
const freshRefund = (lines: readonly RefundableLine[]): RefundInput => ({
  amount: '',
  reason: '',
  lines: lines.map((line) => ({
    item_id: String(line.id),
    picked: false,
    quantity: String(line.left),
    restock: false,
  })),
});

/**
 * Refund, closed until the maker opens it (so no form full of money waits after another move):
 * the pieces refunded (each line with how many and whether they go back in stock), an amount
 * that follows what the pieces picked cost (never above `refundable`; the maker may lower it, or
 * type one with no piece picked, such as the shipping), and the reason; then a confirm step.
 * Once made, the form closes and the result shows where it was (./move-done.tsx).
 */
export function RefundForm({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  const currency = useShopCurrency();
  const move = useRefund(order.order_number);
  const announce = useAnnounceMove();
  const once = useSingleFlight();
  const [open, setOpen] = useState(false);
  const { opener, closing } = useOpenerFocus(open);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RefundValues | null>(null);
  const lines = refundableLines(order);
  const byId = new Map(lines.map((line) => [String(line.id), line]));
  const form = useForm<RefundInput, unknown, RefundValues>({
    resolver: zodResolver(refundSchema(order.refundable, currency, lines)),
    defaultValues: freshRefund(lines),
  });
  const { InputField, TextAreaField } = fieldsOf(form);
  const picks = useWatch({ control: form.control, name: 'lines' }) ?? [];
  const picksCents = picksValue(picks, byId);
  const picksKey = picksCents === null ? '' : String(picksCents);
  const refundableCents = toMinorUnits(order.refundable) ?? 0;

  // The amount follows the pieces picked, up to what can be refunded; none picked, none filled.
  const lastKey = useRef(picksKey);
  useEffect(() => {
    if (lastKey.current === picksKey) return;
    lastKey.current = picksKey;
    form.setValue(
      'amount',
      picksCents === null ? '' : toDecimal(Math.min(picksCents, refundableCents)),
      { shouldValidate: form.formState.isSubmitted },
    );
  }, [form, picksKey, picksCents, refundableCents]);

  const close = () => {
    closing();
    setOpen(false);
    setMessage(null);
  };
  const confirm = () =>
    once(async () => {
      if (!confirming) return;
      setMessage(null);
      try {
        await move.mutateAsync(confirming);
        const pieces = confirming.lines?.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
        const back = confirming.lines?.filter((line) => line.restock).length ?? 0;
        announce(
          `Refund of ${formatPrice(confirming.amount)} recorded${
            pieces > 0 ? ` for ${pieces} ${pieces === 1 ? 'piece' : 'pieces'}` : ''
          }${back > 0 ? ', back in stock' : ''}. The customer is e-mailed.`,
          'actions',
        );
        setOpen(false);
      } catch (error) {
        setMessage(placeServerErrors(error, form.setError, ['amount', 'reason', 'lines']));
      } finally {
        setConfirming(null);
      }
    });

  if (!open) {
    return (
      <div className="form">
        <h3 id="refund-title">Refund</h3>
        <p className="small muted">
          Up to {formatPrice(order.refundable)}: pick the pieces, or type an amount.
        </p>
        <div className="button-row">
          <button
            ref={opener}
            type="button"
            className="button"
            aria-expanded={false}
            onClick={() => {
              form.reset(freshRefund(lines));
              lastKey.current = '';
              setOpen(true);
            }}
          >
            Start a refund
          </button>
        </div>
      </div>
    );
  }

  const pickedLines = (confirming?.lines ?? []).map((line) => ({
    ...line,
    name: byId.get(String(line.item_id))?.name ?? '',
  }));
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
      {lines.length > 0 ? (
        <fieldset className="refund-lines">
          <legend>Pieces (optional)</legend>
          {lines.map((line, index) => {
            const pick = picks[index];
            const id = `refund-line-${line.id}`;
            return (
              <div key={line.id} className="refund-line">
                <div className="check">
                  <input id={id} type="checkbox" {...form.register(`lines.${index}.picked`)} />
                  <label htmlFor={id}>
                    {line.name}{' '}
                    <span className="muted small">
                      {formatPrice(line.unitPrice)} each
                      {line.left > 1 ? `, ${line.left} left to refund` : ''}
                    </span>
                  </label>
                </div>
                {pick?.picked ? (
                  <div className="refund-line-choices">
                    {line.left > 1 ? (
                      <label className="inline-field">
                        <span>How many</span>
                        <select {...form.register(`lines.${index}.quantity`)}>
                          {Array.from({ length: line.left }, (_, n) => (
                            <option key={n + 1} value={String(n + 1)}>
                              {n + 1}
                            </option>
                          ))}
                        </select>
                      </label>
                    ) : null}
                    <label className="check">
                      <input type="checkbox" {...form.register(`lines.${index}.restock`)} />
                      <span>Put back in stock</span>
                    </label>
                  </div>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <InputField
        name="amount"
        label="Amount"
        hint={
          picksCents === null
            ? 'Type the amount, such as the shipping; or pick pieces above.'
            : `The pieces picked cost ${formatPrice(toDecimal(picksCents))}; you may lower it.`
        }
        type="text"
        inputMode="decimal"
        autoComplete="off"
      />
      <TextAreaField name="reason" label="Reason" rows={2} maxLength={500} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={move.isPending}>
          Refund…
        </button>
        <button type="button" className="button" onClick={close}>
          Close
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
          {pickedLines.length > 0 ? (
            <ul className="small">
              {pickedLines.map((line) => (
                <li key={line.item_id}>
                  {line.quantity} × {line.name}
                  {line.restock ? ' (back in stock)' : ''}
                </li>
              ))}
            </ul>
          ) : null}
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
        at="actions"
      />
    </div>
  );
}
