/**
 * Puts a refused call's field errors next to their form fields (as the registration
 * form does); what no field shows becomes the form's message.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorMessage, apiFieldErrors } from '../../api/errors';

/**
 * @param fields the form's field names that can show a server message beside them
 * @returns the message for the top of the form (the `detail`, the other fields' errors as
 *   'field: message', or `fallback`), or null when every error found its field
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string | null {
  const fieldErrors = apiFieldErrors(error);
  let placed = false;
  for (const field of fields) {
    const messages = fieldErrors[field];
    if (messages?.length) {
      setError(field, { message: messages.join(' ') });
      placed = true;
    }
  }
  const others = Object.keys(fieldErrors).some((f) => !(fields as readonly string[]).includes(f));
  return !placed || others ? apiErrorMessage(error, fallback, { useErrorMessage: true }) : null;
}
