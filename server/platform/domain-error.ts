/**
 * The one error a domain folder raises when a rule refuses what was asked (architecture guide,
 * convention 17; Saleor's per-package error codes): a code naming the rule, the message the
 * spec words for it, and either the field it is about or several fields at once. A domain never
 * knows it is behind HTTP: `server/http/domain-errors.ts` maps each code to the contract's
 * status and the DRF-style body (`{"detail": ...}` or `{"field": ["message"]}`), and a code
 * without a status there fails the type check.
 *
 * Each domain folder lists its codes in its own `errors.ts` (`CartErrorCode`, ...).
 */

/** Field errors as the contract words them: field name -> messages. */
export type FieldErrors = Record<string, string[]>;

/** What goes with a domain error besides its code and message. */
export interface DomainErrorOptions {
  /** The one field the message is about (`quantity`, `age_attestation.date_of_birth`). */
  field?: string;
  /** Several fields at once, each with its messages (a form's every mistake in one answer). */
  fields?: FieldErrors;
  /** Data the answer carries beside the message (the current cart of a price change). */
  extra?: Record<string, unknown>;
}

/** A rule refused the request; see the module docstring. */
export class DomainError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly field: string | undefined;
  readonly fields: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: Code, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.field = options.field;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}

/**
 * The answer body of a domain error as the contract shapes it: the fields when there are
 * several, `{field: [message]}` for one field, else `{detail: message, ...extra}`.
 */
export function errorBody(error: DomainError): Record<string, unknown> {
  if (error.fields) return error.fields;
  if (error.field) return { [error.field]: [error.message] };
  return { detail: error.message, ...error.extra };
}
