/**
 * The company page (`/content/company`): the tagline, history, mission and vision (plain text:
 * a blank line starts a paragraph), and the core values in their order, each with Edit, Move
 * up, Move down and Delete.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  companyQuery,
  coreValueApi,
  useOrderedList,
  useSaveCompany,
  type AdminCompanyPage,
  type AdminCoreValue,
} from './api';
import { FormButtons, OrderedList, type ItemFormProps } from './ordered-list';
import {
  companySchema,
  coreValueSchema,
  type CompanyValues,
  type CoreValueValues,
} from './schemas';

const COMPANY_FIELDS = [
  'tagline',
  'history_summary',
  'mission_statement',
  'vision_statement',
] as const;

export function CompanyPage() {
  const company = useQuery(companyQuery());
  const values = useOrderedList(coreValueApi);
  return (
    <>
      <title>Company · Content · Back office</title>
      {company.isPending ? (
        <Loading />
      ) : company.isError ? (
        <ErrorNotice error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        <>
          <CompanyForm page={company.data} />
          <OrderedList
            title="Core values"
            noun="value"
            items={company.data.core_values}
            name={(value) => value.name}
            details={(value) => <p className="muted small">{value.description}</p>}
            Form={CoreValueForm}
            onReorder={(ids) => values.reorder.mutateAsync(ids)}
            onDelete={(id) => values.remove.mutateAsync(id)}
            reordering={values.reorder.isPending}
            deleting={values.remove.isPending}
            empty="No core values yet."
          />
        </>
      )}
    </>
  );
}

function CompanyForm({ page }: { page: AdminCompanyPage }) {
  const save = useSaveCompany();
  const [saved, setSaved] = useState(false);
  const form = useForm<CompanyValues>({
    resolver: zodResolver(companySchema),
    defaultValues: {
      tagline: page.tagline,
      history_summary: page.history_summary,
      mission_statement: page.mission_statement,
      vision_statement: page.vision_statement,
    },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(form, COMPANY_FIELDS, async (values) => {
    setSaved(false);
    await save.mutateAsync(values);
    form.reset(values);
    setSaved(true);
  });
  return (
    <section className="panel" aria-labelledby="company-title">
      <h2 id="company-title">About the company</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="company-title">
        {saved ? <Notice tone="success">The company page was saved.</Notice> : null}
        {message ? <Notice tone="error">{message}</Notice> : null}
        <FormField id="company-tagline" label="Tagline" error={errors.tagline?.message}>
          <input id="company-tagline" type="text" {...form.register('tagline')} />
        </FormField>
        <FormField
          id="company-history"
          label="History"
          hint="A blank line starts a new paragraph."
          error={errors.history_summary?.message}
        >
          <textarea id="company-history" rows={6} {...form.register('history_summary')} />
        </FormField>
        <FormField id="company-mission" label="Mission" error={errors.mission_statement?.message}>
          <textarea id="company-mission" rows={3} {...form.register('mission_statement')} />
        </FormField>
        <FormField id="company-vision" label="Vision" error={errors.vision_statement?.message}>
          <textarea id="company-vision" rows={3} {...form.register('vision_statement')} />
        </FormField>
        <div className="button-row">
          <button
            type="submit"
            className="button button-primary"
            disabled={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? 'Saving…' : 'Save the company page'}
          </button>
        </div>
      </form>
    </section>
  );
}

function CoreValueForm({ item, onDone, onCancel }: ItemFormProps<AdminCoreValue>) {
  const list = useOrderedList(coreValueApi);
  const form = useForm<CoreValueValues>({
    resolver: zodResolver(coreValueSchema),
    defaultValues: { name: item?.name ?? '', description: item?.description ?? '' },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(form, ['name', 'description'], async (values) => {
    if (item) await list.update.mutateAsync({ id: item.id, body: values });
    else await list.create.mutateAsync(values);
    onDone(item ? 'The value was saved.' : 'The value was added.');
  });
  const id = item ? `value-${item.id}` : 'value-new';
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={item ? 'Edit value' : 'New value'}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        <input id={`${id}-name`} type="text" {...form.register('name')} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        <textarea id={`${id}-description`} rows={3} {...form.register('description')} />
      </FormField>
      <FormButtons pending={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
