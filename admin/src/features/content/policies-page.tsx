/**
 * The policies (`/content/policies`): the refund policy, the privacy policy and the
 * accessibility statement (decision 086: a new one starts from the model the server fills in),
 * each a title and its text written with the rich text editor, saved on its own.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { formatDateTime } from '../../components/format';
import { FormNotices } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { RichField } from '../../components/rich-field';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  POLICY_LABELS,
  POLICY_TYPES,
  policyQuery,
  useSavePolicy,
  type AdminPolicy,
  type PolicyType,
} from './api';
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
    <Panel titleId={headingId} title={POLICY_LABELS[type]}>
      <QueryView query={policy}>{(data) => <PolicyForm type={type} policy={data} />}</QueryView>
    </Panel>
  );
}

export function PolicyForm({ type, policy }: { type: PolicyType; policy: AdminPolicy }) {
  const save = useSavePolicy(type);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<PolicyValues>({
    resolver: zodResolver(policySchema),
    defaultValues: { title: policy.title, content: policy.content },
  });
  const { InputField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, ['title', 'content'], async (values) => {
    setSaved(null);
    await save.mutateAsync(values);
    setSaved(`The ${POLICY_LABELS[type].toLowerCase()} was saved.`);
  });
  return (
    <Form form={form} idPrefix={type} onSubmit={submit} aria-label={POLICY_LABELS[type]}>
      {policy.updated_at ? (
        <p className="muted small">Last changed {formatDateTime(policy.updated_at)}</p>
      ) : (
        <p className="muted small">Not written yet.</p>
      )}
      <FormNotices done={saved} error={message} />
      <InputField name="title" id={`${type}-title-field`} label="Title" type="text" />
      <RichField name="content" label="Text" />
      <FormButtons
        busy={form.formState.isSubmitting}
        label={`Save the ${POLICY_LABELS[type].toLowerCase()}`}
      />
    </Form>
  );
}
