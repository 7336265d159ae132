/**
 * Failed calls, and what a screen says about them in plain words.
 *
 * Every non-2xx answer of the API becomes an {@link ApiError} carrying the status and the parsed
 * body (DRF style: `{"detail": "…"}` or `{"field": ["message", …]}`), so React Query and the
 * forms always see a real `Error`.
 */

/** A non-2xx answer. `body` is the parsed JSON, the text, or null. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(detailOf(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function detailOf(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.detail === 'string' && body.detail.trim()) return body.detail;
  return undefined;
}

/** The body's field errors keyed by field (`detail` and `non_field_errors` excluded). */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error.body)) {
    if (field === 'detail') continue;
    const messages = Array.isArray(value)
      ? value.filter((m): m is string => typeof m === 'string')
      : typeof value === 'string'
        ? [value]
        : [];
    if (messages.length) out[field] = messages;
  }
  return out;
}

/** What a status means when the body says nothing readable. */
function statusWords(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You do not have permission to do this.';
  if (status === 404) return 'Not found. It may have been removed.';
  if (status === 409) return 'This cannot be done in the current state. Reload and try again.';
  if (status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (status >= 500) return 'The server had a problem. Please try again in a moment.';
  return 'The request was refused. Check the form and try again.';
}

/**
 * The message for a failed call: the server's `detail`, else its field errors as
 * "field: message" joined by spaces, else words for the status, else for a network failure.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = detailOf(error.body);
    if (detail) return detail;
    const fields = Object.entries(fieldErrors(error));
    if (fields.length)
      return fields
        .map(([field, messages]) =>
          field === 'non_field_errors'
            ? messages.join(' ')
            : `${humanize(field)}: ${messages.join(' ')}`,
        )
        .join(' ');
    return statusWords(error.status);
  }
  if (error instanceof TypeError)
    return 'Could not reach the server. Check the connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** `payer_reference` -> "Payer reference". */
function humanize(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** True for an {@link ApiError} with this status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
