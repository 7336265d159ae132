/**
 * A product's recalls (EU General Product Safety Regulation (EU) 2023/988 arts 35-37; decision
 * 083), under its editor: the open recall, if any, with "Withdraw recall"; the earlier ones; and,
 * for the owner, the form that publishes one (`POST /products/{id}/recalls/`): a title, what is
 * wrong and what to do (plain text), and whether to take the product off sale. Publishing asks
 * first, since it e-mails every buyer of the product at once; the notice shows at the top of the
 * product page. Staff see the recalls but may not publish or withdraw one (the server says so
 * too).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime } from '../../components/format';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/panel';
import { placeServerErrors } from '../../components/server-errors';
import { isOwner, meQuery } from '../auth/api';
import {
  productRecallsQuery,
  usePublishRecall,
  useWithdrawRecall,
  type AdminProduct,
  type ProductRecallCreate,
} from './api';

const recallSchema = z.object({
  title: z.string().trim().min(1, 'Give the recall a title.').max(200, 'At most 200 characters.'),
  problem: z.string().trim().min(1, 'Say what is wrong.').max(4000, 'At most 4000 characters.'),
  action: z
    .string()
    .trim()
    .min(1, 'Say what buyers should do.')
    .max(4000, 'At most 4000 characters.'),
  off_sale: z.boolean(),
});

type RecallValues = z.infer<typeof recallSchema>;
const EMPTY: RecallValues = { title: '', problem: '', action: '', off_sale: true };

/** The recalls panel of `product` (see the module comment). */
export function RecallPanel({ product }: { product: AdminProduct }) {
  // Not suspended: the shell has loaded the member already; unknown reads as not the owner.
  const me = useQuery(meQuery());
  const owner = isOwner(me.data);
  const recalls = useQuery(productRecallsQuery(product.id));
  const publish = usePublishRecall(product.id);
  const withdraw = useWithdrawRecall(product.id);
  const [asking, setAsking] = useState<ProductRecallCreate | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<RecallValues>({ resolver: zodResolver(recallSchema), defaultValues: EMPTY });
  const { InputField, TextAreaField, CheckField } = fieldsOf(form);
  const open = product.open_recall ?? null;
  const earlier = (recalls.data ?? []).filter((r) => r.withdrawn_at !== null);

  async function confirm() {
    if (!asking) return;
    setMessage(null);
    try {
      const recall = await publish.mutateAsync(asking);
      form.reset(EMPTY);
      setMessage({
        tone: 'success',
        text: `The recall is published on the product page and e-mailed to ${recall.recipients} ${
          recall.recipients === 1 ? 'buyer' : 'buyers'
        }.`,
      });
    } catch (error) {
      const rest = placeServerErrors(error, form.setError, ['title', 'problem', 'action']);
      if (rest) setMessage({ tone: 'error', text: rest });
    } finally {
      setAsking(null);
    }
  }

  return (
    <Panel titleId="recall-heading" title="Recall">
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {open ? (
        <div className="recall-open">
          <h3>Open recall: {open.title}</h3>
          <p>{open.problem}</p>
          <p>
            <strong>What to do:</strong> {open.action}
          </p>
          <p className="muted small">
            Published {formatDateTime(open.published_at)} by {open.published_by}; e-mailed to{' '}
            {open.recipients} {open.recipients === 1 ? 'buyer' : 'buyers'}.
            {open.off_sale ? ' The product was taken off sale.' : ''}
          </p>
          {owner ? (
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={withdraw.isPending}
                onClick={() => {
                  setMessage(null);
                  withdraw.mutate(open.id, {
                    onSuccess: () =>
                      setMessage({
                        tone: 'success',
                        text: 'The recall was withdrawn: its notice left the product page.',
                      }),
                    onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
                  });
                }}
              >
                Withdraw recall
              </button>
            </div>
          ) : null}
        </div>
      ) : owner ? (
        <Form
          form={form}
          idPrefix="recall"
          aria-labelledby="recall-heading"
          onSubmit={form.handleSubmit((values) => setAsking(values))}
        >
          <p className="muted small">
            If the product turns out to be unsafe, publish a recall: it shows at the top of the
            product page and is e-mailed once to everyone who bought it (paid orders).
          </p>
          <InputField name="title" label="Title" maxLength={200} />
          <TextAreaField name="problem" label="What is wrong" rows={3} maxLength={4000} />
          <TextAreaField name="action" label="What buyers should do" rows={3} maxLength={4000} />
          <CheckField name="off_sale">
            Take the product off sale (its page stays, with the notice)
          </CheckField>
          <FormButtons busy={publish.isPending} label="Publish recall" />
        </Form>
      ) : (
        <p className="muted">No open recall. Only the owner can publish one.</p>
      )}
      {earlier.length > 0 ? (
        <ul className="small">
          {earlier.map((r) => (
            <li key={r.id}>
              {r.title}: published {formatDateTime(r.published_at)}, withdrawn{' '}
              {formatDateTime(r.withdrawn_at)}.
            </li>
          ))}
        </ul>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="Publish this recall?"
          confirmLabel="Publish and e-mail buyers"
          pending={publish.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        >
          <p>
            Every buyer of {product.name} is e-mailed now, and the notice shows on its page. This
            cannot be unsent.
          </p>
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
