/**
 * The zod schema of a piece's options form, apart from ./api.ts: the cart, checkout and order
 * pages read a line's options from api.ts on the first load, and zod belongs only to the
 * product page that shows the form.
 */
import * as z from 'zod/mini';
import { OPTION_MESSAGES, type ProductOption } from './api';

// The API refuses the C0 and C1 controls and the line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Characters as the API counts them (code points, so an accented letter or an emoji is one). */
function characterCount(text: string): number {
  return [...text].length;
}

function choiceSchema(option: ProductOption) {
  const allowed = new Set(option.values.map((value) => value.value));
  const message = OPTION_MESSAGES.chooseOneOf(option.values.map((value) => value.label));
  return z
    .string()
    .check(z.refine((value) => allowed.has(value) || (!option.required && value === ''), message));
}

function textSchema(option: ProductOption) {
  const max = option.max_length;
  return z.string().check(
    z.trim(),
    z.refine((value) => !CONTROL_CHARACTERS.test(value), OPTION_MESSAGES.controlCharacters),
    z.refine(
      (value) => max == null || characterCount(value) <= max,
      OPTION_MESSAGES.tooLong(max ?? 0),
    ),
    z.refine((value) => !option.required || value !== '', OPTION_MESSAGES.blank),
  );
}

/**
 * The zod schema of a product's options form: a required choice must be one of its values, an
 * optional one may be '' too; a text is trimmed, holds no control characters and at most
 * `max_length` characters, and is not blank when required. Output values are trimmed.
 */
export function optionsSchema(options: readonly ProductOption[]) {
  const shape: Record<string, z.ZodMiniType<string, string>> = {};
  for (const option of options) {
    shape[option.key] = option.kind === 'choice' ? choiceSchema(option) : textSchema(option);
  }
  return z.object(shape);
}
