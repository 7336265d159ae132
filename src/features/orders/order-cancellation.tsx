/**
 * The order page's part of the 14-day cancellation right (UK Consumer Contracts Regulations
 * 2013 regs 29-32; Directive 2011/83/EU arts 9-11): until when the order can be cancelled, why
 * an exempt order cannot, and 'Cancel this order', a short form (an optional reason, a
 * confirmation) that sends the shopper's notice of cancellation to the shop's back office (`POST
 * /orders/orders/{id}/cancellation-request/`). The shop then refunds it from its back office.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { PostForm } from '../../components/post-form';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  ORDER_CANCELLATION_TEXT as TEXT,
  exemptLinesNote,
  orderCancellationLines,
} from '../cancellation/api';
import { ORDERS_QUERY_KEY, type Order, orderQuery } from './api';
import './orders.css';

/**
 * `POST /orders/orders/{id}/cancellation-request/` with `{reason?}` (a blank reason is left
 * out). The answer (the order, `cancellation.requested_at` set) replaces the order's detail
 * query and the history refreshes. Refusals are `ApiError`s: 409 with the server's `detail`
 * (past the deadline, already asked, exempt), 400 `{reason: [...]}`.
 */
export function useRequestCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }): Promise<Order> => {
      const trimmed = reason.trim();
      const { data } = await api.POST('/orders/orders/{id}/cancellation-request/', {
        params: { path: { id } },
        body: trimmed ? { reason: trimmed } : {},
      });
      return data as Order;
    },
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQuery(order.id).queryKey, order);
      await queryClient.invalidateQueries({ queryKey: [...ORDERS_QUERY_KEY, 'list'] });
    },
  });
}

/** Whether the order page shows the panel at all: not for an unpaid, canceled or expired order. */
function showsPanel(order: Order): boolean {
  const state = order.cancellation;
  if (!state) return false;
  if (state.requested_at) return true;
  if (['awaiting_payment', 'canceled', 'expired'].includes(order.status)) return false;
  return state.exempt || state.can_request || state.deadline !== null;
}

/**
 * The order page's 'Cancellation' panel (after the payment): the lines of
 * ../cancellation/rules.ts `orderCancellationLines` (announced politely, so the shopper hears
 * 'Cancellation requested on …' once the request is in), the exempt pieces of an order the
 * right covers in part, and 'Cancel this order' while `cancellation.can_request`. The button
 * opens the form in place; 'Keep my order' closes it and gives the focus back to the button.
 */
export function OrderCancellation({ order }: { order: Order }) {
  const request = useRequestCancellation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const reasonId = useId();
  const errorId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (open) reasonRef.current?.focus();
    else if (returnFocus.current) buttonRef.current?.focus();
    returnFocus.current = false;
  }, [open]);

  if (!showsPanel(order)) return null;
  const state = order.cancellation;
  const lines = orderCancellationLines(state);
  const exemptNote = state.can_request
    ? exemptLinesNote(
        order.items.map((item) => ({
          name: item.product_name,
          made_to_order: item.made_to_order,
          cancellation_exempt: item.cancellation_exempt,
        })),
      )
    : null;
  const error = request.isError ? apiErrorMessage(request.error, TEXT.failed) : null;

  const close = () => {
    returnFocus.current = true;
    setOpen(false);
    request.reset();
  };

  return (
    <section className="order-detail__panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-detail__title">
        Cancellation
      </h2>
      <div ref={statusRef} tabIndex={-1} aria-live="polite" data-testid="order-cancellation-status">
        {lines.map((line) => (
          <p key={line} className="cancellation-order__line">
            {line}
          </p>
        ))}
      </div>
      {exemptNote ? <p className="order-detail__note">{exemptNote}</p> : null}
      {state.can_request && !open ? (
        <div className="order-detail__actions">
          <button
            ref={buttonRef}
            type="button"
            className="button-secondary"
            onClick={() => setOpen(true)}
          >
            {TEXT.button}
          </button>
        </div>
      ) : null}
      {state.can_request && open ? (
        <PostForm
          className="cancellation-order__form"
          aria-labelledby={`${titleId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            // The form goes once the request is in: the focus moves to what it became.
            request.mutate(
              { id: order.id, reason },
              { onSuccess: () => statusRef.current?.focus() },
            );
          }}
        >
          <h3 id={`${titleId}-form`} className="cancellation-order__form-title">
            {TEXT.formTitle}
          </h3>
          <p>{TEXT.formLead}</p>
          <label htmlFor={reasonId}>{TEXT.reasonLabel}</label>
          <textarea
            ref={reasonRef}
            id={reasonId}
            name="reason"
            value={reason}
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? (
            <p id={errorId} className="cancellation-order__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="cancellation-order__actions">
            <button type="submit" className="button-primary" disabled={request.isPending}>
              {request.isPending ? TEXT.sending : TEXT.confirm}
            </button>
            <button type="button" className="button-secondary" onClick={close}>
              {TEXT.keep}
            </button>
          </div>
        </PostForm>
      ) : null}
      <p className="order-detail__note">
        <Link to="/cancellation">{TEXT.rightsLink}</Link>
      </p>
    </section>
  );
}
