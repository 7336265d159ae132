/**
 * Puts a refused call's field errors (DRF `{"field": ["message"]}`) next to the form's fields;
 * what no field of the form shows (a `detail`, another field's message, a status without a
 * body) becomes the message at the top of the form.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, fieldErrors } from '../api/errors';

/**
 * @param fields the form's fields that can show a message beside them
 * @returns the message for the top of the form, or null when every message found its field
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const byField = fieldErrors(error);
  const left: string[] = [];
  let placed = false;
  for (const [field, messages] of Object.entries(byField)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
      placed = true;
    } else left.push(field);
  }
  if (placed && left.length === 0) return null;
  return errorMessage(error);
}
