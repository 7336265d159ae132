/**
 * API errors and the spec's message rules (storefront-spec.md, section 8).
 *
 * The client middleware turns every non-2xx answer into an {@link ApiError}, so React Query
 * and the screens always see a real `Error` carrying the HTTP status and the parsed body.
 */

/** A non-2xx answer from the shop API. `body` is the parsed JSON, or the text, or null. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? detailOf(body) ?? `Request failed with status ${status}`);
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

/**
 * DRF field errors as the spec shows them: `field: message message; other: message`.
 * Returns undefined when the body holds no field errors.
 */
export function fieldErrorsMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const parts: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail') continue;
    const messages = Array.isArray(value)
      ? value.filter((m) => typeof m === 'string')
      : typeof value === 'string'
        ? [value]
        : [];
    if (messages.length) parts.push(`${field}: ${messages.join(' ')}`);
  }
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * The message a screen shows for a failed call: the server's `detail`, else its field
 * errors as `field: messages` joined by '; ', else (with `useErrorMessage`, as login and
 * registration do) the error's own message, else `fallback`.
 */
export function apiErrorMessage(
  error: unknown,
  fallback: string,
  options: { useErrorMessage?: boolean } = {},
): string {
  if (error instanceof ApiError) {
    const fromBody = detailOf(error.body) ?? fieldErrorsMessage(error.body);
    if (fromBody) return fromBody;
  }
  if (options.useErrorMessage && error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Field errors keyed by field, for putting server messages next to form fields. */
export function apiFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error.body)) {
    if (field === 'detail') continue;
    if (Array.isArray(value)) out[field] = value.filter((m): m is string => typeof m === 'string');
    else if (typeof value === 'string') out[field] = [value];
  }
  return out;
}

/** True for an {@link ApiError} with the given status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** True when the server said 404. */
export function isNotFound(error: unknown): boolean {
  return hasStatus(error, 404);
}
