/**
 * The FAQ (`/content/faq`): the questions in the order the shop shows them, each with Edit,
 * Move up, Move down and Delete; "Add a question" opens the form at the end. The answer is
 * written with the rich text editor and saved sanitized by the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { faqApi, faqsQuery, useOrderedList, type AdminFaq } from './api';
import { FormButtons, OrderedList, type ItemFormProps } from './ordered-list';
import { RichField, summaryOf } from './rich-field';
import { faqSchema, type FaqValues } from './schemas';

export function FaqPage() {
  const faqs = useQuery(faqsQuery());
  const list = useOrderedList(faqApi);
  return (
    <>
      <title>FAQ · Content · Back office</title>
      {faqs.isPending ? (
        <Loading />
      ) : faqs.isError ? (
        <ErrorNotice error={faqs.error} onRetry={() => void faqs.refetch()} />
      ) : (
        <OrderedList
          title="Questions"
          noun="question"
          items={faqs.data}
          name={(faq) => faq.question}
          details={(faq) => <p className="muted small">{summaryOf(faq.answer)}</p>}
          Form={FaqForm}
          onReorder={(ids) => list.reorder.mutateAsync(ids)}
          onDelete={(id) => list.remove.mutateAsync(id)}
          reordering={list.reorder.isPending}
          deleting={list.remove.isPending}
          empty="No questions yet: the FAQ page says so to shoppers."
        />
      )}
    </>
  );
}

/** Adds a question (item null) or edits one. */
export function FaqForm({ item, onDone, onCancel }: ItemFormProps<AdminFaq>) {
  const list = useOrderedList(faqApi);
  const form = useForm<FaqValues>({
    resolver: zodResolver(faqSchema),
    defaultValues: { question: item?.question ?? '', answer: item?.answer ?? '' },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(form, ['question', 'answer'], async (values) => {
    if (item) await list.update.mutateAsync({ id: item.id, body: values });
    else await list.create.mutateAsync(values);
    onDone(item ? 'The question was saved.' : 'The question was added.');
  });
  const id = item ? `faq-${item.id}` : 'faq-new';
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={item ? 'Edit question' : 'New question'}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${id}-question`} label="Question" error={errors.question?.message}>
        <input id={`${id}-question`} type="text" {...form.register('question')} />
      </FormField>
      <RichField
        control={form.control}
        name="answer"
        id={`${id}-answer`}
        label="Answer"
        error={errors.answer?.message}
      />
      <FormButtons pending={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
