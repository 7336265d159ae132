/**
 * One contact message (`/inbox/$messageId`; opening it marks it read): who sent it and how to
 * reach them, the subject and the message as text, the shop's earlier replies, "Your reply"
 * with "Send reply" (e-mailed to the sender from the shop's address, the message quoted), and
 * Mark unread, Archive (or Move to inbox).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { useServerSubmit } from '../../components/use-server-submit';
import { useMessageMove, useOpenedMessage, useReplyToMessage, type ContactMessage } from './api';
import { inboxReplySchema, messageIdOf, type InboxReplyValues } from './schemas';

export function MessagePage() {
  const { messageId } = useParams({ from: '/_auth/_shell/inbox/$messageId' });
  const id = messageIdOf(messageId);
  return (
    <>
      <p className="small">
        <Link to="/inbox">← Back to the inbox</Link>
      </p>
      {id === null ? <Notice tone="error">Not found.</Notice> : <MessageLoader id={id} />}
    </>
  );
}

function MessageLoader({ id }: { id: number }) {
  const message = useOpenedMessage(id);
  if (message.isPending) return <Loading />;
  if (message.isError)
    return <ErrorNotice error={message.error} onRetry={() => void message.refetch()} />;
  return <MessageView message={message.data} />;
}

export function MessageView({ message }: { message: ContactMessage }) {
  const move = useMessageMove();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = async (m: 'unread' | 'archive' | 'unarchive', done: string) => {
    setNotice(null);
    try {
      await move.mutateAsync({ id: message.id, move: m });
      setNotice({ tone: 'success', text: done });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
  };
  return (
    <>
      <title>{`${message.subject} · Inbox · Back office`}</title>
      <div className="page-head">
        <h1 className="break">{message.subject}</h1>
        {message.is_archived ? <span className="badge badge-closed">Archived</span> : null}
      </div>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <section className="panel" aria-label="Message">
        <dl className="facts">
          <dt>From</dt>
          <dd className="break">
            {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
          </dd>
          {message.phone_number ? (
            <>
              <dt>Phone</dt>
              <dd>{message.phone_number}</dd>
            </>
          ) : null}
          <dt>Received</dt>
          <dd>{formatDateTime(message.created_at)}</dd>
        </dl>
        <p className="message-text">{message.message}</p>
        <div className="button-row">
          {message.is_read ? (
            <button
              type="button"
              className="button"
              disabled={move.isPending}
              onClick={() => void run('unread', 'Marked unread.')}
            >
              Mark unread
            </button>
          ) : null}
          {message.is_archived ? (
            <button
              type="button"
              className="button"
              disabled={move.isPending}
              onClick={() => void run('unarchive', 'Moved back to the inbox.')}
            >
              Move to inbox
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={move.isPending}
              onClick={() => void run('archive', 'Archived.')}
            >
              Archive
            </button>
          )}
        </div>
      </section>
      {message.replies.length > 0 ? (
        <Panel titleId="earlier-replies" title="Earlier replies">
          <ol className="timeline">
            {message.replies.map((reply) => (
              <li key={reply.id}>
                <p className="small muted">
                  {reply.staff_name}, {formatDateTime(reply.created_at)}
                </p>
                <p className="message-text">{reply.body}</p>
              </li>
            ))}
          </ol>
        </Panel>
      ) : null}
      <Panel titleId="reply-title" title="Reply by e-mail">
        <ReplyForm message={message} onSent={(text) => setNotice({ tone: 'success', text })} />
      </Panel>
    </>
  );
}

export function ReplyForm({
  message,
  onSent,
}: {
  message: ContactMessage;
  onSent: (text: string) => void;
}) {
  const reply = useReplyToMessage();
  const form = useForm<InboxReplyValues, unknown, { body: string }>({
    resolver: zodResolver(inboxReplySchema),
    defaultValues: { body: '' },
  });
  const { TextAreaField } = fieldsOf(form);
  const { isSubmitting } = form.formState;
  const { submit, message: refusal } = useServerSubmit(form, ['body'], async (values) => {
    await reply.mutateAsync({ id: message.id, body: values.body });
    form.reset({ body: '' });
    onSent(`Your reply was sent to ${message.email}.`);
  });
  return (
    <Form form={form} idPrefix="inbox" onSubmit={submit} aria-label="Reply">
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
      <TextAreaField
        name="body"
        label="Your reply"
        hint={`E-mailed to ${message.email} from the shop's address, with their message quoted below, subject "Re: ${message.subject}".`}
        rows={8}
      />
      <FormButtons busy={isSubmitting} label="Send reply" busyLabel="Sending…" />
    </Form>
  );
}
