/**
 * The policies (`/content/policies`): the refund policy and the privacy policy, each a title
 * and its text written with the rich text editor, saved on its own.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { formatDateTime } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  POLICY_LABELS,
  POLICY_TYPES,
  policyQuery,
  useSavePolicy,
  type AdminPolicy,
  type PolicyType,
} from './api';
import { RichField } from './rich-field';
import { policySchema, type PolicyValues } from './schemas';

export function PoliciesPage() {
  return (
    <>
      <title>Policies · Content · Back office</title>
      {POLICY_TYPES.map((type) => (
        <PolicyPanel key={type} type={type} />
      ))}
    </>
  );
}

function PolicyPanel({ type }: { type: PolicyType }) {
  const policy = useQuery(policyQuery(type));
  const headingId = `${type}-title`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{POLICY_LABELS[type]}</h2>
      {policy.isPending ? (
        <Loading />
      ) : policy.isError ? (
        <ErrorNotice error={policy.error} onRetry={() => void policy.refetch()} />
      ) : (
        <PolicyForm type={type} policy={policy.data} />
      )}
    </section>
  );
}

export function PolicyForm({ type, policy }: { type: PolicyType; policy: AdminPolicy }) {
  const save = useSavePolicy(type);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<PolicyValues>({
    resolver: zodResolver(policySchema),
    defaultValues: { title: policy.title, content: policy.content },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(form, ['title', 'content'], async (values) => {
    setSaved(null);
    await save.mutateAsync(values);
    setSaved(`The ${POLICY_LABELS[type].toLowerCase()} was saved.`);
  });
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={POLICY_LABELS[type]}>
      {policy.updated_at ? (
        <p className="muted small">Last changed {formatDateTime(policy.updated_at)}</p>
      ) : (
        <p className="muted small">Not written yet.</p>
      )}
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${type}-title-field`} label="Title" error={errors.title?.message}>
        <input id={`${type}-title-field`} type="text" {...form.register('title')} />
      </FormField>
      <RichField
        control={form.control}
        name="content"
        id={`${type}-content`}
        label="Text"
        error={errors.content?.message}
      />
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting
            ? 'Saving…'
            : `Save the ${POLICY_LABELS[type].toLowerCase()}`}
        </button>
      </div>
    </form>
  );
}
