/**
 * What the back office's content screens type, checked before anything is stored: plain texts
 * (trimmed, not blank when required, no control characters but line breaks where a text has
 * lines), staff HTML (sanitized with the storefront's own policy, `sanitizeStaffHtml`, so what
 * is stored is what the shop shows), https links, e-mail addresses and slugs. Each check pushes
 * DRF's wording into a `FieldErrors` map; `throwIfInvalid` raises them all at once as
 * `invalid_content_input` (400), so a form shows every mistake beside its field.
 *
 * Lengths here are the contract's (openapi/admin.yaml, tag content), which refuses longer
 * bodies before a handler runs; they are checked again so the domain holds on its own.
 */
import { sanitizeStaffHtml } from '../../common/sanitize-staff-html.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { ContentErrorCode } from './errors.ts';
import { BLANK_MESSAGE, REQUIRED_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import { CONTROL, CONTROL_BUT_LINES } from '../platform/text-checks.ts';

/** The words of the content screens' refusals. */
export const CONTENT_MESSAGES = {
  notFound: 'Not found.',
  required: REQUIRED_MESSAGE,
  blank: BLANK_MESSAGE,
  tooLong: tooLongMessage,
  controlCharacters: 'Enter text without control characters.',
  notBoolean: 'Must be a valid boolean.',
  notHttps: 'Enter an address starting with https://.',
  mapHost: (hosts: readonly string[]) =>
    `The shop's pages can embed maps from ${hosts.join(', ')} only; paste its embed address (https://${hosts[0]}/export/embed.html?...).`,
  email: 'Enter a valid email address.',
  slug: 'Use lowercase letters, digits and hyphens only (e.g. "winter-oiling").',
  slugTaken: 'Another post already has this slug.',
  date: 'Datetime has wrong format. Use ISO 8601, e.g. 2026-12-01T09:00:00Z.',
  notAChoice: (value: string, choices: readonly string[]) =>
    `"${value}" is not a valid choice. Expected one of: ${choices.join(', ')}.`,
  emptyHtml: 'Write something here: nothing would be shown.',
  order: "Send every item's id exactly once.",
  deleteNotDraft: 'Only a draft can be deleted; archive a published post instead.',
} as const;

/** `invalid_content_input` (400) with each bad field's messages. */
export const invalidContent = (fields: FieldErrors) =>
  new DomainError<ContentErrorCode>('invalid_content_input', 'Invalid input.', { fields });

/** `content_not_found` ("Not found."): nothing of that id in the member's shop. */
export const contentNotFound = () =>
  new DomainError<ContentErrorCode>('content_not_found', CONTENT_MESSAGES.notFound);

/** `content_move_refused` (409) with the plain sentence the screen shows. */
export const contentRefused = (message: string) =>
  new DomainError<ContentErrorCode>('content_move_refused', message);

/** Throws `invalid_content_input` when `errors` names any field. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw invalidContent(errors);
}

/**
 * A plain text: trimmed, at most `max` characters, without control characters (line breaks
 * and tabs allowed where `lines`); blank refused unless `optional` (then '' is returned).
 * @returns the trimmed text ('' when refused).
 */
export function checkText(
  errors: FieldErrors,
  field: string,
  value: unknown,
  { max, lines = false, optional = false }: { max: number; lines?: boolean; optional?: boolean },
): string {
  if (typeof value !== 'string') {
    if (optional && (value === undefined || value === null)) return '';
    errors[field] = [CONTENT_MESSAGES.required];
    return '';
  }
  const text = value.trim();
  if (text === '') {
    if (!optional) errors[field] = [CONTENT_MESSAGES.blank];
  } else if (text.length > max) errors[field] = [CONTENT_MESSAGES.tooLong(max)];
  else if ((lines ? CONTROL_BUT_LINES : CONTROL).test(text)) {
    errors[field] = [CONTENT_MESSAGES.controlCharacters];
  }
  return errors[field] ? '' : text;
}

/**
 * Staff HTML: at most `max` characters as typed, then sanitized with the storefront's policy
 * (common/sanitize-staff-html.ts). A NUL is refused (PostgreSQL cannot store one); anything
 * else the policy drops (scripts, styles, event handlers, `javascript:` links) simply goes.
 * `required`: HTML that leaves nothing to read once sanitized is refused.
 * @returns the sanitized HTML ('' when refused).
 */
export function checkHtml(
  errors: FieldErrors,
  field: string,
  value: unknown,
  { max, required = false }: { max: number; required?: boolean },
): string {
  if (typeof value !== 'string') {
    errors[field] = [CONTENT_MESSAGES.required];
    return '';
  }
  if (value.length > max) {
    errors[field] = [CONTENT_MESSAGES.tooLong(max)];
    return '';
  }
  if (value.includes('\u0000')) {
    errors[field] = [CONTENT_MESSAGES.controlCharacters];
    return '';
  }
  const html = sanitizeStaffHtml(value).trim();
  if (required && !hasSomethingToShow(html)) {
    errors[field] = [html === '' ? CONTENT_MESSAGES.blank : CONTENT_MESSAGES.emptyHtml];
    return '';
  }
  return html;
}

/** True when sanitized HTML shows some text or an image (not only empty paragraphs). */
function hasSomethingToShow(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text !== '';
}

/**
 * An https address (no user name or password in it), at most `max` characters; '' or null is
 * "none" when `optional`. `hosts`: the only hosts allowed (the embedded map).
 * @returns the address as typed (trimmed), or null for none or when refused.
 */
export function checkHttpsUrl(
  errors: FieldErrors,
  field: string,
  value: unknown,
  { max, optional = false, hosts }: { max: number; optional?: boolean; hosts?: readonly string[] },
): string | null {
  const text = checkText(errors, field, value, { max, optional });
  if (errors[field] || text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    errors[field] = [CONTENT_MESSAGES.notHttps];
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) {
    errors[field] = [CONTENT_MESSAGES.notHttps];
    return null;
  }
  if (hosts && !hosts.includes(url.hostname)) {
    errors[field] = [CONTENT_MESSAGES.mapHost(hosts)];
    return null;
  }
  return text;
}

/** A simple e-mail address check (the contract's `format: email` says the rest). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, trimmed and at most 254 characters. @returns it ('' when refused). */
export function checkEmail(errors: FieldErrors, field: string, value: unknown): string {
  const text = checkText(errors, field, value, { max: 254 });
  if (errors[field]) return '';
  if (!EMAIL.test(text)) {
    errors[field] = [CONTENT_MESSAGES.email];
    return '';
  }
  return text;
}

/** A boolean field. @returns it (false when refused). */
export function checkBoolean(errors: FieldErrors, field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') {
    errors[field] = [CONTENT_MESSAGES.notBoolean];
    return false;
  }
  return value;
}

/** One of `choices`. @returns it (undefined when refused). */
export function checkChoice<T extends string>(
  errors: FieldErrors,
  field: string,
  value: unknown,
  choices: readonly T[],
): T | undefined {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) {
    return value as T;
  }
  errors[field] = [CONTENT_MESSAGES.notAChoice(String(value).slice(0, 40), choices)];
  return undefined;
}

/**
 * A list of ids naming each of `existing` exactly once, in the new order.
 * @returns the ids (empty when refused: field `ids`).
 */
export function checkOrder(errors: FieldErrors, value: unknown, existing: number[]): number[] {
  const ids = Array.isArray(value) ? value : null;
  const valid =
    ids !== null &&
    ids.length === existing.length &&
    ids.every((id) => Number.isSafeInteger(id)) &&
    new Set(ids).size === ids.length &&
    (ids as number[]).every((id) => existing.includes(id));
  if (!valid) {
    errors.ids = [CONTENT_MESSAGES.order];
    return [];
  }
  return ids as number[];
}

/**
 * The fields whose values differ between `before` and `after` (compared as JSON), each side
 * holding only those: what the activity log records of a change.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  return { before: was, after: now };
}
