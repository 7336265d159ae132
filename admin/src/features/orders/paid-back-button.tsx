/**
 * Mark paid back, beside a refund or a card payment the shop owes by hand (the order page's
 * Payments and Refunds panels, ./order-money-panels.tsx): a confirm step with an optional note,
 * sent once however fast the clicks; a refusal shows the server's words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, FormFields } from '../../components/fields';
import { useFormatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';
import { useMarkPaidBack, type AdminOrder, type OwedByHand } from './api';
import { paidBackSchema, type PaidBackValues } from './action-schemas';
import { owedPlace, useAnnounceMove } from './move-done';

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
  const formatPrice = useFormatPrice();
  const move = useMarkPaidBack(order.order_number);
  const announce = useAnnounceMove();
  const once = useSingleFlight();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<PaidBackValues>({
    resolver: zodResolver(paidBackSchema),
    defaultValues: { note: '' },
  });
  const { InputField } = fieldsOf(form);
  if (!order.actions.includes('mark_paid_back')) return null;

  const send = (values: PaidBackValues) =>
    once(async () => {
      setMessage(null);
      try {
        await move.mutateAsync({ owed, ...(values.note ? { note: values.note } : {}) });
        setConfirming(false);
        announce(
          `Marked paid back: ${formatPrice(amount)} to ${order.customer_name}.`,
          owedPlace(owed),
        );
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
          <FormFields form={form} idPrefix={id}>
            <InputField
              name="note"
              label="Note (optional)"
              hint="For the shop only, such as the bank transfer's reference."
              type="text"
              autoComplete="off"
              maxLength={200}
            />
          </FormFields>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
