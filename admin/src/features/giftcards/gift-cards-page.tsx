/**
 * Gift cards (owners; decision 090): store credit issued as a gift card (amount, recipient,
 * reason; its code is e-mailed to the recipient and never shown here), and the shop's cards,
 * newest first, each by its last four characters with its balance and status. Opening a card
 * shows its history (issued, spent on an order, given back, refunded, cancelled) and lets the
 * owner cancel it with a reason. Every change is in the activity log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { listColumns, DataTable } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { Amount, formatDate } from '../../components/format';
import { Notice } from '../../components/notice';
import { QueryView } from '../../components/query-view';
import {
  type AdminGiftCard,
  cancelGiftCard,
  giftCardQuery,
  giftCardsQuery,
  GIFT_CARDS_QUERY_KEY,
  issueStoreCredit,
} from './api';

const STATUS_LABELS = {
  scheduled: 'Waiting for its day',
  active: 'Active',
  cancelled: 'Cancelled',
};
const MOVE_LABELS = {
  issued: 'Issued',
  spent: 'Spent',
  given_back: 'Given back',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

function StoreCreditForm() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: issueStoreCredit,
    onSuccess: (card) => {
      setDone(
        `Store credit ${card.last_four ? `ending ${card.last_four} ` : ''}issued and e-mailed to ${card.recipient_email}.`,
      );
      void queryClient.invalidateQueries({ queryKey: GIFT_CARDS_QUERY_KEY });
    },
  });
  const errors = fieldErrors(issue.error);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    issue.mutate(
      {
        amount: text('amount'),
        recipient_name: text('recipient_name'),
        recipient_email: text('recipient_email'),
        reason: text('reason'),
      },
      { onSuccess: () => (event.target as HTMLFormElement).reset() },
    );
  };
  return (
    <form className="panel form" onSubmit={onSubmit} aria-labelledby="credit-title">
      <h2 id="credit-title">Issue store credit</h2>
      <p className="small muted">
        A gift card of the amount, e-mailed to the recipient at once: for a refund of a
        made-to-order piece, or a goodwill gesture.
      </p>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {issue.error && Object.keys(errors).length === 0 ? (
        <Notice tone="error">{errorMessage(issue.error)}</Notice>
      ) : null}
      <FormField id="credit-amount" label="Amount" error={errors.amount?.[0]}>
        <input id="credit-amount" name="amount" inputMode="decimal" required />
      </FormField>
      <FormField id="credit-name" label="Recipient's name" error={errors.recipient_name?.[0]}>
        <input id="credit-name" name="recipient_name" maxLength={120} required />
      </FormField>
      <FormField id="credit-email" label="Recipient's e-mail" error={errors.recipient_email?.[0]}>
        <input id="credit-email" name="recipient_email" type="email" maxLength={254} required />
      </FormField>
      <FormField id="credit-reason" label="Reason" error={errors.reason?.[0]}>
        <textarea id="credit-reason" name="reason" maxLength={500} rows={2} required />
      </FormField>
      <button type="submit" className="button button-primary" disabled={issue.isPending}>
        {issue.isPending ? 'Issuing…' : 'Issue store credit'}
      </button>
    </form>
  );
}

function CardHistory({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const card = useQuery(giftCardQuery(id));
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => cancelGiftCard(id, reason.trim()),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: GIFT_CARDS_QUERY_KEY }),
  });
  return (
    <section className="panel" aria-labelledby="card-title">
      <QueryView query={card} loading="Loading the card…">
        {(c) => (
          <>
            <h2 id="card-title">
              Gift card {c.last_four ? `ending ${c.last_four}` : 'not yet delivered'}
            </h2>
            <p>
              <Amount amount={c.balance} /> left of <Amount amount={c.initial_amount} /> ·{' '}
              {STATUS_LABELS[c.status]} · {c.recipient_name} ({c.recipient_email})
            </p>
            <table className="data-table">
              <caption className="visually-hidden">The card&rsquo;s history</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col" className="cell-end">
                    Amount
                  </th>
                  <th scope="col">Order</th>
                </tr>
              </thead>
              <tbody>
                {c.history.map((move, index) => (
                  <tr key={index}>
                    <td data-label="When">{formatDate(move.at)}</td>
                    <td data-label="What">
                      {MOVE_LABELS[move.kind]}
                      {move.note ? <span className="muted small"> · {move.note}</span> : null}
                    </td>
                    <td className="cell-end" data-label="Amount">
                      <Amount amount={move.amount} />
                    </td>
                    <td data-label="Order">
                      {move.order_number ? (
                        <Link to="/orders/$number" params={{ number: move.order_number }}>
                          {move.order_number}
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {c.status !== 'cancelled' ? (
              <form
                className="form"
                onSubmit={(event) => {
                  event.preventDefault();
                  cancel.mutate();
                }}
              >
                {cancel.error ? <Notice tone="error">{errorMessage(cancel.error)}</Notice> : null}
                <FormField id="cancel-reason" label="Reason for cancelling">
                  <input
                    id="cancel-reason"
                    value={reason}
                    maxLength={500}
                    required
                    onChange={(event) => setReason(event.target.value)}
                  />
                </FormField>
                <button type="submit" className="button" disabled={cancel.isPending}>
                  Cancel this card
                </button>
              </form>
            ) : null}
            <button type="button" className="button button-small" onClick={onClose}>
              Close
            </button>
          </>
        )}
      </QueryView>
    </section>
  );
}

export function GiftCardsPage() {
  const cards = useQuery(giftCardsQuery());
  const [open, setOpen] = useState<number | null>(null);
  const column = listColumns<AdminGiftCard>();
  const columns = column.columns([
    column.accessor('last_four', {
      header: 'Card',
      meta: { cell: 'cell-title' },
      cell: (info) => (
        <button type="button" className="button-link" onClick={() => setOpen(info.row.original.id)}>
          {info.getValue() ? `Ending ${info.getValue()}` : 'Not yet delivered'}
        </button>
      ),
    }),
    column.accessor('recipient_name', { header: 'Recipient' }),
    column.accessor('balance', {
      header: 'Balance',
      meta: { cell: 'cell-end' },
      cell: (info) => <Amount amount={info.getValue()} />,
    }),
    column.accessor('status', { header: 'Status', cell: (info) => STATUS_LABELS[info.getValue()] }),
    column.accessor('source', {
      header: 'From',
      cell: (info) => (info.getValue() === 'sold' ? 'Sold' : 'Store credit'),
    }),
  ]);
  return (
    <>
      <title>Gift cards · Back office</title>
      <div className="page-head">
        <h1>Gift cards</h1>
      </div>
      <div className="giftcards-screen">
        {open !== null ? <CardHistory id={open} onClose={() => setOpen(null)} /> : null}
        <QueryView query={cards} loading="Loading gift cards…">
          {(list) => (
            <DataTable
              caption="Gift cards, newest first"
              columns={columns}
              data={list.results}
              rowId={(card) => String(card.id)}
              empty="No gift cards yet."
            />
          )}
        </QueryView>
        <StoreCreditForm />
      </div>
    </>
  );
}
