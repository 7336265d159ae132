/**
 * The submit of a settings form saved as a whole: once at a time, a refusal's field errors
 * beside the fields and the rest as the form's message, and "Saved." once it is saved.
 */
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { placeServerErrors } from '../../components/server-errors';
import { useSingleFlight } from '../../components/use-single-flight';

export type FormMessage = { tone: 'error' | 'success'; text: string } | null;

/**
 * Wraps `send` as `form`'s submit handler.
 * @returns `submit` for `onSubmit`, and the message to show above the form (or null).
 */
export function useSavedForm<TFieldValues extends FieldValues, TTransformedValues>(
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>,
  fields: readonly Path<TFieldValues>[],
  send: (values: TTransformedValues) => Promise<string>,
) {
  const once = useSingleFlight();
  const [message, setMessage] = useState<FormMessage>(null);
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        setMessage({ tone: 'success', text: await send(values) });
      } catch (error) {
        const rest = placeServerErrors(error, form.setError, fields);
        if (rest) setMessage({ tone: 'error', text: rest });
      }
    }),
  );
  return { submit, message, setMessage };
}
