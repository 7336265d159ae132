/**
 * The moves a member may make on an order, each shown only when the server lists it in the
 * order's `actions` (the role and the order's state decide; the server refuses anything else
 * anyway): Mark paid (an owner confirms an amount above the total as an overpayment), Cancel (after a confirm step), Refund (after a confirm step; never more
 * than `refundable`), Reopen, per shipment Ship, Mark ready and Mark collected, and per refund
 * or card payment owed by hand Mark paid back (after a confirm step, with an optional note).
 *
 * Every button is disabled while its request is on the way, and a second click in the same
 * instant sends nothing (components/use-single-flight.ts). A refused move shows the server's
 * words: a field's message beside the field, a `detail` above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { formatPrice } from '../../components/format';
import { toDecimal, toMinorUnits } from '../../../../common/money';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';
import {
  useCancelOrder,
  useMarkCollected,
  useMarkPaid,
  useMarkPaidBack,
  useMarkReady,
  useRefund,
  useReopen,
  useShip,
  type AdminOrder,
  type AdminShipment,
  type OwedByHand,
} from './api';
import {
  cancelSchema,
  markPaidSchema,
  paidBackSchema,
  refundSchema,
  shipSchema,
  type CancelValues,
  type MarkPaidInput,
  type MarkPaidValues,
  type PaidBackValues,
  type RefundInput,
  type RefundValues,
  type ShipInput,
  type ShipValues,
} from './action-schemas';
import { CARRIER_LABELS, CARRIERS } from './labels';

/**
 * Where a move that worked says so: the order page shows the message at its top (a form that
 * made its move usually disappears with it, as the order's `actions` change).
 */
export const MoveDone = createContext<(message: string) => void>(() => {});

/**
 * What the typed amount holds above the order's total, in cents (0 when it is not above it, or
 * not an amount yet): the form's live reading, the schema decides.
 */
function overTotal(typed: string | undefined, total: string): number {
  const cents = toMinorUnits((typed ?? '').trim().replace(/^[£$]/, '').replace(/,/g, ''));
  return cents === null ? 0 : Math.max(0, cents - (toMinorUnits(total) ?? 0));
}

/**
 * Mark paid: the amount (the order's total unless changed) and the payer's reference. An
 * amount above the total is an overpayment: an owner (`mayConfirmOverpayment`) records it by
 * ticking its confirmation, which appears once the amount is above the total; staff are told
 * only an owner can.
 */
