/**
 * The company page (`/content/company`): the tagline, history, mission and vision (plain text:
 * a blank line starts a paragraph), and the core values in their order, each with Edit, Move
 * up, Move down and Delete.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { FormNotices } from '../../components/notice';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  companyQuery,
  coreValueApi,
  useOrderedList,
  useSaveCompany,
  type AdminCompanyPage,
  type AdminCoreValue,
} from './api';
import { ItemForm, OrderedList, useItemForm, type ItemFormProps } from './ordered-list';
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
      <QueryView query={company}>
        {(page) => (
          <>
            <CompanyForm page={page} />
            <OrderedList
              title="Core values"
              noun="value"
              items={page.core_values}
              name={(value) => value.name}
              details={(value) => <p className="muted small">{value.description}</p>}
              Form={CoreValueForm}
              moves={values}
              empty="No core values yet."
            />
          </>
        )}
      </QueryView>
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
  const { InputField, TextAreaField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, COMPANY_FIELDS, async (values) => {
    setSaved(false);
    await save.mutateAsync(values);
    form.reset(values);
    setSaved(true);
  });
  return (
    <Panel titleId="company-title" title="About the company">
      <Form form={form} idPrefix="company" onSubmit={submit} aria-labelledby="company-title">
        <FormNotices done={saved && 'The company page was saved.'} error={message} />
        <InputField name="tagline" label="Tagline" type="text" />
        <TextAreaField
          name="history_summary"
          label="History"
          hint="A blank line starts a new paragraph."
          rows={6}
        />
        <TextAreaField name="mission_statement" label="Mission" rows={3} />
        <TextAreaField name="vision_statement" label="Vision" rows={3} />
        <FormButtons busy={form.formState.isSubmitting} label="Save the company page" />
      </Form>
    </Panel>
  );
}

function CoreValueForm(props: ItemFormProps<AdminCoreValue>) {
  const { item } = props;
  const list = useOrderedList(coreValueApi);
  const form = useForm<CoreValueValues>({
    resolver: zodResolver(coreValueSchema),
    defaultValues: { name: item?.name ?? '', description: item?.description ?? '' },
  });
  const { InputField, TextAreaField } = fieldsOf(form);
  const frame = useItemForm(form, props, {
    noun: 'value',
    idPrefix: 'value',
    fields: ['name', 'description'],
    moves: list,
  });
  return (
    <ItemForm {...frame}>
      <InputField name="name" label="Name" type="text" />
      <TextAreaField name="description" label="Description" rows={3} />
    </ItemForm>
  );
}
