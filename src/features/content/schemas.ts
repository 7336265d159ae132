/**
 * The contact form (spec sections 3, 5 and 8): name, email, subject and message are
 * required, the phone number is optional, the e-mail must look like one. zod/mini, like every
 * schema of the SPA. The spec words no per-field messages; these follow the login and
 * registration forms. Lengths follow the contract's ContactMessage.
 */
import * as z from 'zod/mini';
import { CONTACT_FORM_MESSAGES } from './messages';
import type { components } from '../../../common/storefront-api';

export type ContactMessage = components['schemas']['ContactMessage'];

export { CONTACT_FORM_MESSAGES } from './messages';

/** The contract's limits (openapi ContactMessage). */
export const CONTACT_LIMITS = {
  name: 200,
  email: 254,
  phone_number: 40,
  subject: 200,
  message: 5000,
} as const;

const tooLong = (max: number) => `Please keep this under ${max + 1} characters.`;

function required(message: string, max: number) {
  return z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));
}

export const contactSchema = z.object({
  name: required(CONTACT_FORM_MESSAGES.name, CONTACT_LIMITS.name),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, CONTACT_FORM_MESSAGES.email),
      z.maxLength(CONTACT_LIMITS.email, tooLong(CONTACT_LIMITS.email)),
      z.email(CONTACT_FORM_MESSAGES.emailFormat),
    ),
  phone_number: z
    .string()
    .check(
      z.trim(),
      z.maxLength(CONTACT_LIMITS.phone_number, tooLong(CONTACT_LIMITS.phone_number)),
    ),
  subject: required(CONTACT_FORM_MESSAGES.subject, CONTACT_LIMITS.subject),
  message: required(CONTACT_FORM_MESSAGES.message, CONTACT_LIMITS.message),
});
export type ContactValues = z.infer<typeof contactSchema>;

export const EMPTY_CONTACT_VALUES: ContactValues = {
  name: '',
  email: '',
  phone_number: '',
  subject: '',
  message: '',
};

/** The request body from the (trimmed) form values; a blank phone number is left out. */
export function contactMessageOf(values: ContactValues): ContactMessage {
  const body: ContactMessage = {
    name: values.name,
    email: values.email,
    subject: values.subject,
    message: values.message,
  };
  if (values.phone_number) body.phone_number = values.phone_number;
  return body;
}
