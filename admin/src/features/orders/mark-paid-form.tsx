/**
 * Mark paid, one of an order's moves (./order-actions.tsx has the others): the amount received
 * (the order's total unless changed) and the payer's reference (the order number, which the
 * buyer was asked to quote, unless changed). An owner confirms an amount
 * above the total as an overpayment; staff are told only an owner can record more.
 *
 * The button is disabled while the request is on the way, and a second click in the same
 * instant sends nothing (components/use-single-flight.ts). A refused move shows the server's
 * words: a field's message beside the field, a `detail` above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { useFormatPrice, useShopCurrency } from '../../components/format';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';
import { toDecimal, toMinorUnits } from '../../../../common/money';
import { useMarkPaid, type AdminOrder } from './api';
import { markPaidSchema, type MarkPaidInput, type MarkPaidValues } from './action-schemas';
import { useAnnounceMove } from './move-done';

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
  const formatPrice = useFormatPrice();
  const currency = useShopCurrency();
  const move = useMarkPaid(order.order_number);
  const announce = useAnnounceMove();
  const once = useSingleFlight();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<MarkPaidInput, unknown, MarkPaidValues>({
    resolver: zodResolver(markPaidSchema(order.total, mayConfirmOverpayment, currency)),
    // Buyers are asked to quote the order number with their payment: most references are it.
    defaultValues: {
      amount: order.total,
      payer_reference: order.order_number,
      confirm_overpayment: false,
    },
  });
  const { InputField } = fieldsOf(form);
  const { errors } = form.formState;
  const over = overTotal(useWatch({ control: form.control, name: 'amount' }), order.total);
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        await move.mutateAsync(values);
        const extra = overTotal(values.amount, order.total);
        announce(
          `Marked paid: ${formatPrice(values.amount)} received${
            extra > 0 ? `, ${formatPrice(toDecimal(extra))} of it an overpayment` : ''
          }. The customer is e-mailed.`,
          'actions',
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
    <Form form={form} idPrefix="paid" onSubmit={submit} aria-labelledby="mark-paid-title">
      <h3 id="mark-paid-title">Mark paid</h3>
      <p className="small muted">
        When the transfer or other payment has arrived in the shop&apos;s account. The customer is
        e-mailed that it arrived.
      </p>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <InputField
        name="amount"
        label="Amount received"
        hint={`The order total is ${formatPrice(order.total)}. ${
          mayConfirmOverpayment
            ? 'More is recorded as an overpayment once you confirm it.'
            : 'Only an owner can record more.'
        }`}
        type="text"
        inputMode="decimal"
      />
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
      <InputField
        name="payer_reference"
        label="Payer's reference"
        hint="As it shows on the shop's bank statement."
        type="text"
        autoComplete="off"
      />
      <FormButtons busy={move.isPending} label="Mark paid" />
    </Form>
  );
}
