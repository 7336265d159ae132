/**
 * The order page's part of the 14-day right to cancel (UK Consumer Contracts Regulations 2013
 * regs 29-32, 36(5); Directive 2011/83/EU arts 9-11) and the withdrawal function of art. 11a
 * (added by Directive (EU) 2023/2673, decision 084): until when the order can be withdrawn from,
 * why an exempt order cannot, and, for the whole period, the law's two labelled steps:
 * 1. 'Withdraw from contract here' opens, in place and with no request, step 2;
 * 2. the order number, the pieces withdrawn from (every line the right covers: the request
 *    names no lines), the shopper's name (the order's) and e-mail (the account's), an optional
 *    reason, and 'Confirm withdrawal', which sends `POST
 *    /orders/orders/{id}/cancellation-request/`; 'Keep my order' goes back unsent.
 * Once received, the status (role=status) says when, to the second in UTC, and that the
 * acknowledgement was e-mailed. The shop then refunds it from its back office.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { PostForm } from '../../components/post-form';
import { accountQuery } from '../auth/api';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  ORDER_CANCELLATION_TEXT as TEXT,
  exemptLinesNote,
  lineExemption,
  orderCancellationLines,
} from '../cancellation/api';
import { ORDERS_QUERY_KEY, type Order, orderQuery } from './api';
import './order-cancellation.css';
import './orders.css';

/** The hash of an order page's address that opens step 2 at once (the order list's link). */
export const WITHDRAW_HASH = 'withdraw';

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
 * ../cancellation/rules.ts `orderCancellationLines` in a role=status region (the shopper hears
 * 'Withdrawal received on …' once it is in, and the focus moves there), the exempt pieces of an
 * order the right covers in part, and the two steps while `cancellation.can_request`. Step 2
 * opens with the focus on its heading; 'Keep my order' closes it and gives the focus back to
 * the step 1 button. An order page reached at `#withdraw` opens step 2 at once.
 */
export function OrderCancellation({ order }: { order: Order }) {
  const request = useRequestCancellation();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const [open, setOpen] = useState(hash === WITHDRAW_HASH);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const canRequest = order.cancellation?.can_request === true;
  // Loaded with the panel, so step 2 shows the e-mail with no request of its own.
  const account = useQuery({ ...accountQuery(), enabled: canRequest });

  useEffect(() => {
    if (open) headingRef.current?.focus();
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
  const withdrawn = order.items.filter((item) => lineExemption(item) === null);
  const error = request.isError ? apiErrorMessage(request.error, TEXT.failed) : null;

  const close = () => {
    returnFocus.current = true;
    setOpen(false);
    request.reset();
  };

  return (
    <section className="order-detail__panel" id={WITHDRAW_HASH} aria-labelledby={titleId}>
      <h2 id={titleId} className="order-detail__title">
        Cancellation
      </h2>
      <div ref={statusRef} tabIndex={-1} role="status" data-testid="order-cancellation-status">
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
            className="button-primary"
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
            // The form goes once the withdrawal is in: the focus moves to what it became.
            request.mutate(
              { id: order.id, reason },
              { onSuccess: () => statusRef.current?.focus() },
            );
          }}
        >
          <h3
            ref={headingRef}
            id={`${titleId}-form`}
            className="cancellation-order__form-title"
            tabIndex={-1}
          >
            {TEXT.formTitle}
          </h3>
          <p>{TEXT.formLead}</p>
          <dl className="cancellation-order__facts">
            <div>
              <dt>{TEXT.orderLabel}</dt>
              <dd>{order.order_number}</dd>
            </div>
            <div>
              <dt>{TEXT.linesLabel}</dt>
              <dd>
                <ul className="cancellation-order__lines">
                  {withdrawn.map((item) => (
                    <li key={item.id}>
                      {item.product_name} × {item.quantity}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt>{TEXT.nameLabel}</dt>
              <dd>{order.delivery_address.fullname}</dd>
            </div>
            <div>
              <dt>{TEXT.emailLabel}</dt>
              <dd data-testid="withdrawal-email">{account.data?.email ?? '…'}</dd>
            </div>
          </dl>
          <label htmlFor={reasonId}>{TEXT.reasonLabel}</label>
          <p id={hintId} className="cancellation-order__hint">
            {TEXT.reasonHint}
          </p>
          <textarea
            id={reasonId}
            name="reason"
            value={reason}
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? (
            <p id={errorId} className="cancellation-order__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="cancellation-order__actions">
            {/* The law's words stay on the button while it sends (art. 11a(2)). */}
            <button
              type="submit"
              className="button-primary"
              disabled={request.isPending}
              aria-busy={request.isPending}
            >
              {TEXT.confirm}
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
