/**
 * What a member sends to create or edit a category in the back office, checked
 * (./category-editing.ts saves it): the columns' limits (characters: name 100, slug 100,
 * description 20,000; at most 1000 categories a shop), every message the contract quotes, and
 * the slug a name makes.
 *
 * - `name`: required on create, trimmed, no control characters.
 * - `slug`: lowercase letters, digits and hyphens; left empty on create it is made from the
 *   name (`slugFromName`); never blank on an edit.
 * - `description`: staff HTML, cleaned with the policy the storefront shows it with
 *   (`sanitizeStaffHtml`), control characters dropped.
 *
 * Errors: `invalid_category_input` (400) naming every bad field, or `non_field_errors` for an
 * edit that sends nothing. Spec: openapi/admin.yaml, tag stock-and-categories.
 */
import { sanitizeStaffHtml } from '../../common/sanitize-staff-html.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import { BLANK_MESSAGE, REQUIRED_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import { SLUG_PATTERN, slugify } from '../platform/slug.ts';
import type { StockCategoryErrorCode } from './stock-category-errors.ts';
import { CONTROL } from '../platform/text-checks.ts';

/** The columns' limits. */
export const CATEGORY_LIMITS = { name: 100, slug: 100, description: 20_000, count: 1000 } as const;

/** Every message of category editing, as the contract quotes them. */
export const CATEGORY_MESSAGES = {
  required: REQUIRED_MESSAGE,
  blank: BLANK_MESSAGE,
  tooLong: tooLongMessage,
  controlCharacters: 'Enter text without control characters.',
  slugFormat: 'Enter lowercase letters, digits and hyphens only, e.g. kitchen-knives.',
  slugTaken: 'A category with this slug already exists.',
  noChange: 'Send at least one of name, slug, description, adults_only.',
  notBoolean: 'Must be a valid boolean.',
  order: 'List every category of the shop exactly once.',
  tooMany: `A shop holds at most ${CATEGORY_LIMITS.count} categories.`,
  notEmpty: (n: number) =>
    `This category holds ${n} ${n === 1 ? 'product' : 'products'}; move them to another category first.`,
} as const;

/** `invalid_category_input` (400) with each bad field's messages. */
export const invalidCategoryInput = (fields: FieldErrors) =>
  new DomainError<StockCategoryErrorCode>('invalid_category_input', 'Invalid input.', { fields });

/** A slug made from a name: lowercase ASCII letters and digits joined by single hyphens. */
export function slugFromName(name: string): string {
  return slugify(name, CATEGORY_LIMITS.slug - 4, 'category');
}

/** What a member sends for a category; every field optional on an edit. */
export interface CategoryInput {
  name?: string;
  slug?: string;
  description?: string;
  /** A new product in it is sold to adults only by default (issue 40). */
  adults_only?: boolean;
}

/** Checks and cleans the fields sent; throws `invalid_category_input` naming every bad one. */
export function checkCategoryInput(input: CategoryInput, creating: boolean): CategoryInput {
  const errors: FieldErrors = {};
  const out: CategoryInput = {};
  if (input.name !== undefined || creating) {
    if (typeof input.name !== 'string') errors.name = [CATEGORY_MESSAGES.required];
    else {
      const name = input.name.trim();
      if (name === '') errors.name = [CATEGORY_MESSAGES.blank];
      else if (name.length > CATEGORY_LIMITS.name) {
        errors.name = [CATEGORY_MESSAGES.tooLong(CATEGORY_LIMITS.name)];
      } else if (CONTROL.test(name)) errors.name = [CATEGORY_MESSAGES.controlCharacters];
      else out.name = name;
    }
  }
  if (input.slug !== undefined) {
    if (typeof input.slug !== 'string') errors.slug = [CATEGORY_MESSAGES.slugFormat];
    else {
      const slug = input.slug.trim();
      if (slug === '' && !creating) errors.slug = [CATEGORY_MESSAGES.blank];
      else if (slug.length > CATEGORY_LIMITS.slug) {
        errors.slug = [CATEGORY_MESSAGES.tooLong(CATEGORY_LIMITS.slug)];
      } else if (slug !== '' && !SLUG_PATTERN.test(slug))
        errors.slug = [CATEGORY_MESSAGES.slugFormat];
      else if (slug !== '') out.slug = slug;
    }
  }
  if (input.description !== undefined) {
    if (typeof input.description !== 'string') errors.description = [CATEGORY_MESSAGES.required];
    else if (input.description.length > CATEGORY_LIMITS.description) {
      errors.description = [CATEGORY_MESSAGES.tooLong(CATEGORY_LIMITS.description)];
    } else {
      // NUL and other control characters have no place in HTML; the sanitizer keeps text.
      out.description = sanitizeStaffHtml(input.description.replace(CONTROL_NOT_SPACE, ''));
    }
  }
  if (input.adults_only !== undefined) {
    if (typeof input.adults_only !== 'boolean') errors.adults_only = [CATEGORY_MESSAGES.notBoolean];
    else out.adults_only = input.adults_only;
  }
  if (!creating && Object.keys(errors).length === 0 && Object.keys(out).length === 0) {
    throw invalidCategoryInput({ non_field_errors: [CATEGORY_MESSAGES.noChange] });
  }
  if (Object.keys(errors).length > 0) throw invalidCategoryInput(errors);
  return out;
}

// eslint-disable-next-line no-control-regex
const CONTROL_NOT_SPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