export function MarkPaidForm({
  order,
  mayConfirmOverpayment = false,
}: {
  order: AdminOrder;
  /** The member is an owner, who may record more than the total (the server checks again). */
  mayConfirmOverpayment?: boolean;
}) {
  const move = useMarkPaid(order.order_number);
  const done = useContext(MoveDone);
  const once = useSingleFlight();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<MarkPaidInput, unknown, MarkPaidValues>({
    resolver: zodResolver(markPaidSchema(order.total, mayConfirmOverpayment)),
    defaultValues: { amount: order.total, payer_reference: '', confirm_overpayment: false },
  });
  const { errors } = form.formState;
  const over = overTotal(useWatch({ control: form.control, name: 'amount' }), order.total);
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        await move.mutateAsync(values);
        const extra = overTotal(values.amount, order.total);
        done(
          `Marked paid: ${formatPrice(values.amount)} received${
            extra > 0 ? `, ${formatPrice(toDecimal(extra))} of it an overpayment` : ''
          }. The customer is e-mailed.`,
        );
      } catch (error) {
        setMessage(
          placeServerErrors(error, form.setError, [
            'amount',
            'payer_reference',
            'confirm_overpayment',
          ]),
        );
      }
    }),
  );
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="mark-paid-title">
      <h3 id="mark-paid-title">Mark paid</h3>
      <p className="small muted">
        When the transfer or other payment has arrived in the shop&apos;s account. The customer is
        e-mailed that it arrived.
      </p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField
        id="paid-amount"
        label="Amount received"
        hint={`The order total is ${formatPrice(order.total)}. ${
          mayConfirmOverpayment
            ? 'More is recorded as an overpayment once you confirm it.'
            : 'Only an owner can record more.'
        }`}
        error={errors.amount?.message}
      >
        <input id="paid-amount" type="text" inputMode="decimal" {...form.register('amount')} />
      </FormField>
      {mayConfirmOverpayment && over > 0 ? (
        <div className="check overpayment-confirm">
          <input
            id="paid-confirm-overpayment"
            type="checkbox"
            aria-describedby={`paid-confirm-overpayment-hint${
              errors.confirm_overpayment ? ' paid-confirm-overpayment-error' : ''
            }`}
            aria-invalid={errors.confirm_overpayment ? true : undefined}
            {...form.register('confirm_overpayment')}
          />
          <div>
            <label htmlFor="paid-confirm-overpayment">
              <strong>
                Record the {formatPrice(toDecimal(over))} above the total as an overpayment
              </strong>
            </label>
            <p id="paid-confirm-overpayment-hint" className="field-hint">
              The customer sent more than the order&apos;s total. It counts as paid, so a refund or
              canceling the order pays it back to them.
            </p>
            {errors.confirm_overpayment ? (
              <p id="paid-confirm-overpayment-error" className="field-error">
                {errors.confirm_overpayment.message}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      <FormField
        id="paid-reference"
        label="Payer's reference"
        hint="As it shows on the shop's bank statement."
        error={errors.payer_reference?.message}
      >
        <input
          id="paid-reference"
          type="text"
          autoComplete="off"
          {...form.register('payer_reference')}
        />
      </FormField>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={move.isPending}>
          {move.isPending ? 'Saving…' : 'Mark paid'}
        </button>
      </div>
    </form>
  );
}

/** Cancel: the reason the customer reads, then a confirm step. */
export function CancelForm({ order }: { order: AdminOrder }) {
  const move = useCancelOrder(order.order_number);
  const done = useContext(MoveDone);
  const once = useSingleFlight();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CancelValues | null>(null);
  const form = useForm<CancelValues>({
    resolver: zodResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  const { errors } = form.formState;
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
    <form
      className="form"
      onSubmit={form.handleSubmit((values) => setConfirming(values))}
      noValidate
      aria-labelledby="cancel-title"
    >
      <h3 id="cancel-title">Cancel the order</h3>
      <p className="small muted">
        {paid ? `${refundBack} and the stock goes back on sale.` : 'The stock goes back on sale.'}{' '}
        The customer is e-mailed the reason.
      </p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id="cancel-reason" label="Reason" error={errors.reason?.message}>
        <textarea id="cancel-reason" rows={3} maxLength={500} {...form.register('reason')} />
      </FormField>
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
    </form>
  );
}

/** Refund: an amount up to `refundable` and the reason, then a confirm step. */
export function RefundForm({ order }: { order: AdminOrder }) {
  const move = useRefund(order.order_number);
  const announce = useContext(MoveDone);
  const once = useSingleFlight();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RefundValues | null>(null);
  const form = useForm<RefundInput, unknown, RefundValues>({
    resolver: zodResolver(refundSchema(order.refundable)),
    defaultValues: { amount: order.refundable, reason: '' },
  });
  const { errors } = form.formState;

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
    <form
      className="form"
      onSubmit={form.handleSubmit((values) => setConfirming(values))}
      noValidate
      aria-labelledby="refund-title"
    >
      <h3 id="refund-title">Refund</h3>
      <p className="small muted">
        Up to {formatPrice(order.refundable)}. A card payment is refunded through the card provider;
        otherwise the refund is listed on Today for paying back by hand. Refunding everything marks
        the order refunded.
      </p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id="refund-amount" label="Amount" error={errors.amount?.message}>
        <input id="refund-amount" type="text" inputMode="decimal" {...form.register('amount')} />
      </FormField>
      <FormField id="refund-reason" label="Reason" error={errors.reason?.message}>
        <textarea id="refund-reason" rows={2} maxLength={500} {...form.register('reason')} />
      </FormField>
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
    </form>
  );
}

/**
 * Mark paid back: beside a refund or a card payment the shop owes by hand, when the order's
 * `actions` include `mark_paid_back` (owners only). A confirm step takes an optional note for
 * the shop (the transfer's reference); once done, it leaves Today's "Refunds to pay by hand".
 */
export function PaidBackButton({
  order,
  owed,
  amount,
}: {
  order: AdminOrder;
  owed: OwedByHand;
  /** What is owed, as the contract's decimal string. */
  amount: string;
}) {
  const move = useMarkPaidBack(order.order_number);
  const done = useContext(MoveDone);
  const once = useSingleFlight();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<PaidBackValues>({
    resolver: zodResolver(paidBackSchema),
    defaultValues: { note: '' },
  });
  const { errors } = form.formState;
  if (!order.actions.includes('mark_paid_back')) return null;

  const send = (values: PaidBackValues) =>
    once(async () => {
      setMessage(null);
      try {
        await move.mutateAsync({ owed, ...(values.note ? { note: values.note } : {}) });
        setConfirming(false);
        done(`Marked paid back: ${formatPrice(amount)} to ${order.customer_name}.`);
      } catch (error) {
        const left = placeServerErrors(error, form.setError, ['note']);
        if (left !== null) {
          setConfirming(false);
          setMessage(left);
        }
      }
    });

  return (
    <div className="paid-back">
      {message ? <Notice tone="error">{message}</Notice> : null}
      <button
        type="button"
        className="button"
        disabled={move.isPending}
        onClick={() => {
          setMessage(null);
          form.reset({ note: '' });
          setConfirming(true);
        }}
      >
        Mark paid back…
      </button>
      {confirming ? (
        <ConfirmDialog
          title={`Mark ${formatPrice(amount)} paid back?`}
          confirmLabel="Mark paid back"
          danger={false}
          pending={move.isPending}
          onConfirm={() => void form.handleSubmit(send)()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Only once the shop has paid {formatPrice(amount)} back to {order.customer_name} by hand.
            It leaves Today&apos;s refunds to pay; the customer is not e-mailed.
          </p>
          <FormField
            id={`${id}-note`}
            label="Note (optional)"
            hint="For the shop only, such as the bank transfer's reference."
            error={errors.note?.message}
          >
            <input
              id={`${id}-note`}
              type="text"
              autoComplete="off"
              maxLength={200}
              {...form.register('note')}
            />
          </FormField>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** Reopen an expired order: it awaits payment again, if every line's stock is still there. */
export function ReopenButton({ order }: { order: AdminOrder }) {
  const move = useReopen(order.order_number);
  const done = useContext(MoveDone);
  const once = useSingleFlight();
  return (
    <div className="form">
      <h3>Reopen</h3>
      <p className="small muted">
        For a payment that arrived after the order expired: it awaits payment again, with a new
        deadline, and takes its stock again.
      </p>
      {move.isError ? <Notice tone="error">{errorMessage(move.error)}</Notice> : null}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={move.isPending}
          onClick={() =>
            void once(() =>
              move.mutateAsync().then(
                () => done('Order reopened: it awaits payment again.'),
                () => undefined,
              ),
            )
          }
        >
          {move.isPending ? 'Reopening…' : 'Reopen order'}
        </button>
      </div>
    </div>
  );
}

/**
 * What can be done with one shipment now: a delivery not sent gets the ship form; a collection
 * not ready gets Mark ready; a ready one gets Mark collected. Nothing when the order's
 * `actions` do not include the move.
 */
export function ShipmentActions({
  order,
  shipment,
}: {
  order: AdminOrder;
  shipment: AdminShipment;
}) {
  const can = (action: AdminOrder['actions'][number]) => order.actions.includes(action);
  if (shipment.kind === 'delivery' && !shipment.fulfilment && can('ship'))
    return <ShipForm order={order} shipment={shipment} />;
  if (shipment.kind === 'collection' && !shipment.fulfilment && can('mark_ready'))
    return <CollectionMove order={order} shipment={shipment} move="ready" />;
  if (
    shipment.kind === 'collection' &&
    shipment.fulfilment?.status === 'ready' &&
    can('mark_collected')
  )
    return <CollectionMove order={order} shipment={shipment} move="collected" />;
  return null;
}

function ShipForm({ order, shipment }: { order: AdminOrder; shipment: AdminShipment }) {
  const move = useShip(order.order_number);
  const done = useContext(MoveDone);
  const once = useSingleFlight();
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<ShipInput, unknown, ShipValues>({
    resolver: zodResolver(shipSchema),
    defaultValues: { carrier: 'royal_mail', tracking_number: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        await move.mutateAsync({ index: shipment.index, ...values });
        done(
          `${shipment.name}: shipped with ${CARRIER_LABELS[values.carrier]}. The customer is e-mailed.`,
        );
      } catch (error) {
        setMessage(placeServerErrors(error, form.setError, ['carrier', 'tracking_number']));
      }
    }),
  );
  return (
    <form className="form-inline" onSubmit={submit} noValidate aria-label={`Ship ${shipment.name}`}>
      {message ? (
        <div className="button-block">
          <Notice tone="error">{message}</Notice>
        </div>
      ) : null}
      <FormField id={`${id}-carrier`} label="Carrier" error={errors.carrier?.message}>
        <select id={`${id}-carrier`} {...form.register('carrier')}>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {CARRIER_LABELS[carrier]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={`${id}-tracking`}
        label="Tracking number"
        error={errors.tracking_number?.message}
      >
        <input
          id={`${id}-tracking`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.register('tracking_number')}
        />
      </FormField>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={move.isPending}>
          {move.isPending ? 'Saving…' : 'Mark shipped'}
        </button>
      </div>
    </form>
  );
}

function CollectionMove({
  order,
  shipment,
  move: which,
}: {
  order: AdminOrder;
  shipment: AdminShipment;
  move: 'ready' | 'collected';
}) {
  const ready = useMarkReady(order.order_number);
  const collected = useMarkCollected(order.order_number);
  const move = which === 'ready' ? ready : collected;
  const done = useContext(MoveDone);
  const once = useSingleFlight();
  const label = which === 'ready' ? 'Mark ready to collect' : 'Mark collected';
  return (
    <div className="form">
      {which === 'collected' && shipment.age_verified ? (
        <p className="alert-strip">Hand over only to an adult who shows proof of age.</p>
      ) : null}
      {move.isError ? <Notice tone="error">{errorMessage(move.error)}</Notice> : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={move.isPending}
          onClick={() =>
            void once(() =>
              move.mutateAsync(shipment.index).then(
                () =>
                  done(
                    which === 'ready'
                      ? `${shipment.name}: ready to collect. The customer is e-mailed.`
                      : `${shipment.name}: collected.`,
                  ),
                () => undefined,
              ),
            )
          }
        >
          {move.isPending ? 'Saving…' : label}
        </button>
      </div>
    </div>
  );
}
