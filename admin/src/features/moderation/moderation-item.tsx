/**
 * One review or comment in the moderation queue: who wrote it, when, on which product or post
 * (a link to the storefront's page), the text as text, its status, "Held: full of links" when
 * the link rule held it, the shop's reply, and the buttons its status allows: Approve and Reject
 * a waiting one, Hide a shown one, Restore a hidden or rejected one; Reply (or Edit reply) and
 * Delete reply always. A review also says whether it is a verified purchase and whether it is
 * incentivised, with the tick that marks it so (decision 085).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime } from '../../components/format';
import { Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  type ModeratedKind,
  type ModerationComment,
  type ModerationMove,
  type ModerationReview,
  type ModerationStatus,
  useDeleteReply,
  useModerationMove,
  useSaveReply,
  useSetIncentivised,
} from './api';
import { replySchema, STATUS_LABELS, type ReplyValues } from './schemas';

/** The moves each status offers, with their buttons' words. */
const MOVES: Record<ModerationStatus, { move: ModerationMove; label: string }[]> = {
  pending: [
    { move: 'approve', label: 'Approve' },
    { move: 'reject', label: 'Reject' },
  ],
  approved: [{ move: 'hide', label: 'Hide' }],
  hidden: [{ move: 'restore', label: 'Restore' }],
  rejected: [{ move: 'restore', label: 'Restore' }],
};

/**
 * The moves `item` offers, the likely one first and marked as the main button: Approve for a
 * waiting item, but Reject for one the link rule held (most such are spam), and Restore for a
 * hidden or rejected one.
 */
function movesOf(item: { status: ModerationStatus; held_for_links: boolean }) {
  const moves = MOVES[item.status];
  if (item.status === 'pending' && item.held_for_links) {
    return { moves: [...moves].reverse(), primary: 'reject' as ModerationMove };
  }
  return { moves, primary: (item.status === 'pending' ? 'approve' : 'restore') as ModerationMove };
}

/** What a done move says. */
const DONE: Record<ModerationMove, string> = {
  approve: 'Approved: it shows on the shop now.',
  reject: 'Rejected: it will not be shown.',
  hide: 'Hidden: it no longer shows on the shop.',
  restore: 'Restored: it shows on the shop again.',
};

const BADGE: Record<ModerationStatus, string> = {
  pending: 'badge badge-attention',
  approved: 'badge badge-done',
  hidden: 'badge badge-closed',
  rejected: 'badge badge-closed',
};

type Item = ModerationReview | ModerationComment;

const isReview = (item: Item): item is ModerationReview => 'rating' in item;

/**
 * One review or comment with the moves its status allows. A move takes it out of the list it
 * is in, so its confirmation goes to `onMoved` for the page to show above the list.
 */
