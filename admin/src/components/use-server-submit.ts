/**
 * The submit of a form that sends one request: once at a time (./use-single-flight.ts), and a
 * refusal's field errors beside the form's fields, the rest as the form's message
 * (./server-errors.ts).
 */
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { placeServerErrors } from './server-errors';
import { useSingleFlight } from './use-single-flight';

/**
 * Wraps `send` as `form`'s submit handler: it runs with the validated values unless a send is
 * under way, clears the message first, and on a refusal places its field errors on `fields`.
 * @returns `submit` for the form's `onSubmit`, and `message`: what no field shows of the last
 *   refusal, or null
 */
export function useServerSubmit<TFieldValues extends FieldValues, TTransformedValues>(
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>,
  fields: readonly Path<TFieldValues>[],
  send: (values: TTransformedValues) => Promise<unknown>,
) {
  const once = useSingleFlight();
  const [message, setMessage] = useState<string | null>(null);
  const submit = form.handleSubmit((values) =>
    once(async () => {
      setMessage(null);
      try {
        await send(values);
      } catch (error) {
        setMessage(placeServerErrors(error, form.setError, fields));
      }
    }),
  );
  return { submit, message };
}
