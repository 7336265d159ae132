/**
 * An error that becomes a DRF-style answer (`{"detail": "..."}` or field errors) with its status;
 * handlers throw it and plugins/errors.ts sends it.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
  }
}

/** 404 `{"detail":"Not found."}`, DRF's wording for a missing object. */
export function notFound(detail = 'Not found.'): HttpError {
  return new HttpError(404, { detail });
}