export function ModerationItem({
  kind,
  item,
  onMoved,
}: {
  kind: ModeratedKind;
  item: Item;
  onMoved?: (message: string) => void;
}) {
  const move = useModerationMove(kind);
  const removeReply = useDeleteReply(kind);
  const [replying, setReplying] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const author = item.author || 'Anonymous';
  const text = isReview(item) ? item.comment : item.content;
  const where = isReview(item)
    ? { href: `/products/${item.product.slug}`, label: item.product.name }
    : { href: `/blog/${item.post.slug}`, label: item.post.title };
  const busy = move.isPending || removeReply.isPending;

  const run = async (m: ModerationMove) => {
    setNotice(null);
    try {
      await move.mutateAsync({ id: item.id, move: m });
      if (onMoved) onMoved(DONE[m]);
      else setNotice({ tone: 'success', text: DONE[m] });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
  };
  const deleteReply = async () => {
    setNotice(null);
    try {
      await removeReply.mutateAsync(item.id);
      setNotice({ tone: 'success', text: 'The reply was deleted.' });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
  };

  return (
    <li className="moderation-item">
      <div className="moderation-item-head">
        <h3>{isReview(item) ? `${item.rating}/5 from ${author}` : `${author}`}</h3>
        <span className={BADGE[item.status]}>{STATUS_LABELS[item.status]}</span>
        {item.held_for_links ? (
          <span className="badge badge-attention">Held: full of links</span>
        ) : null}
      </div>
      <p className="muted small">
        {formatDateTime(item.created_at)} · on{' '}
        <a href={where.href} target="_blank" rel="noreferrer">
          {where.label}
        </a>
      </p>
      {isReview(item) ? <ReviewMarks review={item} busy={busy} /> : null}
      <p className="moderation-text">{text}</p>
      {item.shop_reply ? (
        <div className="moderation-reply">
          <p className="small muted">
            Your reply{item.shop_reply.staff_name ? ` (${item.shop_reply.staff_name})` : ''},{' '}
            {formatDateTime(item.shop_reply.created_at)}
          </p>
          <p className="moderation-text">{item.shop_reply.content}</p>
        </div>
      ) : null}
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {replying ? (
        <ReplyForm
          kind={kind}
          id={item.id}
          initial={item.shop_reply?.content ?? ''}
          onDone={(message) => {
            setReplying(false);
            setNotice({ tone: 'success', text: message });
          }}
          onCancel={() => setReplying(false)}
        />
      ) : (
        <div className="button-row">
          {movesOf(item).moves.map(({ move: m, label }) => (
            <button
              key={m}
              type="button"
              className={m === movesOf(item).primary ? 'button button-primary' : 'button'}
              disabled={busy}
              onClick={() => void run(m)}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => setReplying(true)}
          >
            {item.shop_reply ? 'Edit reply' : 'Reply'}
          </button>
          {item.shop_reply ? (
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => void deleteReply()}
            >
              Delete reply
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * Whether `review` is a verified purchase (a badge: only buyers review now, older reviews may
 * not be one) and incentivised (a badge, and the tick that sets or takes off the mark, saved at
 * once; decision 085, DMCC Act 2024 Sch. 20 para 13(2)(c)).
 */
function ReviewMarks({ review, busy }: { review: ModerationReview; busy: boolean }) {
  const setIncentivised = useSetIncentivised();
  const [error, setError] = useState<string | null>(null);
  const toggle = async (incentivised: boolean) => {
    setError(null);
    try {
      await setIncentivised.mutateAsync({ id: review.id, incentivised });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const tickId = `incentivised-${review.id}`;
  // The mark asked for shows at once; a refusal puts back the review's own.
  const marked =
    setIncentivised.variables && !setIncentivised.isError
      ? setIncentivised.variables.incentivised
      : review.incentivised;
  return (
    <div className="moderation-marks">
      <div className="moderation-marks-badges">
        {review.is_verified_purchase ? (
          <span className="badge badge-done">Verified purchase</span>
        ) : (
          <span className="badge badge-closed">Not a verified purchase</span>
        )}
        {marked ? <span className="badge badge-attention">Incentivised</span> : null}
      </div>
      <div className="check moderation-incentivised">
        <input
          id={tickId}
          type="checkbox"
          checked={marked}
          disabled={busy || setIncentivised.isPending}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <label htmlFor={tickId}>
          Incentivised: the reviewer received something in return (a free piece, a discount, a
          payment). The shop shows it with a label.
        </label>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}

/** The shop's public reply, written or edited. */
export function ReplyForm({
  kind,
  id,
  initial,
  onDone,
  onCancel,
}: {
  kind: ModeratedKind;
  id: number;
  initial: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const save = useSaveReply(kind);
  const form = useForm<ReplyValues, unknown, { content: string }>({
    resolver: zodResolver(replySchema),
    defaultValues: { content: initial },
  });
  const { TextAreaField } = fieldsOf(form);
  const { isSubmitting } = form.formState;
  const { submit, message } = useServerSubmit(form, ['content'], async (values) => {
    await save.mutateAsync({ id, content: values.content });
    onDone(initial ? 'The reply was saved.' : 'The reply was posted: it shows on the shop.');
  });
  const fieldId = `reply-${kind}-${id}`;
  return (
    <Form form={form} idPrefix={fieldId} onSubmit={submit} aria-label="Reply as the shop">
      {message ? <Notice tone="error">{message}</Notice> : null}
      <TextAreaField
        name="content"
        label="Your reply"
        hint="Shown on the shop under your shop's name."
        rows={4}
        autoFocus
      />
      <FormButtons busy={isSubmitting} label="Save reply" onCancel={onCancel} />
    </Form>
  );
}
