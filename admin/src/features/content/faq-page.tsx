/**
 * The FAQ (`/content/faq`): the questions in the order the shop shows them, each with Edit,
 * Move up, Move down and Delete; "Add a question" opens the form at the end. The answer is
 * written with the rich text editor and saved sanitized by the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../components/fields';
import { QueryView } from '../../components/query-view';
import { RichField } from '../../components/rich-field';
import { faqApi, faqsQuery, useOrderedList, type AdminFaq } from './api';
import { ItemForm, OrderedList, useItemForm, type ItemFormProps } from './ordered-list';
import { summaryOf } from './rich-field';
import { faqSchema, type FaqValues } from './schemas';

export function FaqPage() {
  const faqs = useQuery(faqsQuery());
  const list = useOrderedList(faqApi);
  return (
    <>
      <title>FAQ · Content · Back office</title>
      <QueryView query={faqs}>
        {(items) => (
          <OrderedList
            title="Questions"
            noun="question"
            items={items}
            name={(faq) => faq.question}
            details={(faq) => <p className="muted small">{summaryOf(faq.answer)}</p>}
            Form={FaqForm}
            moves={list}
            empty="No questions yet: the FAQ page says so to shoppers."
          />
        )}
      </QueryView>
    </>
  );
}

/** Adds a question (item null) or edits one. */
export function FaqForm(props: ItemFormProps<AdminFaq>) {
  const { item } = props;
  const list = useOrderedList(faqApi);
  const form = useForm<FaqValues>({
    resolver: zodResolver(faqSchema),
    defaultValues: { question: item?.question ?? '', answer: item?.answer ?? '' },
  });
  const { InputField } = fieldsOf(form);
  const frame = useItemForm(form, props, {
    noun: 'question',
    idPrefix: 'faq',
    fields: ['question', 'answer'],
    moves: list,
  });
  return (
    <ItemForm {...frame}>
      <InputField name="question" label="Question" type="text" />
      <RichField name="answer" label="Answer" />
    </ItemForm>
  );
}
