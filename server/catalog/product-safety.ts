/**
 * A product's safety information on the server (EU General Product Safety Regulation (EU)
 * 2023/988 art. 19, distance sales, and art. 16, the EU responsible person; decision 083):
 * checking the fields the back office sends (a product's own in `PATCH /products/{id}/`, the
 * shop's default in `PUT /settings/product-safety/`), reading the shop's default, and the
 * storefront's `safety` object of a product (each field the product's own when set, else the
 * shop's default: common/product-safety.ts `resolveSafety`).
 *
 * The texts are plain text, never HTML (the storefront and the e-mails write them as text, so
 * markup shows as typed and runs nowhere): trimmed, NUL and control characters refused (line
 * breaks allowed in the addresses and the warnings), bounded by `SAFETY_TEXT_LIMITS`. An
 * electronic address is an e-mail address or an http(s) web address. A pictogram is one of the
 * repository's fixed set (`SAFETY_PICTOGRAMS`) or null.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Schemas } from '../../common/storefront-contract.ts';
import {
  EMPTY_SAFETY,
  isSafetyEmpty,
  isSafetyPictogram,
  parseSafety,
  resolveSafety,
  SAFETY_MULTILINE,
  SAFETY_PICTOGRAMS,
  SAFETY_TEXT_LIMITS,
  type SafetyFields,
  type SafetyTextField,
} from '../../common/product-safety.ts';
import type { Database } from '../platform/db/database.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { NUL_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';

/** The messages of the safety fields' rules (tests and the contracts quote them). */
export const SAFETY_MESSAGES = {
  notObject: 'Expected an object of safety fields.',
  notText: 'Not a valid string.',
  controlCharacters: 'Control characters are not allowed.',
  contact: 'Enter an e-mail address or a web address starting with https://.',
  pictogram: `Not a valid choice. Expected one of: ${Object.keys(SAFETY_PICTOGRAMS).join(', ')}.`,
  tooLong: tooLongMessage,
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const WEB = /^https?:\/\/[^\s<>]+\.[^\s<>]+$/i;

/** The contact fields, which hold an e-mail or a web address. */
const CONTACTS: ReadonlySet<SafetyTextField> = new Set([
  'manufacturer_contact',
  'responsible_person_contact',
]);

/**
 * Checks the safety fields sent (every field optional; one left out keeps `current`'s value) and
 * returns them merged over `current`, or records each mistake in `errors` under
 * `{prefix}{field}` (e.g. `safety.warnings`). Line breaks are kept as `\n`.
 */
export function checkSafetyInput(
  errors: FieldErrors,
  prefix: string,
  input: unknown,
  current: SafetyFields = EMPTY_SAFETY,
): SafetyFields {
  const out: SafetyFields = { ...current };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    errors[prefix.replace(/\.$/, '') || 'non_field_errors'] = [SAFETY_MESSAGES.notObject];
    return out;
  }
  const record = input as Record<string, unknown>;
  for (const field of Object.keys(SAFETY_TEXT_LIMITS) as SafetyTextField[]) {
    const value = record[field];
    if (value === undefined) continue;
    const at = `${prefix}${field}`;
    if (value === null) {
      out[field] = '';
      continue;
    }
    if (typeof value !== 'string') {
      errors[at] = [SAFETY_MESSAGES.notText];
      continue;
    }
    if (value.includes('\u0000')) {
      errors[at] = [NUL_MESSAGE];
      continue;
    }
    const multiline = SAFETY_MULTILINE.has(field);
    if ((multiline ? CONTROL_BUT_LINES : CONTROL).test(value)) {
      errors[at] = [SAFETY_MESSAGES.controlCharacters];
      continue;
    }
    const text = multiline
      ? value
          .replace(/\r\n?/g, '\n')
          .replace(/[ \t]+$/gm, '')
          .trim()
      : value.trim();
    if ([...text].length > SAFETY_TEXT_LIMITS[field]) {
      errors[at] = [SAFETY_MESSAGES.tooLong(SAFETY_TEXT_LIMITS[field])];
      continue;
    }
    if (CONTACTS.has(field) && text !== '' && !EMAIL.test(text) && !WEB.test(text)) {
      errors[at] = [SAFETY_MESSAGES.contact];
      continue;
    }
    out[field] = text;
  }
  if (record.pictogram !== undefined) {
    if (record.pictogram === null || record.pictogram === '') out.pictogram = null;
    else if (isSafetyPictogram(record.pictogram)) out.pictogram = record.pictogram;
    else errors[`${prefix}pictogram`] = [SAFETY_MESSAGES.pictogram];
  }
  return out;
}

/** Shop `tenantId`'s default safety fields (nothing set when it never saved any). */
export async function shopSafetyDefault(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: number,
): Promise<SafetyFields> {
  const row = await db
    .selectFrom('shop_settings')
    .select('product_safety')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return parseSafety(row?.product_safety);
}

type StorefrontSafety = Schemas['ProductSafety'];

/** A party (manufacturer or responsible person) when any of its fields is set. */
function party(name: string, address: string, contact: string) {
  return name || address || contact ? { name, address, contact } : null;
}

/**
 * The storefront's `safety` of a product whose own stored JSON is `productJson`, over the shop's
 * default: each field resolved (common/product-safety.ts `resolveSafety`); undefined when not
 * one field is set either way (the answer then leaves `safety` out).
 */
export function storefrontSafety(
  productJson: string | null,
  shopDefault: SafetyFields,
): StorefrontSafety | undefined {
  const fields = resolveSafety(parseSafety(productJson), shopDefault);
  if (isSafetyEmpty(fields)) return undefined;
  return {
    manufacturer: party(
      fields.manufacturer_name,
      fields.manufacturer_address,
      fields.manufacturer_contact,
    ),
    responsible_person: party(
      fields.responsible_person_name,
      fields.responsible_person_address,
      fields.responsible_person_contact,
    ),
    model: fields.model || null,
    batch_or_serial: fields.batch_or_serial || null,
    warnings: fields.warnings || null,
    pictogram: fields.pictogram,
    pictogram_label: fields.pictogram ? SAFETY_PICTOGRAMS[fields.pictogram].label : null,
  };
}
